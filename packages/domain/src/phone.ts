import {
  isSupportedCountry,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type PhoneNumber,
} from 'libphonenumber-js';

/**
 * The number with its international prefix written as `+`: `0039 06 1234 5678`, the prefix dialled
 * from Italy and most of Europe, reads as `+39 06 1234 5678`.
 */
function withPlusPrefix(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('00') ? `+${trimmed.slice(2).trimStart()}` : trimmed;
}

/**
 * A phone number must carry its country code (spec §5: 'Phone number not valid (add country
 * code)'): `+39 06 1234 5678` (or `0039 06 1234 5678`) is accepted, `06 1234 5678` is not.
 * Validation by libphonenumber.
 */
export function isValidInternationalPhone(value: string): boolean {
  const international = withPlusPrefix(value);
  return international.startsWith('+') && isValidPhoneNumber(international);
}

/** The E.164 form stored on the server (`+390612345678`), or null when the number is not valid. */
export function toE164(value: string): string | null {
  if (!isValidInternationalPhone(value)) return null;
  return parsePhoneNumberFromString(withPlusPrefix(value))?.number ?? null;
}

/**
 * A phone number given with a country (the courier's, with the shipping country): one with its
 * country code is read as it is; one without is read as a national number of that country and takes
 * its prefix (`333 1234567` with Italy is `+39 333 1234567`). Null when it is not valid.
 */
function parseWithCountry(value: string, country: string | null | undefined): PhoneNumber | null {
  const international = withPlusPrefix(value);
  if (international.startsWith('+')) {
    return isValidPhoneNumber(international) ? (parsePhoneNumberFromString(international) ?? null) : null;
  }
  const code = country?.trim().toUpperCase();
  if (!code || !isSupportedCountry(code)) return null;
  const number = parsePhoneNumberFromString(international, code);
  return number?.isValid() ? number : null;
}

/** Whether the number is valid with its country code, or as a national number of the country. */
export const isValidPhoneIn = (value: string, country: string | null | undefined): boolean =>
  parseWithCountry(value, country) !== null;

/** The E.164 form of a number valid with its country code or in the country, else null. */
export const toE164In = (value: string, country: string | null | undefined): string | null =>
  parseWithCountry(value, country)?.number ?? null;

/**
 * A stored number written for reading: international, in groups (`+39 333 123 4567`); one without
 * its country code is read in `country` when given (the shipping country, the country of
 * residence), as `toE164In` reads it; what does not parse is shown as it is.
 */
export function formatPhoneForReading(value: string, country?: string | null): string {
  const code = country?.trim().toUpperCase();
  const defaultCountry = code && isSupportedCountry(code) ? code : undefined;
  return parsePhoneNumberFromString(withPlusPrefix(value), defaultCountry)?.formatInternational() ?? value;
}
