import {
  DEFAULT_LOCALE,
  isLocale,
  italianElision,
  LANGUAGE_COOKIE,
  languageInCookies,
  LOCALES,
  type Locale,
} from '@lisbon/domain';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { startTransition, useEffect, useState } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { storage } from '../storage';
import type { areaEn } from './locales/area.en-US';
import type { enUS, PublicCatalogue } from './locales/en-US';
import type { anchorEn } from './locales/anchor.en-US';
import type { authEn } from './locales/auth.en-US';
import type { discoveryEn } from './locales/discovery.en-US';
import type { ledgerEn } from './locales/ledger.en-US';
import type { termsEn } from './locales/terms.en-US';
import type { walletEn } from './locales/wallet.en-US';

/**
 * Each language's catalogue is a chunk of its own, fetched when the language is first used: a
 * visitor downloads only the language they read. Texts that few pages show are groups of their
 * own, a chunk per language each, fetched by the first page that needs them (`loadTexts`): the
 * logged-in area's by the first page behind a login (decision 063), the form pages' (logging in,
 * registering, a password) by their layout, the terms by the registration and terms pages, the
 * service finder's by the finder, a statement's record by the pages that show one (decision 079).
 * All stay complete and typed against the English ones (catalogues.test.ts).
 */
const CATALOGUES: Record<Locale, () => Promise<PublicCatalogue>> = {
  'en-US': () => import('./locales/en-US').then((module) => module.enUS),
  'it-IT': () => import('./locales/it-IT').then((module) => module.itIT),
};
const TEXT_GROUPS = {
  area: {
    'en-US': () => import('./locales/area.en-US').then((module) => module.areaEn),
    'it-IT': () => import('./locales/area.it-IT').then((module) => module.areaIt),
  },
  /** Logging in, registering, a password and its rule: the form pages' and the account's. */
  auth: {
    'en-US': () => import('./locales/auth.en-US').then((module) => module.authEn),
    'it-IT': () => import('./locales/auth.it-IT').then((module) => module.authIt),
  },
  terms: {
    'en-US': () => import('./locales/terms.en-US').then((module) => module.termsEn),
    'it-IT': () => import('./locales/terms.it-IT').then((module) => module.termsIt),
  },
  discovery: {
    'en-US': () => import('./locales/discovery.en-US').then((module) => module.discoveryEn),
    'it-IT': () => import('./locales/discovery.it-IT').then((module) => module.discoveryIt),
  },
  /** A statement's record: the ledger's entry and the anchor on the blockchain. */
  ledger: {
    'en-US': () =>
      Promise.all([import('./locales/ledger.en-US'), import('./locales/anchor.en-US')]).then(
        ([ledger, anchor]) => ({ ...ledger.ledgerEn, ...anchor.anchorEn }),
      ),
    'it-IT': () =>
      Promise.all([import('./locales/ledger.it-IT'), import('./locales/anchor.it-IT')]).then(
        ([ledger, anchor]) => ({ ...ledger.ledgerIt, ...anchor.anchorIt }),
      ),
  },
  /** The statement in a digital wallet: the applicant's offer, the verifier's check (decision 088). */
  wallet: {
    'en-US': () => import('./locales/wallet.en-US').then((module) => module.walletEn),
    'it-IT': () => import('./locales/wallet.it-IT').then((module) => module.walletIt),
  },
} satisfies Record<string, Record<Locale, () => Promise<object>>>;
export type TextGroup = keyof typeof TEXT_GROUPS;

/** Once a page has asked for a group, every language fetched carries it. */
const wantedGroups = new Set<TextGroup>();
/** The groups each language has: `area:en-US`. */
const loadedGroups = new Set<`${TextGroup}:${Locale}`>();

async function textsOf(locale: Locale): Promise<object> {
  const groups = [...wantedGroups];
  const [catalogue, ...more] = await Promise.all([
    CATALOGUES[locale](),
    ...groups.map((group) => TEXT_GROUPS[group][locale]()),
  ]);
  for (const group of groups) loadedGroups.add(`${group}:${locale}`);
  return Object.assign({}, catalogue, ...more) as object;
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
    resources: {
      translation: typeof enUS &
        typeof areaEn &
        typeof authEn &
        typeof termsEn &
        typeof discoveryEn &
        typeof ledgerEn &
        typeof anchorEn &
        typeof walletEn;
    };
  }
}

const YEAR_IN_SECONDS = 31_536_000;

/**
 * The language the visitor chose last: kept in storage, or only in the cookie (storage cleared, or
 * refused by the browser). The server sent the page in the cookie's language: starting in another
 * would render it anew, in a language the visitor did not choose.
 */
function chosenLocale(): Locale | undefined {
  const stored = storage.get('language');
  if (stored) return stored;
  return typeof document === 'undefined' ? undefined : languageInCookies(document.cookie);
}

export const i18n = i18next.createInstance();
// Before any choice, the language the server sent the page in: a pre-rendered page or the app's
// shell, each in the browser's language when the portal speaks it (`Accept-Language`, decision 099).
const servedIn = typeof document === 'undefined' ? undefined : document.documentElement.lang;
const chosenAtStart = chosenLocale();
const startLocale: Locale = chosenAtStart ?? (isLocale(servedIn) ? servedIn : DEFAULT_LOCALE);
/** Whether the page started in a language the visitor had chosen on this device (storage or cookie). */
export const isLanguageChosenAtStart = chosenAtStart !== undefined;
/** A language i18next reports, or the starting one while its catalogue is still coming. */
const orStartLocale = (language: string): Locale => (isLocale(language) ? language : startLocale);

