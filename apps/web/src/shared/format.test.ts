import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, formatDate, formatNumber } from './format';

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
