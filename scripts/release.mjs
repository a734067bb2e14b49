// `npm run release`: the versioned tarball an operations team installs (decision 087).
//
//   release/lisbon-<version>-linux-x64.tar.gz, unpacking to lisbon-<version>/ with (a build other
//   than the tagged release's clean checkout: lisbon-<version>+<commit>[-dirty])
//     bin/lisbon, bin/lisbon-backup   the server and every CLI command; the nightly dump
//     runtime/bin/node                 Node 24, the exact version of the root's `node` package
//     apps/api/dist, apps/web/dist     the build (scripts/build.mjs), no source maps of the SPA
//     node_modules                     the API's production dependencies only, from the lockfile
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

/**
 * What the runtime never reads: type declarations, TypeScript sources, source maps and the
 * Markdown (READMEs, changelogs; the licences stay) of the packages, and TypeScript itself (an optional peer of viem's types, kept by npm as the root's
 * devDependency is in the lockfile). Roughly half of the installed bytes.
 */
const LICENCE = /^(licen[cs]e|copying|notice)/i;
const UNREAD = /\.(d\.ts|d\.mts|d\.cts|ts|mts|cts|tsx|map|md|markdown)$/i;
function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) prune(path);
    else if (entry.isFile() && UNREAD.test(entry.name) && !LICENCE.test(entry.name)) rmSync(path);
  }
  // The directories left empty (viem's _types/, the packages' src/): some 700, 4 kB each on disk.
  if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}
rmSync(join(STAGE, 'node_modules/typescript'), { recursive: true, force: true });
rmSync(join(STAGE, 'node_modules/.bin'), { recursive: true, force: true });
prune(join(STAGE, 'node_modules'));
// Parts of better-sqlite3 this runtime never loads: its C sources (node-gyp's, for a build from
// source) and its binaries for other systems. Its loader (lib/binding.js) takes the musl binary
// only in a musl process, and the release's Node is glibc's: only `<platform>-<arch>.node` stays.
const modules = join(STAGE, 'node_modules');
for (const path of ['better-sqlite3/deps', 'better-sqlite3/src'])
  rmSync(join(modules, path), { recursive: true, force: true });
for (const file of readdirSync(join(modules, 'better-sqlite3/prebuilds')))
  if (file !== `${process.platform}-${process.arch}.node`)
    rmSync(join(modules, 'better-sqlite3/prebuilds', file));

/**
 * Copies of packages in a form Node never loads from this build (decision 092): browser bundles,
 * the module format the package's manifest does not hand to Node, and the entry points the build
 * never imports. Each path must exist (a new version that moves it fails the release here, so the
 * list is re-read at each upgrade), and after the removal every package the build imports is
 * imported from the release with its own Node (below), so a file the runtime loads cannot go.
 */
const UNLOADED = [
  // pdf-lib has no "exports": Node takes "main" (cjs/); es/ is the bundlers' "module", dist/ UMD.
  'pdf-lib/dist',
  'pdf-lib/es',
  // The same for pdf-lib's own dependencies, which cjs/ requires by their "main" (lib/, cjs/).
  '@pdf-lib/standard-fonts/dist',
  '@pdf-lib/standard-fonts/es',
  '@pdf-lib/upng/dist',
  // viem and ox answer an `import` with _esm/ (their "exports"); _cjs/ is for `require`, which
  // nothing in the release uses for them.
  'viem/_cjs',
  'ox/_cjs',
  // date-fns: the build imports its functions' own modules (ES modules, its "exports".import,
  // packages/domain/src/dates.ts); the browser bundles, the functional-programming entry and the
  // locales other than en-US (the default that format() imports) are never loaded.
  'date-fns/cdn.js',
  'date-fns/cdn.min.js',
  'date-fns/fp',
  'date-fns/fp.js',
  'date-fns/fp.cjs',
  // libphonenumber-js: the browser bundle and the CommonJS copy (index.cjs's); the build imports
  // the root's index.js, which reads min/, core/ and es6/.
  'libphonenumber-js/bundle',
  'libphonenumber-js/build',
];
for (const path of UNLOADED) {
  if (!existsSync(join(modules, path)))
    throw new Error(`${path} is not in the install: re-read the UNLOADED list of scripts/release.mjs`);
  rmSync(join(modules, path), { recursive: true, force: true });
}
// Of date-fns's locales, en-US (format()'s default) and the helpers it builds on; and none of its
// CommonJS copies (*.cjs, for `require`): the build imports it as ES modules.
const locales = join(modules, 'date-fns/locale');
const keptLocales = new Set(['en-US', 'en-US.js', '_lib', 'types.js']);
for (const entry of readdirSync(locales))
  if (!keptLocales.has(entry)) rmSync(join(locales, entry), { recursive: true, force: true });
(function dropCommonJs(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) dropCommonJs(join(dir, entry.name));
    else if (entry.name.endsWith('.cjs')) rmSync(join(dir, entry.name));
  }
})(join(modules, 'date-fns'));

// Of DejaVu's 22 fonts (10 MB), the three the PDFs embed: the list is the one platform/pdf/fonts.ts reads.
const fontsSource = readFileSync(join(ROOT, 'apps/api/src/platform/pdf/fonts.ts'), 'utf8');
const usedFonts = new Set([...fontsSource.matchAll(/'(DejaVu[\w-]+\.ttf)'/g)].map((match) => match[1]));
if (usedFonts.size === 0) throw new Error('no DejaVu font named in apps/api/src/platform/pdf/fonts.ts');
const fontDir = join(modules, 'dejavu-fonts-ttf/ttf');
for (const file of readdirSync(fontDir)) if (!usedFonts.has(file)) rmSync(join(fontDir, file));
for (const file of ['status.txt', 'unicover.txt', 'langcover.txt', 'NEWS', 'fontconfig'])
  rmSync(join(modules, 'dejavu-fonts-ttf', file), { recursive: true, force: true });

// The build: the API's bundles with their maps (stack traces), the SPA without the maps it keeps apart.
const copyTree = (from, to) => cpSync(join(ROOT, from), join(STAGE, to ?? from), { recursive: true });
mkdirSync(join(STAGE, 'apps/api/dist'), { recursive: true });
for (const file of readdirSync(join(ROOT, 'apps/api/dist'))) {
  if (/\.js(\.map)?$/.test(file)) copyTree(`apps/api/dist/${file}`);
}
copyTree('apps/web/dist');
rmSync(join(STAGE, 'apps/web/dist/.build-stamp'), { force: true });

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
