import { z } from 'zod/mini';
import { isOneOf } from './collections';

export const LOCALES = ['en-US', 'it-IT'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const localeSchema = z.enum(LOCALES);

export const isLocale = (value: unknown): value is Locale => isOneOf(LOCALES, value);

/**
 * The cookie that keeps the language the visitor chose: the SPA writes it, the server sends a
 * pre-rendered page in its language, and the SPA starts in it when its storage has none.
 */
export const LANGUAGE_COOKIE = 'lisbon-language';

/** The language a `Cookie` header (or `document.cookie`) names, if it is one the portal speaks. */
export function languageInCookies(cookies: string | undefined): Locale | undefined {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookies ?? '')?.[1];
  return isLocale(value) ? value : undefined;
}

/** A stored locale as one the portal speaks: the default for anything else. */
export const localeOrDefault = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/**
 * The first of the language tags, in the order of preference, that the portal speaks (exactly, or
 * by its language: `it-CH` gives it-IT); en-US when none. The browser's `navigator.languages`.
 */
export function localeOfTags(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const wanted = tag.toLowerCase();
    const found =
      LOCALES.find((locale) => locale.toLowerCase() === wanted) ??
      LOCALES.find((locale) => locale.slice(0, 2) === wanted.slice(0, 2));
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

/** Picks the best supported locale from an Accept-Language header; en-US when nothing fits. */
export function negotiateLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return localeOfTags(ranked.map(({ tag }) => tag));
}

/**
 * The language a page the server renders is in: the one the visitor chose (the language cookie),
 * else the browser's (`Accept-Language`), as the portal's pre-rendered pages decide it.
 */
export const visitorLanguage = (
  cookies: string | undefined,
  acceptLanguage: string | undefined | null,
): Locale => languageInCookies(cookies) ?? negotiateLocale(acceptLanguage);
