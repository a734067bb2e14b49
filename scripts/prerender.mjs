// The public pages a visitor meets first, rendered at build time in each language (decision 075):
// after `vite build` (the SPA) and `vite build --ssr src/prerender.tsx` (the module that renders
// them, in dist-prerender/), writes `dist/pages/<locale>/<page>.html`: the SPA's index.html with
// the page's HTML in #root, its stylesheets inline and its modules named for main.tsx to fetch at once
// after the first paint, so the browser paints the page from the HTML alone (decision 078). The
// API serves it for the page (spa.ts); main.tsx hydrates it. Each file gets a Brotli and a gzip
// copy, as precompress() gives the rest of the build.
//
//   node scripts/prerender.mjs [web directory, default apps/web]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { entryFiles, firstVisitFiles, PAGES, readManifest } from './web-pages.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const web = resolve(process.argv[2] ?? join(ROOT, 'apps/web'));
const dist = join(web, 'dist');
/** The languages of the domain's LOCALES: a page is rendered in each. */
const LOCALES = ['en-US', 'it-IT'];

const { renderPage } = await import(pathToFileURL(join(web, 'dist-prerender/prerender.js')).href);
const manifest = readManifest(dist);
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const inShell = entryFiles(manifest);

/**
 * A stylesheet of the page, inline: the first paint needs the HTML alone, not five to ten small
 * requests that the page's modules share a slow line with. The file's `<link>` stays, `disabled`
 * (never fetched): Vite's loader sees it there and does not fetch the file again when the module
 * that imports it comes.
 */
const inlineCss = (file) =>
  `<style data-href="/${file}">${readFileSync(join(dist, file), 'utf8')}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;

/**
 * The shell with `body` in #root, marked with its language; the page's stylesheets (the shell's
 * among them) inline, and the page's own modules named in `data-modules`: main.tsx asks for all of
 * them at once, at low priority, once the page has painted (decision 078), so no script competes
 * with the HTML or delays its first paint.
 */
function pageHtml(body, locale, files) {
  const css = [...files].filter((file) => file.endsWith('.css'));
  const modules = [...files].filter((file) => file.endsWith('.js') && !inShell.has(file));
  let html = shell.replace(/<html lang="[^"]*">/, `<html lang="${locale}">`);
  for (const file of css) html = html.replace(`<link rel="stylesheet" crossorigin href="/${file}">`, '');
  html = html
    .replace('</head>', `  ${css.map(inlineCss).join('\n    ')}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${locale}" data-modules="${modules.map((file) => `/${file}`).join(' ')}">${body}</div>`,
    )
    // The page shows from the HTML: the entry only brings it to life, behind what paints it.
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    )
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin');
  if (!html.includes(`data-prerendered="${locale}"`))
    throw new Error('index.html has no empty <div id="root">');
  return html;
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

for (const locale of LOCALES) {
  for (const page of PAGES) {
    const body = await renderPage(page.url, locale);
    write(
      join(dist, 'pages', locale, page.file),
      pageHtml(body, locale, firstVisitFiles(manifest, page, locale)),
    );
  }
}
console.error(`pre-rendered ${PAGES.length} pages in ${LOCALES.join(' and ')} into ${join(dist, 'pages')}`);
