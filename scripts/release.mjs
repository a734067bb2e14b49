// `npm run release`: the versioned tarball an operations team installs (decision 087).
//
//   release/lisbon-<version>-linux-x64.tar.gz, unpacking to lisbon-<version>/ with (a build other
//   than the tagged release's clean checkout: lisbon-<version>+<commit>[-dirty])
//     bin/lisbon, bin/lisbon-backup   the server and every CLI command; the nightly dump
//     runtime/bin/node                 Node 24, the exact version of the root's `node` package
//     apps/api/dist, apps/web/dist     the build (scripts/build.mjs), no source maps of the SPA
//     node_modules                     of the API's production dependencies, the files its bundles load (traced)
//     systemd/                         lisbon@.service, lisbon-migrate.service, lisbon-backup.{service,timer}
//     lisbon.env.example, docs/, CHANGELOG.md, README.md, LICENSE, VERSION, COMMIT, package.json
//
// It builds what is stale first; runs on the machine kind it is for (linux-x64, glibc).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packRelease } from './release-archive.mjs';
import { keepTracedModules, LICENCE } from './release-archive-contents.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const { version } = rootPackage;
const git = (args) => {
  try {
    return execFileSync('git', args, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
};
const commit = git(['rev-parse', 'HEAD']);
// Changes not committed (tracked files changed, new files git does not ignore) are in the tarball
// but in no commit: COMMIT says so, and so does the warning below. Only the paths the tarball is
// made of count: a note left in e2e/ is in no tarball.
const PACKED_SOURCES = [
  'apps',
  'packages',
  'packaging',
  'scripts',
  'docs',
  'package.json',
  'package-lock.json',
  'e2e/package.json',
  'bench/package.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
];
const changes = (git(['status', '--porcelain', '--', ...PACKED_SOURCES]) ?? '').split('\n').filter(Boolean);
const isTagged = (git(['tag', '--points-at', 'HEAD']) ?? '').split('\n').includes(`v${version}`);

// A build that is not the tagged release says so in its name, so it never unpacks over the
// installed release of the same version (docs/deploy.md, "Upgrade, and roll back").
const isRelease = isTagged && changes.length === 0;
const build = `${commit?.slice(0, 7) ?? 'unknown'}${changes.length > 0 ? '-dirty' : ''}`;
const NAME = isRelease ? `lisbon-${version}` : `lisbon-${version}+${build}`;
const OUT = join(ROOT, 'release');
const STAGE = join(OUT, NAME);
const TARBALL = join(OUT, `${NAME}-${process.platform}-${process.arch}.tar.gz`);
const WORKSPACES = ['packages/domain', 'apps/api', 'apps/web', 'e2e', 'bench'];

const run = (command, args, options = {}) =>
  execFileSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });

