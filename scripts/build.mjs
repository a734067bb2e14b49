// The production build: the SPA (Vite) and the API bundled with esbuild into plain JavaScript
// that `node` runs with no TypeScript loader (decision 038).
//
//   node scripts/build.mjs               build both
//   node scripts/build.mjs --if-stale    build only what a source change made stale (npm start)
//   node scripts/build.mjs api|web       one of them
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBundleOptions } from './api-bundle.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const isIfStale = args.includes('--if-stale');
const targets = args.filter((arg) => !arg.startsWith('--'));
const wanted = targets.length > 0 ? targets : ['web', 'api'];

/** What each build reads, and the stamp it leaves when it succeeds. */
const BUILDS = {
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite-plugins.ts',
      'packages/domain/src',
      'scripts/web-pages.mjs',
      'scripts/prerender.mjs',
    ],
    stamp: 'apps/web/dist/.build-stamp',
    // The SPA, then its public pages rendered into it (decision 075): the module that renders them,
    // built for Node into dist-prerender/, and the script that writes dist/pages/.
    run: () => {
      const web = join(ROOT, 'apps/web');
      run('npx', ['vite', 'build'], web);
      run('npx', ['vite', 'build', '--ssr', 'src/boot/prerender.tsx', '--logLevel', 'warn'], web);
      run(process.execPath, [join(ROOT, 'scripts/prerender.mjs')], ROOT);
    },
  },
  api: {
    inputs: [
      'apps/api/src',
      'apps/api/package.json',
      'packages/domain/src',
      'scripts/build.mjs',
      'scripts/api-bundle.mjs',
    ],
    stamp: 'apps/api/dist/.build-stamp',
    run: buildApi,
  },
};
const SHARED_INPUTS = ['package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale({ inputs, stamp }) {
  const stampPath = join(ROOT, stamp);
  if (!existsSync(stampPath)) return true;
  const built = statSync(stampPath).mtimeMs;
  return [...inputs, ...SHARED_INPUTS].some((input) => newestMtime(join(ROOT, input)) > built);
}

function run(command, commandArgs, cwd) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function buildApi() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    console.error(
      'esbuild is not installed (a production install without devDependencies): run `npm run build` where devDependencies are installed, then copy the tree',
    );
    process.exit(1);
  }
  const apiDir = join(ROOT, 'apps/api');
  // A fresh folder: the chunks' names change with their content, and a release copies them all.
  rmSync(join(apiDir, 'dist'), { recursive: true, force: true });
  await esbuild.build(apiBundleOptions({ apiDir, outdir: join(apiDir, 'dist') }));
}

for (const name of wanted) {
  const build = BUILDS[name];
  if (!build) {
    console.error(`unknown build target: ${name} (web or api)`);
    process.exit(2);
  }
  if (isIfStale && !isStale(build)) {
    console.error(`${name}: up to date (${relative(ROOT, join(ROOT, build.stamp))})`);
    continue;
  }
  // A copied build installed without devDependencies (no esbuild, no Vite) runs the build it has:
  // its files' times say nothing about its sources (decision 087).
  const tool = name === 'api' ? 'esbuild' : 'vite';
  if (isIfStale && !existsSync(join(ROOT, 'node_modules', tool)) && existsSync(join(ROOT, build.stamp)))
    continue;
  await build.run();
  writeFileSync(join(ROOT, build.stamp), `${new Date().toISOString()}\n`);
  console.error(`${name}: built`);
}
