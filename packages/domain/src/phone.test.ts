import { describe, expect, it } from 'vitest';
import { isValidInternationalPhone, toE164 } from './phone';

describe('isValidInternationalPhone', () => {
  it('accepts numbers with their country code', () => {
    expect(isValidInternationalPhone('+39 06 1234 5678')).toBe(true);
    expect(isValidInternationalPhone('+39 347 123 4567')).toBe(true);
    expect(isValidInternationalPhone('+44 20 7946 0958')).toBe(true);
  });

  it('accepts the international prefix written 00 instead of +', () => {
    expect(isValidInternationalPhone('0039 06 1234 5678')).toBe(true);
    expect(isValidInternationalPhone(' 00 44 20 7946 0958')).toBe(true);
    expect(isValidInternationalPhone('0039 12')).toBe(false);
  });

  it('refuses a number without a country code', () => {
    expect(isValidInternationalPhone('06 1234 5678')).toBe(false);
    expect(isValidInternationalPhone('3471234567')).toBe(false);
  });

  it('refuses impossible numbers and text', () => {
    expect(isValidInternationalPhone('+39 12')).toBe(false);
    expect(isValidInternationalPhone('+call me')).toBe(false);
    expect(isValidInternationalPhone('')).toBe(false);
  });
});

describe('toE164', () => {
  it('normalises a valid number and refuses an invalid one', () => {
    expect(toE164('+39 347 123 4567')).toBe('+393471234567');
    expect(toE164('347 123 4567')).toBeNull();
  });

  it('stores a number written with 00 in its + form', () => {
    expect(toE164('0039 347 123 4567')).toBe('+393471234567');
    expect(toE164('0039 12')).toBeNull();
  });
});