run(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale']);
rmSync(STAGE, { recursive: true, force: true });
rmSync(TARBALL, { force: true });
rmSync(`${TARBALL}.sha256`, { force: true });
mkdirSync(STAGE, { recursive: true });
if (commit) writeFileSync(join(STAGE, 'COMMIT'), `${commit}${changes.length > 0 ? '-dirty' : ''}\n`);

// The production dependencies of the API alone, exactly as the lockfile has them: npm installs the
// one workspace from the root's manifest and lockfile, so neither the SPA's libraries, nor the
// bench, nor the browser tests come along. No install scripts: every native part ships prebuilt.
copyFileSync(join(ROOT, 'package.json'), join(STAGE, 'package.json'));
copyFileSync(join(ROOT, 'package-lock.json'), join(STAGE, 'package-lock.json'));
for (const workspace of WORKSPACES) {
  mkdirSync(join(STAGE, workspace), { recursive: true });
  copyFileSync(join(ROOT, workspace, 'package.json'), join(STAGE, workspace, 'package.json'));
}
run(
  'npm',
  [
    'ci',
    '--omit=dev',
    '--workspace',
    '@lisbon/api',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
  ],
  { cwd: STAGE },
);
// The workspaces' links (the API and the domain are bundled into dist) and the manifests that made
// them; the API's manifest stays (its `"type": "module"`, and the marker of the install's root).
rmSync(join(STAGE, 'node_modules/@lisbon'), { recursive: true, force: true });
for (const path of ['package-lock.json', 'packages', 'apps/web', 'e2e', 'bench'])
  rmSync(join(STAGE, path), { recursive: true, force: true });
const { name, description, license, engines } = rootPackage;
writeFileSync(
  join(STAGE, 'package.json'),
  `${JSON.stringify({ name, version, description, license, private: true, type: 'module', engines }, null, 2)}\n`,
);

// The build: the API's bundles with their maps (stack traces), the SPA without the maps it keeps apart.
const copyTree = (from, to) => cpSync(join(ROOT, from), join(STAGE, to ?? from), { recursive: true });
mkdirSync(join(STAGE, 'apps/api/dist'), { recursive: true });
for (const file of readdirSync(join(ROOT, 'apps/api/dist'))) {
  if (/\.js(\.map)?$/.test(file)) copyTree(`apps/api/dist/${file}`);
}
copyTree('apps/web/dist');
rmSync(join(STAGE, 'apps/web/dist/.build-stamp'), { force: true });

/**
 * Of the installed dependencies, the files the API's bundles may load (decision 092, amended):
 * @vercel/nft traces them from every entry and chunk of apps/api/dist, and the rest goes
 * (scripts/release-archive-contents.mjs): the packages no bundle reaches (TypeScript, an optional
 * peer of viem's types that npm keeps as the root's devDependency is in the lockfile; @types/node,
 * a dependency of stripe's; the packages of other packages' build and test tools) and, of the
 * packages that ship, their tests, sources, documents, browser bundles and the module copies Node
 * does not load from this build (the CommonJS copy of a package the bundles import, the ES copy of
 * one they require). Each package that ships keeps its licence and notice files. Two kinds of file
 * are found at run time by a computed name, which the trace cannot follow: better-sqlite3's
 * binary (lib/binding.js names it by the system: this one's, the release's Node being glibc's,
 * and not the other systems' builds beside it) and the fonts platform/pdf/fonts.ts resolves.
 */
const modules = join(STAGE, 'node_modules');
rmSync(join(modules, '.bin'), { recursive: true, force: true });
// Of DejaVu's 22 fonts (10 MB), the three the PDFs embed: the list is the one platform/pdf/fonts.ts reads.
const fontsSource = readFileSync(join(ROOT, 'apps/api/src/platform/pdf/fonts.ts'), 'utf8');
const usedFonts = new Set([...fontsSource.matchAll(/'(DejaVu[\w-]+\.ttf)'/g)].map((match) => match[1]));
if (usedFonts.size === 0) throw new Error('no DejaVu font named in apps/api/src/platform/pdf/fonts.ts');
const sqliteBinary = `${process.platform}-${process.arch}.node`;
const bundles = readdirSync(join(STAGE, 'apps/api/dist'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => join(STAGE, 'apps/api/dist', file));
const { kept } = await keepTracedModules({
  root: STAGE,
  entries: bundles,
  keep: [
    `node_modules/better-sqlite3/prebuilds/${sqliteBinary}`,
    ...[...usedFonts].map((font) => `node_modules/dejavu-fonts-ttf/ttf/${font}`),
  ],
});
for (const font of usedFonts)
  if (!kept.includes(`node_modules/dejavu-fonts-ttf/ttf/${font}`))
    throw new Error(`${font}, which platform/pdf/fonts.ts reads, is not in dejavu-fonts-ttf/ttf`);
// What a traced folder may still hold that the runtime never reads: type declarations, TypeScript
// sources, source maps (swagger-ui's, served only to a browser's developer tools) and Markdown.
const UNREAD = /\.(d\.ts|d\.mts|d\.cts|ts|mts|cts|tsx|map|md|markdown)$/i;
(function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) prune(path);
    else if (entry.isFile() && UNREAD.test(entry.name) && !LICENCE.test(entry.name)) rmSync(path);
  }
  if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
})(modules);
// The trace follows a computed name through every value it may take: of the binaries and fonts it
// may have kept so, this system's and the three the PDFs embed.
for (const file of readdirSync(join(modules, 'better-sqlite3/prebuilds')))
  if (file !== sqliteBinary) rmSync(join(modules, 'better-sqlite3/prebuilds', file));
const fontDir = join(modules, 'dejavu-fonts-ttf/ttf');
for (const file of readdirSync(fontDir)) if (!usedFonts.has(file)) rmSync(join(fontDir, file));

// Node 24 from the registry's `node` package (decision 001): the exact version the lockfile pins.
const nodeVersion = rootPackage.devDependencies.node;
const nodeBinary = join(ROOT, 'node_modules/node/bin/node');
const actual = execFileSync(nodeBinary, ['--version'], { encoding: 'utf8' }).trim();
if (actual !== `v${nodeVersion}`)
  throw new Error(`node_modules/node is ${actual}, not v${nodeVersion}: npm ci first`);
