import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

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
