import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same language and options', () => {
    const euros = { style: 'currency', currency: 'EUR' } as const;
    expect(numberFormat('it-IT', euros)).toBe(numberFormat('it-IT', { ...euros }));
    expect(dateTimeFormat('en-US', { dateStyle: 'long' })).toBe(
      dateTimeFormat('en-US', { dateStyle: 'long' }),
    );
  });

  it('keeps languages and options apart', () => {
    const euros = { style: 'currency', currency: 'EUR' } as const;
    expect(numberFormat('en-US', euros).format(245.9)).toBe('€245.90');
    expect(numberFormat('it-IT', euros).format(245.9)).toBe('245,90\u00a0€');
    expect(numberFormat('it-IT', euros)).not.toBe(numberFormat('it-IT', { maximumFractionDigits: 1 }));
    const day = new Date(Date.UTC(2026, 2, 3, 12));
    expect(dateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe('3 marzo 2026');
    expect(dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe('March 3, 2026');
  });

  it('holds a bounded number: many languages start the store afresh', () => {
    const first = numberFormat('en-US', { minimumIntegerDigits: 2 });
    for (let digits = 0; digits <= 20; digits += 1)
      for (const locale of [
        'en-GB',
        'fr-FR',
        'de-DE',
        'es-ES',
        'pt-PT',
        'nl-NL',
        'sv-SE',
        'pl-PL',
        'el-GR',
        'fi-FI',
      ])
        numberFormat(locale, { maximumFractionDigits: digits });
    expect(numberFormat('en-US', { minimumIntegerDigits: 2 })).not.toBe(first);
  });

  it('refuses a language Intl does not know, as Intl does, and keeps nothing for it', () => {
    expect(() => numberFormat('not a language', {})).toThrow(RangeError);
    expect(() => numberFormat('not a language', {})).toThrow(RangeError);
  });
});
