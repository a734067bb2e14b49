import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deadlineBounds,
  deadlineFlagOf,
  deadlineRangeOf,
  deadlineStandingOf,
  DEADLINE_FLAGS,
} from './deadlines';
import { addCalendarDays, workingDaysUntil, type WorkingCalendar } from './working-days';

// The closure of spec §9 (16 Dec 2024 – 12 Jan 2025), Christmas, Epiphany and a local holiday.
const calendar: WorkingCalendar = {
  closures: [{ from: '2024-12-16', to: '2025-01-12' }],
  localHolidays: [{ month: 6, day: 29 }],
};

const flagByRange = (deadline: string, bounds: ReturnType<typeof deadlineBounds>) =>
  DEADLINE_FLAGS.find((flag) => {
    const { from, through } = deadlineRangeOf(flag, bounds);
    return (from === undefined || deadline >= from) && (through === undefined || deadline <= through);
  });

describe('deadlineFlagOf', () => {
  it('is late past the deadline, at risk from the threshold down to the day itself, on time before', () => {
    expect(deadlineFlagOf(-1, 10)).toBe('late');
    expect(deadlineFlagOf(0, 10)).toBe('at_risk');
    expect(deadlineFlagOf(10, 10)).toBe('at_risk');
    expect(deadlineFlagOf(11, 10)).toBe('on_time');
  });
});

describe('deadlineBounds', () => {
  it('counts the at-risk window in working days across the closure and the holidays', () => {
    // Friday 13 Dec 2024: the closure follows; the 11th working day after it is 27 Jan 2025.
    const bounds = deadlineBounds('2024-12-13', calendar, 10);
    expect(bounds).toEqual({ lateBefore: '2024-12-13', atRiskThrough: '2025-01-26' });
    expect(workingDaysUntil('2024-12-13', '2025-01-24', calendar)).toBe(10);
    expect(workingDaysUntil('2024-12-13', '2025-01-27', calendar)).toBe(11);
  });

  it('keeps a deadline that fell during a closure on time until the first working day after it', () => {
    // Inside the closure, the last working day was Friday 13 December.
    const bounds = deadlineBounds('2025-01-08', calendar, 10);
    expect(bounds.lateBefore).toBe('2024-12-13');
    expect(deadlineFlagOf(workingDaysUntil('2025-01-08', '2024-12-20', calendar), 10)).toBe('at_risk');
    expect(flagByRange('2024-12-20', bounds)).toBe('at_risk');
    expect(flagByRange('2024-12-12', bounds)).toBe('late');
  });

  it('gives every deadline the flag its working days left give it, whatever the day', () => {
    const day = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => addCalendarDays('2024-01-01', offset));
    fc.assert(
      fc.property(day, day, fc.integer({ min: 0, max: 30 }), (today, deadline, atRisk) => {
        const bounds = deadlineBounds(today, calendar, atRisk);
        const expected = deadlineFlagOf(workingDaysUntil(today, deadline, calendar), atRisk);
        expect(flagByRange(deadline, bounds)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('deadlineStandingOf', () => {
  const day = { today: '2024-12-13', calendar };
  it('counts the working days left to the running deadline, and flags them', () => {
    expect(deadlineStandingOf({ status: 'in_evaluation', expected_deadline: '2024-12-12' }, day, 10)).toEqual(
      {
        days_to_go: -1,
        deadline_flag: 'late',
      },
    );
    expect(
      deadlineStandingOf({ status: 'appeal_in_review', expected_deadline: '2025-01-27' }, day, 10),
    ).toEqual({ days_to_go: 11, deadline_flag: 'on_time' });
  });

  it('says nothing of a draft, a finished request or one without a deadline', () => {
    for (const status of ['draft', 'published', 'closed', 'appeal_rejected'] as const)
      expect(deadlineStandingOf({ status, expected_deadline: '2024-12-12' }, day, 10)).toEqual({
        days_to_go: null,
        deadline_flag: null,
      });
    expect(deadlineStandingOf({ status: 'unassigned', expected_deadline: null }, day, 10)).toEqual({
      days_to_go: null,
      deadline_flag: null,
    });
  });
});
