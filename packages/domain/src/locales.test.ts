import { describe, expect, it } from 'vitest';
import { isLocale, localeOfTags, negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it('defaults to en-US without a header', () => {
    expect(negotiateLocale(undefined)).toBe('en-US');
    expect(negotiateLocale('')).toBe('en-US');
  });

  it('matches an exact tag and a bare language', () => {
    expect(negotiateLocale('it-IT')).toBe('it-IT');
    expect(negotiateLocale('it')).toBe('it-IT');
    expect(negotiateLocale('en-GB')).toBe('en-US');
  });

  it('follows the quality weights and skips unsupported languages', () => {
    expect(negotiateLocale('fr-FR, it;q=0.8, en;q=0.5')).toBe('it-IT');
    expect(negotiateLocale('en;q=0.2, it;q=0.9')).toBe('it-IT');
    expect(negotiateLocale('de, fr')).toBe('en-US');
    expect(negotiateLocale('it;q=0, en')).toBe('en-US');
  });
});

describe('isLocale', () => {
  it('accepts only the two interface languages', () => {
    expect(isLocale('it-IT')).toBe(true);
    expect(isLocale('it')).toBe(false);
    expect(isLocale(3)).toBe(false);
  });
});

describe('localeOfTags (the browser’s languages before any choice, decision 099)', () => {
  it('takes the first language the portal speaks, exactly or by its language, else en-US', () => {
    expect(localeOfTags(['it-IT', 'en-US'])).toBe('it-IT');
    expect(localeOfTags(['it'])).toBe('it-IT');
    expect(localeOfTags(['fr-FR', 'it-CH'])).toBe('it-IT');
    expect(localeOfTags(['en-GB', 'it'])).toBe('en-US');
    expect(localeOfTags(['fr-FR', 'de'])).toBe('en-US');
    expect(localeOfTags([])).toBe('en-US');
  });
});