mkdirSync(join(STAGE, 'runtime/bin'), { recursive: true });
copyFileSync(nodeBinary, join(STAGE, 'runtime/bin/node'));
chmodSync(join(STAGE, 'runtime/bin/node'), 0o755);
// Its symbol table (12 MB) serves only native debuggers; JavaScript stack traces keep their names.
try {
  execFileSync('strip', [join(STAGE, 'runtime/bin/node')]);
} catch {
  console.warn('strip (binutils) is not installed: Node keeps its symbol table (+12 MB)');
}

// The test of the pruning: every package the bundles import (their entries and the chunks they
// share, statically or not) is imported from the release's node_modules by the release's Node, and
// SQLite opens (its native binary); a file the removals above took from a module's static graph
// fails the release here.
const bundleText = readdirSync(join(STAGE, 'apps/api/dist'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(join(STAGE, 'apps/api/dist', file), 'utf8'))
  .join('\n');
const builtins = new Set(builtinModules);
const imported = new Set(
  [...bundleText.matchAll(/(?:\bfrom|\bimport\(?)\s*"((?:@[\w.-]+\/)?\w[\w.-]*(?:\/[\w./-]+)?)"/g)]
    .map((match) => match[1])
    .filter((specifier) => !specifier.startsWith('node:') && !builtins.has(specifier)),
);
if (imported.size < 20) throw new Error(`only ${imported.size} packages found in the bundles' imports`);
const checkFile = join(STAGE, 'apps/api/dist/release-import-check.mjs');
writeFileSync(
  checkFile,
  `for (const specifier of ${JSON.stringify([...imported].sort())}) {
  await import(specifier, specifier.endsWith('.json') ? { with: { type: 'json' } } : undefined).catch((error) => {
    console.error(\`\${specifier} does not load from the release: \${error.message}\`);
    process.exit(1);
  });
}
const { default: Database } = await import('better-sqlite3');
new Database(':memory:').close();
`,
);
run(join(STAGE, 'runtime/bin/node'), [checkFile], { cwd: STAGE, env: { PATH: '/usr/bin:/bin' } });
rmSync(checkFile);
console.log(`${imported.size} packages the build imports load from the release`);

copyTree('packaging/bin', 'bin');
copyTree('packaging/systemd', 'systemd');
copyTree('packaging/lisbon.env.example', 'lisbon.env.example');
copyTree('docs');
// The EUPL asks that a copy of the licence go with each distribution of the work.
if (!existsSync(join(ROOT, 'LICENSE')))
  throw new Error('LICENSE is missing: the release carries the licence');
for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE']) if (existsSync(join(ROOT, file))) copyTree(file);
writeFileSync(join(STAGE, 'VERSION'), `${version}\n`);
// The commit it was built from, and whether that is the release's tag: a build of main between
// releases carries the last release's number and the CHANGELOG's unreleased changes.
/** Bytes as `du -sb` counts them (directories included), the smoke test's measure. */
function sizeOf(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), stat.size);
}
packRelease({ tarball: TARBALL, parent: OUT, name: NAME });
// The checksum operators compare before unpacking (docs/deploy.md, "Install").
const sha256 = createHash('sha256').update(readFileSync(TARBALL)).digest('hex');
writeFileSync(`${TARBALL}.sha256`, `${sha256}  ${NAME}-${process.platform}-${process.arch}.tar.gz\n`);
// In MB of 10^6 bytes, the unit of the smoke test's 200 MB limit (.ci/release-smoke.sh).
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(
  `${TARBALL}: ${mb(statSync(TARBALL).size)} (unpacked ${mb(sizeOf(STAGE))}; node_modules ${mb(sizeOf(join(STAGE, 'node_modules')))}, Node ${mb(statSync(join(STAGE, 'runtime/bin/node')).size)})`,
);
if (!isTagged)
  console.warn(
    `Not the tagged release v${version}: this tarball says ${version} but is built from ${commit ?? 'an unknown commit'}, which may hold the CHANGELOG's unreleased changes. Install only tarballs built from a release's tag; in a clone without tags, make it on the commit CHANGELOG.md names beside the version (git tag v${version} <that commit> && git checkout v${version}) and build again (docs/deploy.md, section 3).`,
  );
if (changes.length > 0)
  console.warn(
    `Built with ${changes.length} uncommitted change(s) (git status): COMMIT says ${commit}-dirty, and no commit holds what this tarball holds. Install only tarballs built from a clean checkout.`,
  );
