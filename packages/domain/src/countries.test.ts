import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryCodeSchema, countryName, countryOptions } from './countries';

describe('countries', () => {
  it('holds the ISO 3166-1 list', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    expect(COUNTRY_CODES).toContain('IT');
    expect(COUNTRY_CODES).toContain('UA');
  });

  it('names countries in English and Italian', () => {
    expect(countryName('DE', 'en-US')).toBe('Germany');
    expect(countryName('DE', 'it-IT')).toBe('Germania');
  });

  it('sorts options by the name in the chosen language', () => {
    // Netherlands / Paesi Bassi against Norway / Norvegia: the order flips with the language.
    const english = countryOptions('en-US').map((option) => option.value);
    const italian = countryOptions('it-IT').map((option) => option.value);
    expect(english.indexOf('NL')).toBeLessThan(english.indexOf('NO'));
    expect(italian.indexOf('NO')).toBeLessThan(italian.indexOf('NL'));
  });

  it('accepts lower-case codes and refuses unknown ones', () => {
    expect(countryCodeSchema.parse('it')).toBe('IT');
    expect(countryCodeSchema.safeParse('XX').success).toBe(false);
  });
});
