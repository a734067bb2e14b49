/**
 * The Italian VAT number (partita IVA): 11 digits, the last a Luhn-style check digit over the
 * first ten. Companies' fiscal codes are usually the same 11 digits.
 */
export function isItalianVatNumber(value: string): boolean {
  const digits = value.replace(/\s+/g, '').replace(/^IT/i, '');
  if (!/^\d{11}$/.test(digits) || /^0{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const digit = Number(digits[i]);
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

export const normalizeVatNumber = (value: string): string => value.replace(/\s+/g, '').replace(/^IT/i, '');

/** The SDI recipient code of Italian e-invoicing: 7 letters or digits ('0000000' when a PEC is used). */
export const isSdiCode = (value: string): boolean => /^[A-Z0-9]{7}$/.test(value.trim().toUpperCase());