/** Resolves once the catalogue of the starting language has come: the app renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  // "fino al {{date}}" reads "fino all’8 dicembre" (the domain's rule; only Italian dates change).
  .use({ type: 'postProcessor', name: 'italianElision', process: (value: string) => italianElision(value) })
  .init({
    postProcess: ['italianElision'],
    lng: startLocale,
    // No fallback language: both catalogues have every key, and a fallback would be fetched too.
    fallbackLng: false,
    supportedLngs: LOCALES,
    load: 'currentOnly',
    // React escapes every text it renders.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });

/**
 * Whether the starting language's catalogue came: false when it could not be fetched (offline for
 * a moment), after `i18nReady`. The app then says so instead of showing its text keys.
 */
export const hasStartCatalogue = (): boolean => i18n.hasResourceBundle(currentLocale(), 'translation');

function syncDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_IN_SECONDS}; samesite=lax${secure}`;
}
// Also fired once the starting catalogue has come.
i18n.on('languageChanged', syncDocumentLanguage);

/**
 * The interface language; until its catalogue has come (the API's first calls), the one coming.
 * For code outside a render: a component reads `useLocale()`.
 */
export function currentLocale(): Locale {
  return orStartLocale(i18n.language);
}

const copyIn = (language: string): I18n => i18n.cloneInstance({ lng: language, initAsync: false });

/** Counts the groups of texts added since the start, so that React learns of them (`useShownI18n`). */
let textsAdded = 0;
i18n.store.on('added', () => {
  textsAdded += 1;
});

/**
 * The i18next instance that React renders with (`AppProviders` gives it to every component): a
 * copy of `i18n` that keeps one language, sharing its texts. When the interface language changes,
 * a copy in the new language replaces it in a transition. So the language is React state: a page
 * still hydrating renders in the language its HTML was written in, and React hydrates each part
 * before it shows the new language there. Read from `i18n` itself, a part that hydrated after the
 * change would not match its HTML (React's error 418) and be rendered anew.
 *
 * Texts that come later (the logged-in area's, the service finder's) reach the components on
 * screen the same way: a new copy, in a transition. Not through react-i18next's `bindI18nStore`,
 * whose store updates React renders synchronously, in one task, and which, while a page is still
 * hydrating, made React hydrate every section of it at once (decision 082).
 */
export function useShownI18n(): I18n {
  const [shown, setShown] = useState(() => ({ i18n: copyIn(i18n.language), texts: textsAdded }));
  useEffect(() => {
    const follow = () => {
      if (i18n.language !== shown.i18n.language || textsAdded !== shown.texts) {
        startTransition(() => setShown({ i18n: copyIn(i18n.language), texts: textsAdded }));
      }
    };
    follow(); // changed before this effect ran
    i18n.on('languageChanged', follow);
    i18n.store.on('added', follow);
    return () => {
      i18n.off('languageChanged', follow);
      i18n.store.off('added', follow);
    };
  }, [shown]);
  return shown.i18n;
}

/**
 * The language a component renders in: the one React shows (`useShownI18n`); until its catalogue
 * has come, the one coming, as `currentLocale()`.
 */
export function useLocale(): Locale {
  const { i18n: shown } = useTranslation();
  return orStartLocale(shown.language);
}

/**
 * Fetches a group of texts in the language in use (and, from now on, with any other language
 * chosen): a page that shows them waits for it.
 */
export async function loadTexts(group: TextGroup): Promise<void> {
  wantedGroups.add(group);
  await i18nReady;
  const locale = currentLocale();
  if (loadedGroups.has(`${group}:${locale}`)) return;
  i18n.addResourceBundle(locale, 'translation', await TEXT_GROUPS[group][locale](), true, true);
  loadedGroups.add(`${group}:${locale}`);
}

/** Modules that a group of texts goes with: both come before `load`'s promise resolves. */
export const withTexts =
  <Modules>(group: TextGroup, load: () => Promise<Modules>) =>
  async (): Promise<Modules> => {
    const [modules] = await Promise.all([load(), loadTexts(group)]);
    return modules;
  };

/**
 * The logged-in area's texts, with the groups its pages show too (a password's, the service
 * finder's, a statement's record): the guard of every page behind a login waits for them.
 */
export async function loadAreaTexts(): Promise<void> {
  await Promise.all([loadTexts('area'), loadTexts('auth'), loadTexts('discovery'), loadTexts('ledger')]);
}

/**
 * The groups pages asked for since `locale`'s catalogue came, added to it: i18next reads a
 * language once, so a language used before the login (Italian on the login page) and chosen again
 * after it would lack the logged-in area's texts.
 */
async function addWantedGroups(locale: Locale): Promise<void> {
  const missing = [...wantedGroups].filter((group) => !loadedGroups.has(`${group}:${locale}`));
  const texts = await Promise.all(missing.map((group) => TEXT_GROUPS[group][locale]()));
  missing.forEach((group, index) => {
    i18n.addResourceBundle(locale, 'translation', texts[index], true, true);
    loadedGroups.add(`${group}:${locale}`);
  });
}

/** Switches the interface language (its texts fetched first) and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  storage.set('language', locale);
  if (i18n.hasResourceBundle(locale, 'translation')) await addWantedGroups(locale);
  await i18n.changeLanguage(locale);
}
