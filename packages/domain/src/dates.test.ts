import { describe, expect, it } from 'vitest';
import {
  documentExpiry,
  documentExpiryWarning,
  formatDayMonthYear,
  isAdult,
  isoDateSchema,
  parseDayMonthYear,
} from './dates';
import { messageForIssue } from './messages';
import { birthDateSchemaAt } from './user';

const today = new Date(2026, 10, 21); // 21 Nov 2026

describe('isAdult', () => {
  const noon = new Date('2026-11-21T12:00:00Z');

  it('is true from the 18th birthday on, false the day before', () => {
    expect(isAdult('2008-11-21', noon)).toBe(true);
    expect(isAdult('2008-11-22', noon)).toBe(false);
    expect(isAdult('1970-01-01', noon)).toBe(true);
  });

  it('counts the birthday on the body’s day (Rome), whatever the machine’s time zone', () => {
    // 23:30 in London on 21 November is 22 November in Rome.
    expect(isAdult('2008-11-22', new Date('2026-11-21T23:30:00Z'))).toBe(true);
    expect(isAdult('2008-11-22', new Date('2026-11-21T22:30:00Z'))).toBe(false);
  });

  it('is false for a date that does not exist', () => {
    expect(isAdult('2001-02-30', noon)).toBe(false);
    expect(isAdult('nonsense', noon)).toBe(false);
  });
});

describe('documentExpiry', () => {
  it('warns about an expired document and one expiring within six months', () => {
    expect(documentExpiry('2026-11-20', today)).toBe('expired');
    expect(documentExpiry('2026-11-21', today)).toBe('expiring');
    expect(documentExpiry('2027-05-21', today)).toBe('expiring');
    expect(documentExpiry('2027-05-22', today)).toBe('valid');
  });

  it('counts from the body’s calendar day (Rome) at the clock it is given, not the machine’s', () => {
    // 23:30 in London on 20 November is already the 21st in Rome: a document valid through the
    // 20th has expired there; an hour earlier it had not.
    expect(documentExpiry('2026-11-20', new Date('2026-11-20T23:30:00Z'))).toBe('expired');
    expect(documentExpiry('2026-11-20', new Date('2026-11-20T22:30:00Z'))).toBe('expiring');
    // A clock moved years ahead: the same date long expired, a later one only expiring.
    const moved = new Date('2031-03-01T09:00:00Z');
    expect(documentExpiryWarning('2030-12-31', moved)).toBe('expired');
    expect(documentExpiryWarning('2031-08-31', moved)).toBe('expiring');
    expect(documentExpiryWarning('2031-09-02', moved)).toBeNull();
  });

  it('gives the warning to show, wherever it is shown: none for no date, a partial one or a valid one', () => {
    expect(documentExpiryWarning('2026-11-20', today)).toBe('expired');
    expect(documentExpiryWarning('2027-05-21', today)).toBe('expiring');
    expect(documentExpiryWarning('2027-05-22', today)).toBeNull();
    expect(documentExpiryWarning(null, today)).toBeNull();
    expect(documentExpiryWarning('2026-11', today)).toBeNull();
  });
});

describe('parseDayMonthYear', () => {
  it('reads a typed dd/mm/yyyy date into ISO', () => {
    expect(parseDayMonthYear('31/12/2020')).toBe('2020-12-31');
    expect(parseDayMonthYear(' 01/02/2019 ')).toBe('2019-02-01');
  });

  it('takes one-digit days and months, and a dot or a dash for the slash', () => {
    expect(parseDayMonthYear('1/2/2020')).toBe('2020-02-01');
    expect(parseDayMonthYear('1.3.2020')).toBe('2020-03-01');
    expect(parseDayMonthYear('15-09-2019')).toBe('2019-09-15');
  });

  it('reads day first, never month first', () => {
    expect(parseDayMonthYear('04/03/1990')).toBe('1990-03-04');
    expect(parseDayMonthYear('12/31/2020')).toBeNull();
  });

  it('refuses dates that do not exist and other formats', () => {
    expect(parseDayMonthYear('31/02/2020')).toBeNull();
    expect(parseDayMonthYear('29/02/2021')).toBeNull();
    expect(parseDayMonthYear('2020-12-31')).toBeNull();
    expect(parseDayMonthYear('31/12/20')).toBeNull();
    expect(parseDayMonthYear('')).toBeNull();
    expect(parseDayMonthYear('31/12/2020x')).toBeNull();
  });

  it('formats an ISO day back the way it is typed, and reads it again unchanged', () => {
    expect(formatDayMonthYear('2020-12-31')).toBe('31/12/2020');
    expect(parseDayMonthYear(formatDayMonthYear('2024-02-29'))).toBe('2024-02-29');
  });
});

describe('isoDateSchema', () => {
  const messagesOf = (schema: typeof isoDateSchema, value: string) =>
    schema.safeParse(value).error?.issues.map((issue) => messageForIssue(issue)) ?? [];

  it('takes days from 1900 on and says "Date not valid" of earlier ones', () => {
    expect(messagesOf(isoDateSchema, '1900-01-01')).toEqual([]);
    expect(messagesOf(isoDateSchema, '1899-12-31')).toEqual(['Date not valid']);
    expect(messagesOf(isoDateSchema, '0000-01-01')).toEqual(['Date not valid']);
  });

  it('says only "Date not valid" of a birth date that does not exist, not the adults-only rule too', () => {
    const birthDateSchema = birthDateSchemaAt(() => new Date('2026-11-21T12:00:00Z'));
    expect(messagesOf(birthDateSchema, '1990-02-30')).toEqual(['Date not valid']);
    expect(messagesOf(birthDateSchema, '0001-01-01')).toEqual(['Date not valid']);
    expect(messagesOf(birthDateSchema, '2020-01-01')).toEqual([
      'Services are restricted to adults: you must be at least 18 years old.',
    ]);
  });
});
