// The pages a visitor meets first (spec §2: `/`, `/auth/login`, `/verify/{id}`) and the files each
// needs, shared by the build's pre-rendering (prerender.mjs) and the budget (web-budget.mjs). No
// list of modules is kept by hand: the pre-rendering records which of the app's chunks rendering a
// page loaded (the router's lazy routes, the language's texts) and writes them, with what they
// import from Vite's manifest, into `dist/.vite/pages.json`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The languages of the domain's LOCALES: each page is rendered in each. */
export const LOCALES = ['en-US', 'it-IT'];

/**
 * `url` is what the build renders, `file` where it writes it under `pages/<locale>/` (the API
 * serves it for `page`, spa.ts). The statement's id is the page's to read once it runs: the HTML
 * is the same for every id.
 */
export const PAGES = [
  { page: '/', url: '/', file: 'index.html' },
  { page: '/auth/login', url: '/auth/login', file: 'auth/login.html' },
  { page: '/verify/{id}', url: '/verify/-', file: 'verify.html' },
];

export const readManifest = (dist) => JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
/** What prerender.mjs wrote: each page and language with the files its first visit needs. */
export const readPages = (dist) => JSON.parse(readFileSync(join(dist, '.vite/pages.json'), 'utf8'));

/** A chunk's files: its static imports (deeply) and their CSS, then its own, each once. */
function collect(manifest, key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files);
  for (const css of chunk.css ?? []) files.add(css);
}

const entryKey = (manifest) => Object.keys(manifest).find((key) => manifest[key].isEntry);

/** The entry's files: what index.html names (its script, the modules Vite preloads, its CSS). */
export function entryFiles(manifest) {
  const files = new Set();
  collect(manifest, entryKey(manifest), files);
  return files;
}

/**
 * Every file a first visit needs before it comes alive: the entry's, and those of the chunks
 * (`keys`: source modules as the manifest names them) that rendering the page loaded.
 */
export function firstVisitFiles(manifest, keys) {
  const files = entryFiles(manifest);
  for (const key of keys) collect(manifest, key, files);
  return files;
}
