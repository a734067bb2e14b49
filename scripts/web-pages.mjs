// The pages a visitor meets first (issue 16), and what the browser needs before each shows, read
// from Vite's manifest (`build.manifest`): shared by the budget (web-budget.mjs) and the build's
// pre-rendering of those pages (prerender.mjs), so both speak of the same files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A language's catalogue: every first visit loads the one of the language it shows. */
export const catalogueOf = (locale) => `src/shared/i18n/locales/${locale}.ts`;
/** A group of texts fetched apart (the SPA's i18n `loadTexts`, decision 079), in a language. */
export const textsOf = (group, locale) => `src/shared/i18n/locales/${group}.${locale}.ts`;

const APP_LAYOUT = 'src/app/layouts/AppLayout.tsx';
const FORM_LAYOUT = 'src/app/layouts/FormLayout.tsx';

/**
 * Each page with what it loads after the entry: its routes' lazy modules, layout and page
 * (app/routes.tsx), each with its static imports; `url` is what the build renders, `file` where it
 * writes it under `pages/<locale>/` (the API serves it for `page`). A module missing from the
 * manifest means the route table changed.
 */
export const PAGES = [
  // The service finder of the home page comes after it (routes.tsx, decision 063).
  {
    page: '/',
    url: '/',
    file: 'index.html',
    modules: [APP_LAYOUT, 'src/features/home/pages/HomePage.tsx'],
  },
  {
    page: '/auth/login',
    url: '/auth/login',
    file: 'auth/login.html',
    modules: [FORM_LAYOUT, 'src/features/auth/pages/LoginPage.tsx'],
    // The form pages' texts, which their layout's route fetches (routes.tsx, decision 079).
    texts: ['auth'],
  },
  // The statement's id is the page's to read once it runs: the HTML is the same for every id.
  {
    page: '/verify/{id}',
    url: '/verify/-',
    file: 'verify.html',
    modules: [APP_LAYOUT, 'src/features/verify/pages/VerifyPage.tsx'],
  },
];

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
}

/**
 * The files a chunk needs before it runs: its static imports (deeply) and their CSS, then itself.
 * Each module comes after the modules it imports, so that main.tsx can evaluate them one per task
 * in this order (decision 081).
 */
function collect(manifest, key, files, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`${key} is not in the manifest (its own chunk): update PAGES in scripts/web-pages.mjs`);
  if (files.has(chunk.file) || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files, seen);
  for (const css of chunk.css ?? []) files.add(css);
  files.add(chunk.file);
}

const entryKey = (manifest) => Object.keys(manifest).find((key) => manifest[key].isEntry);

/** The entry's files: what index.html names (its script, the modules it preloads, its CSS). */
export function entryFiles(manifest) {
  const files = new Set();
  collect(manifest, entryKey(manifest), files);
  return files;
}

/**
 * What the entry imports once the page has painted (main.tsx, decision 078), which every page
 * needs: the dynamic imports of the entry's chunks (the app's i18n and start).
 */
function startKeys(manifest) {
  const keys = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
    keys.push(...(manifest[key].dynamicImports ?? []));
  };
  visit(entryKey(manifest));
  return keys;
}

/**
 * Every file the first visit of `page` in `locale` needs before it comes alive: the entry's, the
 * app's start (main.tsx imports it), the language's catalogue, the page's modules and the groups of
 * texts its routes fetch (`texts`).
 */
export function firstVisitFiles(manifest, { modules, texts = [] }, locale) {
  const files = entryFiles(manifest);
  const keys = [
    ...startKeys(manifest),
    catalogueOf(locale),
    ...modules,
    ...texts.map((group) => textsOf(group, locale)),
  ];
  for (const key of keys) collect(manifest, key, files);
  return files;
}
