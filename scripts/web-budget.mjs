// The weight of a first visit on a phone (decisions 063, 082): for each page a visitor meets first,
// in each language, the gzipped JavaScript and CSS the browser needs before the page comes alive, as the build's
// pre-rendering recorded them (`dist/.vite/pages.json`, prerender.mjs). Prints the figures against
// the goal and exits non-zero above the ceiling CI holds. It also checks that the build runs
// React's own react-dom, the library the source is typed against and the tests render with: the
// chunk that holds it carries its version, and no file of the build holds Preact. And it checks that
// every chunk a visit runs at start tells V8 to compile it whole as it downloads (vite-plugins.ts).
//
//   npm run budget [-- dist directory, default apps/web/dist]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from '../apps/web/vite-plugins.ts';
import { entryFiles, readManifest, readPages } from './web-pages.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? join(ROOT, 'apps/web/dist'));

/** kB as Vite prints them (1,000 bytes), gzip at the level the build precompresses with. */
const GOAL = { js: 230_000, css: 25_000 };
/** What CI holds: the goal itself (decision 082). Raise it only with a decision. */
const CEILING = { js: GOAL.js, css: GOAL.css };

/** The react-dom the app is built with (apps/web's dependency). */
const REACT_DOM_VERSION = JSON.parse(
  readFileSync(createRequire(join(ROOT, 'apps/web/package.json')).resolve('react-dom/package.json'), 'utf8'),
).version;

if (!existsSync(join(dist, '.vite/pages.json'))) {
  console.error(
    `no pages at ${join(dist, '.vite/pages.json')}: run \`npm run build\` first (scripts/prerender.mjs writes it)`,
  );
  process.exit(2);
}

/** React's react-dom in the build, and no Preact: the messages of what is wrong, if anything. */
function reactProblems() {
  const scripts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const texts = scripts.map((file) => [file, readFileSync(join(dist, 'assets', file), 'utf8')]);
  const problems = [];
  // react-dom's client tells React's developer tools its version and its name.
  const quoted = (text) => `[\`"']${text.replaceAll('.', '\\.')}[\`"']`;
  const signature = new RegExp(
    `version:${quoted(REACT_DOM_VERSION)},rendererPackageName:${quoted('react-dom')}`,
  );
  const withReactDom = texts.filter(([, text]) => signature.test(text));
  if (withReactDom.length === 0)
    problems.push(
      `no chunk carries react-dom ${REACT_DOM_VERSION}: the build does not run React's react-dom`,
    );
  for (const [file, text] of texts)
    if (/preact/i.test(text)) problems.push(`assets/${file} holds Preact: the build must run React itself`);
  return problems;
}

/** The entry's chunks (those every visit runs at start) that do not start with V8's compile hint. */
function unhintedStartUpChunks() {
  return [...entryFiles(readManifest(dist))].filter(
    (file) => file.endsWith('.js') && !readFileSync(join(dist, file), 'utf8').startsWith(`${COMPILE_HINT}\n`),
  );
}

const gzipped = new Map();
function gzipBytes(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
let isOver = false;
const rows = readPages(dist).map(({ page, locale, files }) => {
  const sum = (extension) =>
    files.filter((file) => file.endsWith(extension)).reduce((total, file) => total + gzipBytes(file), 0);
  const js = sum('.js');
  const css = sum('.css');
  const isPageOver = js > CEILING.js || css > CEILING.css;
  isOver ||= isPageOver;
  const goal = (bytes, limit) => (bytes <= limit ? 'met' : `${kB(bytes - limit)} kB over`);
  return {
    page,
    language: locale,
    'JS kB gzip': kB(js),
    'JS goal': goal(js, GOAL.js),
    'CSS kB gzip': kB(css),
    'CSS goal': goal(css, GOAL.css),
    files: files.length,
    ceiling: isPageOver ? 'OVER' : 'ok',
  };
});

console.log(
  `First visit, gzipped, per page and language: goal JS ${kB(GOAL.js)} kB and CSS ${kB(GOAL.css)} kB; ` +
    `CI fails above JS ${kB(CEILING.js)} kB or CSS ${kB(CEILING.css)} kB (decision 082)`,
);
console.table(rows);
const problems = reactProblems();
for (const problem of problems) console.error(problem);
if (problems.length === 0) console.log(`The build runs React's react-dom ${REACT_DOM_VERSION}.`);
const unhinted = unhintedStartUpChunks();
for (const file of unhinted)
  console.error(
    `${file} runs at the start of every visit but does not begin with V8's compile hint (${COMPILE_HINT})`,
  );
if (unhinted.length === 0)
  console.log(`Every chunk a visit starts with carries V8's compile hint (${COMPILE_HINT}).`);
if (isOver) console.error('A first visit is over the ceiling of decision 082.');
if (isOver || problems.length > 0 || unhinted.length > 0) process.exit(1);
