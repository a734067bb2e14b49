import { describe, expect, it } from 'vitest';
import { isItalianVatNumber, isSdiCode } from './vat-number';

describe('isItalianVatNumber', () => {
  it('accepts valid numbers, with or without the IT prefix and spaces', () => {
    // Public VAT numbers of well-known Italian companies.
    expect(isItalianVatNumber('00488410010')).toBe(true);
    expect(isItalianVatNumber('IT 00488410010')).toBe(true);
    expect(isItalianVatNumber('07643520567')).toBe(true);
  });

  it('refuses a wrong check digit, the wrong length and all zeros', () => {
    expect(isItalianVatNumber('00488410011')).toBe(false);
    expect(isItalianVatNumber('0048841001')).toBe(false);
    expect(isItalianVatNumber('00000000000')).toBe(false);
    expect(isItalianVatNumber('ABCDEFGHIJK')).toBe(false);
  });
});

describe('isSdiCode', () => {
  it('accepts 7 letters or digits, in any case', () => {
    expect(isSdiCode('M5UXCR1')).toBe(true);
    expect(isSdiCode('0000000')).toBe(true);
    expect(isSdiCode('m5uxcr1')).toBe(true);
    expect(isSdiCode('M5UXCR')).toBe(false);
    expect(isSdiCode('M5UXCR1!')).toBe(false);
  });
});
