import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, formatDate, formatNumber, formatRomeDateTime } from './format';
import { changeLocale, i18n } from './i18n';

describe('a date', () => {
  it('is written in the language’s long form, a calendar day without shifting it by a time zone', () => {
    expect(formatDate('2026-03-03', 'en-US')).toBe('March 3, 2026');
    expect(formatDate('2026-03-03', 'it-IT')).toBe('3 marzo 2026');
  });
});

describe('numbers', () => {
  it('are written with the language’s decimal separator', () => {
    expect(formatNumber(180.5, 'it-IT')).toBe('180,5');
    expect(formatNumber(180.5, 'en-US')).toBe('180.5');
    expect(decimalSeparatorOf('it-IT')).toBe(',');
    expect(decimalSeparatorOf('en-US')).toBe('.');
  });
});

describe('an instant on Rome’s clock', () => {
  it('is written in Rome’s time with the zone named, in each language, whatever the device’s zone', async () => {
    const instant = '2026-12-12T18:45:00.000Z'; // 19:45 in Rome (winter time)
    await changeLocale('en-US');
    expect(formatRomeDateTime(instant, 'en-US', i18n.t)).toMatch(
      /^December 12, 2026 at 7:45\sPM \(Rome time\)$/,
    );
    await changeLocale('it-IT');
    try {
      expect(formatRomeDateTime(instant, 'it-IT', i18n.t)).toBe(
        '12 dicembre 2026 alle ore 19:45 (ora di Roma)',
      );
    } finally {
      await changeLocale('en-US');
    }
  });
});
