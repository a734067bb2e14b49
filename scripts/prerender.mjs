// The public pages a visitor meets first, rendered at build time in each language: after
// `vite build` (the SPA) and `vite build --ssr src/boot/prerender.tsx` (the module that renders them
// with react-dom/static, in dist-prerender/), writes `dist/pages/<locale>/<page>.html`: the SPA's
// index.html with the page's HTML in #root, its stylesheets inline and a `modulepreload` for each of
// its chunks, so the browser paints the page from the HTML alone and fetches its scripts at once.
// The API serves it for the page (spa.ts); boot/main.tsx hydrates it. Each file gets a Brotli and a
// gzip copy, as precompress() gives the rest of the build. `dist/.vite/pages.json` keeps each
// page's files for the budget (web-budget.mjs). Beside them, `dist/pages/<locale>/app.html` is the
// empty shell in the language, its catalogue preloaded, for every other page of the app.
//
// Each page is rendered in a process of its own, which notes every module it loads: the chunks of
// the router's lazy routes and of the texts the page used are read from there, not from a list.
//
//   node scripts/prerender.mjs [web directory, default apps/web]
import { execFileSync } from 'node:child_process';
import { registerHooks } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { entryFiles, firstVisitFiles, LOCALES, PAGES, readManifest } from './web-pages.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The empty shell in each language, under `pages/<locale>/`; the name spa.ts asks for. */
const APP_SHELL = 'app.html';
const SELF = fileURLToPath(import.meta.url);

/** In a process of its own: renders one page, prints its HTML and the modules it loaded. */
async function renderOne(web, page, url, locale) {
  const prerendered = join(web, 'dist-prerender');
  // The page is sent to visitors whose language it is: the app starts in it, as their browser's
  // storage says (shared/storage), so that only its catalogue loads.
  localStorage.setItem('lisbon.language', JSON.stringify(locale));
  const loaded = new Set();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      if (result.url.startsWith('file:')) loaded.add(relative(prerendered, fileURLToPath(result.url)));
      return result;
    },
  });
  const { renderPage } = await import(pathToFileURL(join(prerendered, 'prerender.js')).href);
  const { html, except, ...head } = await renderPage(url, locale, page);
  // The source modules of the chunks loaded, as the SSR build's manifest names them; a client
  // chunk has the same name where the app imports the module with `import()`.
  const ssrManifest = readManifest(prerendered);
  const keys = Object.keys(ssrManifest).filter(
    (key) => ssrManifest[key].isDynamicEntry && loaded.has(ssrManifest[key].file),
  );
  process.stdout.write(JSON.stringify({ html, head, keys, except }));
}

/**
 * A stylesheet of the page, inline: the first paint needs the HTML alone. The file's `<link>`
 * stays, `disabled` (never fetched): Vite's loader sees it there and does not fetch the file again
 * when the chunk that imports it comes.
 */
const inlineCss = (dist, file) =>
  `<style data-href="/${file}">${readFileSync(join(dist, file), 'utf8')}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;

/** `pattern`'s match in `html` replaced, which must be there: index.html changed otherwise. */
function replaceOnce(html, pattern, replacement) {
  if (!pattern.test(html)) throw new Error(`index.html has no ${pattern}`);
  return html.replace(pattern, replacement);
}

/** The shell marked with its language, its description and its text without JavaScript in it. */
function inLanguage(shell, locale, head) {
  let html = replaceOnce(shell, /<html lang="[^"]*"/, `<html lang="${locale}"`);
  html = replaceOnce(
    html,
    /(<meta\s+name="description"\s+content=")[^"]*"/,
    (_, start) => `${start}${head.description}"`,
  );
  return replaceOnce(html, /<noscript>[^<]*<\/noscript>/, `<noscript>${head.noscript}</noscript>`);
}

/**
 * The shell with `body` in #root, marked with its language, its CSS inline, its chunks preloaded,
 * and the head's texts (`head`, escaped: the title, the description, the text without JavaScript)
 * in the page's language.
 */
function pageHtml(dist, shell, inShell, { body, head }, locale, files) {
  // The CSP allows no inline script: React wrote one only for a boundary it had not finished.
  if (body.includes('<script')) throw new Error(`the HTML of a page holds a script: ${body.slice(0, 200)}`);
  const css = [...files].filter((file) => file.endsWith('.css'));
  const modules = [...files].filter((file) => file.endsWith('.js') && !inShell.has(file));
  let html = replaceOnce(
    inLanguage(shell, locale, head),
    /<title>[^<]*<\/title>/,
    `<title>${head.title}</title>`,
  );
  for (const file of css) html = html.replace(`<link rel="stylesheet" crossorigin href="/${file}">`, '');
  const inHead = [
    ...css.map((file) => inlineCss(dist, file)),
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  html = html
    .replace('</head>', `  ${inHead.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${locale}">${body}</div>`);
  if (!html.includes(`data-prerendered="${locale}"`))
    throw new Error('index.html has no empty <div id="root">');
  return html;
}

/**
 * The empty shell in a language, with its catalogue preloaded: the entry makes the router once the
 * texts have come (boot/main.tsx), so on a page the build did not render they are fetched beside the
 * entry's chunks instead of after them.
 */
function appShellHtml(shell, inShell, manifest, locale, head) {
  const texts = [...firstVisitFiles(manifest, [`src/shared/i18n/locales/${locale}.ts`])].filter(
    (file) => file.endsWith('.js') && !inShell.has(file),
  );
  const preloads = texts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return inLanguage(shell, locale, head).replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
}

function write(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  const bytes = Buffer.from(text);
  writeFileSync(path, bytes);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
}

async function renderAll(web) {
  const dist = join(web, 'dist');
  const manifest = readManifest(dist);
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  const inShell = entryFiles(manifest);
  const pages = [];
  const storageDir = mkdtempSync(join(tmpdir(), 'lisbon-prerender-'));
  for (const locale of LOCALES) {
    for (const { page, url, file } of PAGES) {
      const storage = `--localstorage-file=${join(storageDir, `${locale}-${file.replaceAll('/', '-')}`)}`;
      const flags = ['--experimental-webstorage', storage, '--no-warnings'];
      const output = execFileSync(process.execPath, [...flags, SELF, '--render', web, page, url, locale], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const { html, head, keys, except } = JSON.parse(output);
      const files = firstVisitFiles(
        manifest,
        keys.filter((key) => key in manifest),
      );
      write(
        join(dist, 'pages', locale, file),
        pageHtml(dist, shell, inShell, { body: html, head }, locale, files),
      );
      // `except`: the paths the page's pattern matches that the router gives another page.
      pages.push({ page, locale, file, except, files: [...files] });
      // The app's other pages in this language: the empty shell, its head in the language, for a
      // first visit to a deep link by a browser in it (spa.ts, decision 099). The app starts in
      // the language of `<html lang>`.
      if (file === 'index.html')
        write(join(dist, 'pages', locale, APP_SHELL), appShellHtml(shell, inShell, manifest, locale, head));
    }
  }
  rmSync(storageDir, { recursive: true, force: true });
  writeFileSync(join(dist, '.vite/pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
  console.error(`pre-rendered ${PAGES.length} pages in ${LOCALES.join(' and ')} into ${join(dist, 'pages')}`);
}

const args = process.argv.slice(2);
if (args[0] === '--render') await renderOne(resolve(args[1]), args[2], args[3], args[4]);
else await renderAll(resolve(args[0] ?? join(ROOT, 'apps/web')));
