import { describe, expect, it } from 'vitest';
import { calendarDayOf, wallClockOf } from './wall-clock';

describe('calendarDayOf', () => {
  it('gives the day in Rome, which starts before midnight UTC', () => {
    expect(calendarDayOf(new Date('2025-01-12T22:30:00Z'))).toBe('2025-01-12');
    expect(calendarDayOf(new Date('2025-01-12T23:30:00Z'))).toBe('2025-01-13');
    expect(calendarDayOf(new Date('2025-07-01T22:30:00Z'))).toBe('2025-07-02'); // summer time
    expect(calendarDayOf(new Date('2025-07-01T22:30:00Z'), 'UTC')).toBe('2025-07-01');
  });
});

describe('wallClockOf', () => {
  it('reads the hour in Rome, in winter and in summer time', () => {
    expect(wallClockOf(new Date('2025-01-12T22:30:05Z'))).toEqual({
      year: 2025,
      month: 1,
      day: 12,
      hour: 23,
      minute: 30,
      second: 5,
    });
    expect(wallClockOf(new Date('2025-07-01T22:30:00Z')).hour).toBe(0);
    expect(wallClockOf(new Date('2025-07-01T22:30:00Z'), 'UTC').hour).toBe(22);
  });
});
