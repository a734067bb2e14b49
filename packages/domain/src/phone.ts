import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number must carry its country code (spec §5: 'Phone number not valid (add country
 * code)'): `+39 06 1234 5678` is accepted, `06 1234 5678` is not. Validation by libphonenumber.
 */
export function isValidInternationalPhone(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.startsWith('+') && isValidPhoneNumber(trimmed);
}

/** The E.164 form stored on the server (`+390612345678`), or null when the number is not valid. */
export function toE164(value: string): string | null {
  if (!isValidInternationalPhone(value)) return null;
  return parsePhoneNumberFromString(value.trim())?.number ?? null;
}
