// The weight of a first visit on a phone (issue 16, decision 063): for each page a visitor meets
// first, the gzipped JavaScript and CSS the browser needs before the page shows, read from Vite's
// manifest (`build.manifest`). Prints the figures against the goal and exits non-zero
// above the ceiling CI holds.
//
//   npm run budget [-- dist directory, default apps/web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstVisitFiles, PAGES, readManifest } from './web-pages.mjs';

/** The language a first visit shows (the domain's DEFAULT_LOCALE): its catalogue is counted. */
const DEFAULT_LOCALE = 'en-US';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? join(ROOT, 'apps/web/dist'));

/** kB as Vite prints them (1,000 bytes), gzip at the level the build precompresses with. */
const GOAL = { js: 170_000, css: 25_000 };
/**
 * What CI holds: the goal itself, since every page meets it (decision 079; decisions 075 and 078
 * held 215 kB while it did not). Raise it only with a decision.
 */
const CEILING = { js: GOAL.js, css: GOAL.css };

const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `no manifest at ${manifestPath}: run \`npm run build\` first (vite.config.ts sets build.manifest)`,
  );
  process.exit(2);
}
const manifest = readManifest(dist);

const gzipped = new Map();
function gzipBytes(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
let isOver = false;
const rows = PAGES.map(({ page, modules, texts }) => {
  let files;
  try {
    files = firstVisitFiles(manifest, { modules, texts }, DEFAULT_LOCALE);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const sum = (extension) =>
    [...files].filter((file) => file.endsWith(extension)).reduce((total, file) => total + gzipBytes(file), 0);
  const js = sum('.js');
  const css = sum('.css');
  const isPageOver = js > CEILING.js || css > CEILING.css;
  isOver ||= isPageOver;
  const goal = (bytes, limit) => (bytes <= limit ? 'met' : `${kB(bytes - limit)} kB over`);
  return {
    page,
    'JS kB gzip': kB(js),
    'JS goal': goal(js, GOAL.js),
    'CSS kB gzip': kB(css),
    'CSS goal': goal(css, GOAL.css),
    files: files.size,
    ceiling: isPageOver ? 'OVER' : 'ok',
  };
});

console.log(
  `First visit, gzipped, per page: goal JS ${kB(GOAL.js)} kB and CSS ${kB(GOAL.css)} kB (issue 16); ` +
    `CI fails above JS ${kB(CEILING.js)} kB or CSS ${kB(CEILING.css)} kB (decision 079)`,
);
console.table(rows);
if (isOver) {
  console.error('A first visit is over the ceiling of decision 079.');
  process.exit(1);
}
