import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import { z } from 'zod';
import type { Locale } from './locales';

// ISO 3166-1 country names in both interface languages, from i18n-iso-countries.
countries.registerLocale(en);
countries.registerLocale(it);

export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();

export const isCountryCode = (value: string): boolean => COUNTRY_CODES.includes(value);

/** An ISO 3166-1 alpha-2 code, upper case. */
export const countryCodeSchema = z
  .string()
  .min(1)
  // Two Latin letters before upper-casing: 'ß' upper-cases to 'SS', 'ı' and 'ſ' to 'I' and 'S'.
  .refine((value) => /^[A-Za-z]{2}$/.test(value), { message: 'invalidOption' })
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, { message: 'invalidOption' });

export function countryName(code: string, locale: Locale): string {
  return countries.getName(code, locale.slice(0, 2), { select: 'official' }) ?? code;
}

/** Every country as `{ value, label }`, sorted by its name in the given language. */
export function countryOptions(locale: Locale): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
