import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@lisbon/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../storage';
import { type Catalogue, enUS } from './locales/en-US';
import { itIT } from './locales/it-IT';

export const catalogues: Record<Locale, Catalogue> = { 'en-US': enUS, 'it-IT': itIT };

// i18next reads its key types from this interface; module augmentation only works on interfaces.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: catalogues[locale] }])),
  lng: storage.get('language') ?? DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  load: 'currentOnly',
  // The catalogues are bundled, so initialisation finishes before the first render.
  initAsync: false,
  // React escapes every text it renders.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  storage.set('language', locale);
  await i18n.changeLanguage(locale);
}
