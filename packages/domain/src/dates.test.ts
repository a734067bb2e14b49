import { describe, expect, it } from 'vitest';
import { documentExpiry, isAdult } from './dates';

const today = new Date(2026, 10, 21); // 21 Nov 2026

describe('isAdult', () => {
  it('is true from the 18th birthday on, false the day before', () => {
    expect(isAdult('2008-11-21', today)).toBe(true);
    expect(isAdult('2008-11-22', today)).toBe(false);
    expect(isAdult('1970-01-01', today)).toBe(true);
  });

  it('is false for a date that does not exist', () => {
    expect(isAdult('2001-02-30', today)).toBe(false);
    expect(isAdult('nonsense', today)).toBe(false);
  });
});

describe('documentExpiry', () => {
  it('warns about an expired document and one expiring within six months', () => {
    expect(documentExpiry('2026-11-20', today)).toBe('expired');
    expect(documentExpiry('2026-11-21', today)).toBe('expiring');
    expect(documentExpiry('2027-05-21', today)).toBe('expiring');
    expect(documentExpiry('2027-05-22', today)).toBe('valid');
  });
});
