import { describe, expect, it } from 'vitest';
import { countryCodeField, storedCountryCode } from './country-code';

describe('a country code', () => {
  it('is written only as a country the portal knows, trimmed and upper-cased', () => {
    expect(countryCodeField.parse(' br ')).toBe('BR');
    // 'ß', 'ıt' and 'ſe' upper-case to 'SS', 'IT' and 'SE', countries the portal knows.
    for (const code of ['ZZ', '!!', 'ßa', 'BRA', '', 'ß', 'ıt', 'ſe']) {
      expect(countryCodeField.safeParse(code).success, code).toBe(false);
    }
    expect(countryCodeField.safeParse('ZZ').error?.issues.map((issue) => issue.message)).toEqual([
      'invalidOption',
    ]);
  });

  it('is read back as stored, as an earlier release kept it: any two characters, upper-cased after they were counted', () => {
    expect(storedCountryCode.parse('ZZ')).toBe('ZZ');
    expect(storedCountryCode.parse('!!')).toBe('!!');
    expect(storedCountryCode.parse('SSA')).toBe('SSA');
    expect(storedCountryCode.parse('FFIFFI')).toBe('FFIFFI');
    expect(storedCountryCode.safeParse('').success).toBe(false);
  });
});
