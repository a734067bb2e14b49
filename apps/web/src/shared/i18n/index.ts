import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@lisbon/domain';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../storage';
import type { areaEn } from './locales/area.en-US';
import type { AreaCatalogue, enUS, PublicCatalogue } from './locales/en-US';

/**
 * Each language's catalogue is a chunk of its own, fetched when the language is first used: a
 * visitor downloads only the language they read. The logged-in area's texts are another chunk per
 * language, fetched by the first page behind a login (`loadAreaTexts`), since no public page needs
 * them (decision 063). All stay complete and typed against the English ones (catalogues.test.ts).
 */
const CATALOGUES: Record<Locale, () => Promise<PublicCatalogue>> = {
  'en-US': () => import('./locales/en-US').then((module) => module.enUS),
  'it-IT': () => import('./locales/it-IT').then((module) => module.itIT),
};
const AREA_TEXTS: Record<Locale, () => Promise<AreaCatalogue>> = {
  'en-US': () => import('./locales/area.en-US').then((module) => module.areaEn),
  'it-IT': () => import('./locales/area.it-IT').then((module) => module.areaIt),
};

/** Once a page behind a login has asked for them, every language fetched carries the area's texts. */
let isAreaWanted = false;
const hasAreaTexts = new Set<Locale>();

async function textsOf(locale: Locale): Promise<object> {
  const withArea = isAreaWanted;
  const [catalogue, area] = await Promise.all([
    CATALOGUES[locale](),
    withArea ? AREA_TEXTS[locale]() : Promise.resolve({}),
  ]);
  if (withArea) hasAreaTexts.add(locale);
  return { ...catalogue, ...area };
}

/** i18next asks for a language's texts before it switches to it, at start and on each change. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => undefined,
  // i18next's types still declare the callback form's void; with callbackApi: false it awaits this promise.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  read: (language) =>
    isLocale(language) ? textsOf(language) : Promise.reject(new Error(`no catalogue for ${language}`)),
};

// i18next reads its key types from this interface; module augmentation only works on interfaces.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS & typeof areaEn };
  }
}

export const i18n = i18next.createInstance();
const startLocale: Locale = storage.get('language') ?? DEFAULT_LOCALE;

/** Resolves once the catalogue of the starting language has come: the app renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: startLocale,
    // No fallback language: both catalogues have every key, and a fallback would be fetched too.
    fallbackLng: false,
    supportedLngs: LOCALES,
    load: 'currentOnly',
    // React escapes every text it renders.
    interpolation: { escapeValue: false },
    // Pages on screen take the area's texts as soon as they come.
    react: { bindI18nStore: 'added' },
    returnEmptyString: false,
  });

/**
 * The cookie that tells the server which language to send a pre-rendered page in (apps/api's
 * spa.ts, decision 075): the language, nothing else, and not read by the API's own routes.
 */
export const LANGUAGE_COOKIE = 'lisbon-language';
const YEAR_IN_SECONDS = 31_536_000;

function syncDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_IN_SECONDS}; samesite=lax${secure}`;
}
// Also fired once the starting catalogue has come.
i18n.on('languageChanged', syncDocumentLanguage);

/** The interface language; until its catalogue has come (the API's first calls), the one coming. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : startLocale;
}

/**
 * Fetches the logged-in area's texts in the language in use (and, from now on, with any other
 * language chosen). The guard of every page behind a login waits for it.
 */
export async function loadAreaTexts(): Promise<void> {
  isAreaWanted = true;
  await i18nReady;
  const locale = currentLocale();
  if (hasAreaTexts.has(locale)) return;
  i18n.addResourceBundle(locale, 'translation', await AREA_TEXTS[locale](), true, true);
  hasAreaTexts.add(locale);
}

/** Switches the interface language (its catalogue fetched first) and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  storage.set('language', locale);
  await i18n.changeLanguage(locale);
}
