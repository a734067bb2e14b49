/**
 * The Italian tax ID (codice fiscale) of a person: 16 characters, the last a check character.
 * Omocodia: when two people would share a code, digits are replaced by letters (0–9 → L M N P Q
 * R S T U V) from the right; such a code is valid but unusual, so the form asks to confirm it.
 * Hand-written: the only maintained package bundles a large municipality table under a
 * share-alike licence, and the check needs none of it (docs/decisions).
 */
import { isItalianVatNumber } from './vat-number';

const OMOCODIA_LETTERS = 'LMNPQRSTUV';
const DIGIT_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;
const MONTH_LETTERS = 'ABCDEHLMPRST';
const SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

// Values of a character in an odd (1st, 3rd, …) position, for 0–9 then A–Z.
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

const charIndex = (char: string): number => {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
};

function oddValue(char: string): number {
  const code = char.charCodeAt(0);
  return ODD_VALUES[code <= 57 ? code - 48 : code - 65] ?? 0;
}

/** The check character of the first 15 characters of a code. */
export function taxIdCheckCharacter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const char = first15[i] ?? '0';
    sum += i % 2 === 0 ? oddValue(char) : charIndex(char);
  }
  return String.fromCharCode(65 + (sum % 26));
}

export type TaxIdCheck =
  { valid: false; normalized: string } | { valid: true; normalized: string; isOmocodic: boolean };

export const normalizeTaxId = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export function checkTaxId(value: string): TaxIdCheck {
  const normalized = normalizeTaxId(value);
  if (!SHAPE.test(normalized)) return { valid: false, normalized };
  if (taxIdCheckCharacter(normalized.slice(0, 15)) !== normalized[15]) return { valid: false, normalized };
  const chars = [...normalized];
  for (const position of DIGIT_POSITIONS) {
    const letter = OMOCODIA_LETTERS.indexOf(chars[position] ?? '');
    if (letter >= 0) chars[position] = String(letter);
  }
  const decoded = chars.join('');
  const day = Number(decoded.slice(9, 11));
  const isDayValid = (day >= 1 && day <= 31) || (day >= 41 && day <= 71);
  if (!isDayValid || !MONTH_LETTERS.includes(decoded[8] ?? '')) return { valid: false, normalized };
  return { valid: true, normalized, isOmocodic: decoded !== normalized };
}

/** Whether a tax ID is valid and omocodic, so its holder must confirm it is theirs (spec §5). */
export function isOmocodicTaxId(taxId: string): boolean {
  const check = checkTaxId(taxId);
  return check.valid && check.isOmocodic;
}

/**
 * Spec §5: "a valid one with omocodia needs a confirmation". The account's tax ID and the billing
 * fiscal code both pass here; an absent or invalid code is another rule's to refuse.
 */
export const isOmocodiaConfirmedWhenNeeded = (
  taxId: string | null | undefined,
  isConfirmed: boolean | undefined,
): boolean => !taxId || isConfirmed === true || !isOmocodicTaxId(taxId);

/**
 * The numeric codice fiscale: 11 digits, the last a check digit computed as the partita IVA's.
 * Companies have one, and so do people given a provisional code (asylum applicants, for one).
 */
export const isNumericFiscalCode = (value: string): boolean => {
  const normalized = normalizeTaxId(value);
  return /^\d{11}$/.test(normalized) && isItalianVatNumber(normalized);
};

/** A codice fiscale in either form: the 16-character personal code or the 11-digit numeric one. */
export const isValidFiscalCode = (value: string): boolean =>
  checkTaxId(value).valid || isNumericFiscalCode(value);
