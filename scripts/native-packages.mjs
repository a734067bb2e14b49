// Run by `npm ci` (postinstall). npm skips an optional native package whose `engines` the Node
// running npm does not meet, without an error: Hardhat's engine (@nomicfoundation/edr-*, Node
// >= 22), which the anchoring tests start, is skipped when npm itself runs on the machine's Node
// 20, although every script runs on the project's Node 24 (decision 001). This puts back each
// optional package of the lockfile that fits this machine (os, cpu, libc) and is missing: the
// exact version, from the registry through npm's cache, checked against the lockfile's integrity.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const libc = process.report?.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
const MODULES = 'node_modules/';

const fits = (entry) =>
  entry.optional === true &&
  (entry.os !== undefined || entry.cpu !== undefined) &&
  (entry.os ?? [process.platform]).includes(process.platform) &&
  (entry.cpu ?? [process.arch]).includes(process.arch) &&
  (!entry.libc || entry.libc.includes(libc));

// Only what an installed package asks for: `npm ci --omit=dev` leaves Hardhat out, and its engine too.
const installed = (path) => existsSync(join(root, path, 'package.json'));
const wanted = new Set(
  Object.entries(lock.packages)
    .filter(([path]) => path.includes(MODULES) && installed(path))
    .flatMap(([, entry]) => Object.keys(entry.optionalDependencies ?? {})),
);

for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.includes(MODULES) || !fits(entry) || installed(path)) continue;
  // A package nested in another one that is not here either (itself skipped) stays out.
  const owner = path.slice(0, path.lastIndexOf(MODULES));
  if (owner && !installed(owner)) continue;
  const name = path.slice(path.lastIndexOf(MODULES) + MODULES.length);
  if (!wanted.has(name)) continue;
  const work = mkdtempSync(join(tmpdir(), 'lisbon-native-'));
  try {
    const packed = execFileSync(
      'npm',
      ['pack', `${name}@${entry.version}`, '--json', '--pack-destination', work],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const tarball = join(work, JSON.parse(packed)[0].filename);
    const [algorithm, expected] = entry.integrity.split(/-(.*)/s);
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest('base64');
    if (actual !== expected)
      throw new Error(`${name}@${entry.version}: integrity differs from package-lock.json`);
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '--strip-components=1', '-C', target]);
    console.log(`native-packages: ${name}@${entry.version} put back (npm had skipped it)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
