import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addWorkingDays,
  isWorkingDay,
  italianPublicHolidays,
  nextWorkingDay,
  workingDaysUntil,
  type WorkingCalendar,
} from './working-days';

// The closure announced by spec §9: closed 16 Dec 2024 – 12 Jan 2025, service resumes 13 Jan 2025.
const calendar: WorkingCalendar = { closures: [{ from: '2024-12-16', to: '2025-01-12' }] };
const open: WorkingCalendar = { closures: [] };

describe('italianPublicHolidays', () => {
  it('includes the fixed national holidays and Easter Monday', () => {
    const holidays = italianPublicHolidays(2025);
    expect(holidays).toContain('2025-04-25');
    expect(holidays).toContain('2025-06-02');
    expect(holidays).toContain('2025-04-21'); // Easter Monday 2025
    expect(holidays).toHaveLength(11);
  });

  it('adds Saint Francis (4 October) from 2026', () => {
    expect(italianPublicHolidays(2025)).not.toContain('2025-10-04');
    expect(italianPublicHolidays(2026)).toContain('2026-10-04');
    expect(italianPublicHolidays(2026)).toContain('2026-04-06'); // Easter Monday 2026
  });
});

describe('isWorkingDay', () => {
  it('skips weekends, public holidays, closures and local holidays', () => {
    expect(isWorkingDay('2025-03-03', open)).toBe(true); // a Monday
    expect(isWorkingDay('2025-03-01', open)).toBe(false); // a Saturday
    expect(isWorkingDay('2025-04-25', open)).toBe(false); // Liberation Day, a Friday
    expect(isWorkingDay('2025-01-08', calendar)).toBe(false); // a Wednesday inside the closure
    expect(isWorkingDay('2025-01-13', calendar)).toBe(true); // service resumes
    expect(isWorkingDay('2025-06-30', { closures: [], localHolidays: [{ month: 6, day: 30 }] })).toBe(false);
  });
});

describe('addWorkingDays', () => {
  it('counts across a weekend', () => {
    expect(addWorkingDays('2025-03-07', 1, open)).toBe('2025-03-10'); // Friday → Monday
  });

  it('jumps over the whole closure period', () => {
    // Friday 13 Dec 2024: the next working day is Monday 13 Jan 2025.
    expect(addWorkingDays('2024-12-13', 1, calendar)).toBe('2025-01-13');
  });

  it('skips a public holiday inside the count', () => {
    // Thursday 24 Apr 2025 + 2: Friday 25 (Liberation Day) does not count → Monday 28, Tuesday 29.
    expect(addWorkingDays('2025-04-24', 2, open)).toBe('2025-04-29');
  });

  it('gives the ordinary 60-working-day deadline across the closure', () => {
    // From Monday 2 Dec 2024: 9 working days to Friday 13 Dec, then the closure; the 10th is
    // Monday 13 Jan 2025, and 50 more (ten whole weeks, no holiday) end on Monday 24 Mar 2025.
    expect(addWorkingDays('2024-12-02', 60, calendar)).toBe('2025-03-24');
  });
});

describe('workingDaysUntil', () => {
  it('counts the working days to go, and 0 on the day', () => {
    expect(workingDaysUntil('2025-03-07', '2025-03-14', open)).toBe(5);
    expect(workingDaysUntil('2025-03-14', '2025-03-14', open)).toBe(0);
  });

  it('is negative once the deadline has passed', () => {
    expect(workingDaysUntil('2025-03-17', '2025-03-14', open)).toBe(-1);
  });

  it('does not count the closure', () => {
    expect(workingDaysUntil('2024-12-13', '2025-01-14', calendar)).toBe(2);
  });

  it('agrees with counting day by day, over years, holidays, local holidays and closures', () => {
    const busy: WorkingCalendar = {
      closures: [
        { from: '2024-12-16', to: '2025-01-12' },
        { from: '2025-08-04', to: '2025-08-22' },
        { from: '2026-04-30', to: '2026-05-04' },
      ],
      localHolidays: [{ month: 6, day: 29 }],
    };
    const dayByDay = (today: string, deadline: string) => {
      const [from, to, sign] = deadline > today ? [today, deadline, 1] : [deadline, today, -1];
      let count = 0;
      for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) {
        if (isWorkingDay(day, busy)) count += 1;
      }
      return sign * count || 0;
    };
    for (let step = 0; step < 400; step += 1) {
      const today = addCalendarDays('2024-06-01', (step * 7) % 900);
      const deadline = addCalendarDays('2024-06-01', (step * 131) % 1000);
      expect(workingDaysUntil(today, deadline, busy), `${today} → ${deadline}`).toBe(
        dayByDay(today, deadline),
      );
    }
  });
});

describe('the calendar at its end (decision 083)', () => {
  // Stored before a period had to end by 9998-12-31: closed from 3 February 2025 for good.
  const forEver: WorkingCalendar = { closures: [{ from: '2025-02-03', to: '9999-12-31' }] };

  it('counts a closure stored past 9998-12-31 as ending then, and looks no further than 9999-12-31', () => {
    // Friday 1 January 9999 is a holiday: Monday 4 January is the first working day counted.
    expect(nextWorkingDay('2025-01-31', forEver)).toBe('9999-01-04');
    expect(addWorkingDays('2025-01-31', 3, forEver)).toBe('9999-01-07'); // 6 January a holiday
    expect(isWorkingDay('9999-01-04', forEver)).toBe(true);
    expect(workingDaysUntil('2025-01-31', '9999-01-07', forEver)).toBe(3);
    expect(workingDaysUntil('9999-01-07', '2025-01-31', forEver)).toBe(-3);
    // Past the last four-digit day the next day is no date: the search ends on it.
    expect(nextWorkingDay('9999-12-31', forEver)).toBe('9999-12-31');
    expect(addWorkingDays('9999-12-28', 60, { closures: [] })).toBe('9999-12-31');
    expect(nextWorkingDay('9999-12-30', { closures: [{ from: '9999-12-31', to: '9999-12-31' }] })).toBe(
      '9999-12-31',
    );
  });

  it('counts closures of years, overlapping ones too, as day by day', () => {
    const long: WorkingCalendar = {
      closures: [
        { from: '2025-03-10', to: '2027-06-15' },
        { from: '2027-06-01', to: '2027-07-02' },
        { from: '2028-01-01', to: '2028-12-31' },
        { from: '2029-04-01', to: '2029-04-30' },
      ],
      localHolidays: [{ month: 6, day: 29 }],
    };
    for (let step = 0; step < 40; step += 1) {
      const today = addCalendarDays('2024-06-01', (step * 97) % 2400);
      const deadline = addCalendarDays('2024-06-01', (step * 211) % 2600);
      const [from, to, sign] = deadline > today ? [today, deadline, 1] : [deadline, today, -1];
      let count = 0;
      for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) {
        if (isWorkingDay(day, long)) count += 1;
      }
      expect(workingDaysUntil(today, deadline, long), `${today} → ${deadline}`).toBe(sign * count || 0);
    }
  });
});
