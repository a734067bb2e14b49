import { describe, expect, it } from 'vitest';
import { formatPhoneForReading, isValidInternationalPhone, isValidPhoneIn, toE164, toE164In } from './phone';

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

describe('a number given with a country (the courier’s)', () => {
  it('reads a national number as one of the country, with its prefix', () => {
    expect(isValidPhoneIn('333 1234567', 'IT')).toBe(true);
    expect(toE164In('333 1234567', 'IT')).toBe('+393331234567');
    expect(toE164In('06 1234 5678', 'it')).toBe('+390612345678');
    expect(toE164In('01 23 45 67 89', 'FR')).toBe('+33123456789');
  });

  it('keeps a number with its country code as it is, whatever the country', () => {
    expect(toE164In('+44 20 7946 0958', 'IT')).toBe('+442079460958');
    expect(toE164In('0039 06 1234 5678', 'FR')).toBe('+390612345678');
  });

  it('refuses what is not a number of the country, or has no country to read it by', () => {
    expect(isValidPhoneIn('12', 'IT')).toBe(false);
    expect(isValidPhoneIn('333 1234567', null)).toBe(false);
    expect(isValidPhoneIn('333 1234567', 'ZZ')).toBe(false);
    expect(isValidPhoneIn('+39 12', 'IT')).toBe(false);
  });
});

describe('formatPhoneForReading', () => {
  it('writes a stored number internationally, in groups; what does not parse stays as it is', () => {
    expect(formatPhoneForReading('+393331234567')).toBe('+39 333 123 4567');
    expect(formatPhoneForReading('+33472000000')).toBe('+33 4 72 00 00 00');
    expect(formatPhoneForReading('call me')).toBe('call me');
  });

  it('reads a number without its country code in the country given, as toE164In does', () => {
    expect(formatPhoneForReading('3331234567', 'it')).toBe('+39 333 123 4567');
    expect(formatPhoneForReading('+442079460958', 'IT')).toBe('+44 20 7946 0958');
    expect(formatPhoneForReading('3331234567')).toBe('3331234567');
    expect(formatPhoneForReading('3331234567', 'ZZ')).toBe('3331234567');
  });
});
