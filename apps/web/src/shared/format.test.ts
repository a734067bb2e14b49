import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('a date', () => {
  it('is written in the language’s long form, a calendar day without shifting it by a time zone', () => {
    expect(formatDate('2026-03-03', 'en-US')).toBe('March 3, 2026');
    expect(formatDate('2026-03-03', 'it-IT')).toBe('3 marzo 2026');
  });
});
