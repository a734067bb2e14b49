import { describe, expect, it } from 'vitest';
import {
  closureInputSchema,
  isAnnounced,
  isPeriodDeletable,
  periodsOverlap,
  resumesOn,
  returnDeliverySuspensionInputSchema,
} from './notices';
import { addWorkingDays } from './working-days';

const SPEC_CLOSURE = { from: '2024-12-16', to: '2025-01-12', announceFrom: '2024-11-18' };

describe('closure notices (spec §9)', () => {
  it('shows the notice from its announcement to the last day of the closure, both included', () => {
    expect(isAnnounced('2024-11-17', SPEC_CLOSURE)).toBe(false);
    expect(isAnnounced('2024-11-18', SPEC_CLOSURE)).toBe(true);
    expect(isAnnounced('2024-12-20', SPEC_CLOSURE)).toBe(true);
    expect(isAnnounced('2025-01-12', SPEC_CLOSURE)).toBe(true);
    expect(isAnnounced('2025-01-13', SPEC_CLOSURE)).toBe(false);
  });

  it('never shows a closure that has no announcement', () => {
    expect(isAnnounced('2024-12-20', { ...SPEC_CLOSURE, announceFrom: null })).toBe(false);
  });

  it('says service resumes on 13 January 2025 after the closure of spec §9', () => {
    const calendar = { closures: [{ from: SPEC_CLOSURE.from, to: SPEC_CLOSURE.to }] };
    expect(resumesOn(SPEC_CLOSURE.to, calendar)).toBe('2025-01-13');
  });

  it('keeps deadlines skipping the closure: one working day after 13 Dec 2024 is 13 Jan 2025', () => {
    const calendar = { closures: [{ from: SPEC_CLOSURE.from, to: SPEC_CLOSURE.to }] };
    expect(addWorkingDays('2024-12-13', 1, calendar)).toBe('2025-01-13');
    expect(addWorkingDays('2024-12-13', 1, { closures: [] })).toBe('2024-12-16');
  });

  it('refuses a closure that ends before it starts or is announced after it starts', () => {
    const valid = {
      starts_on: '2024-12-16',
      ends_on: '2025-01-12',
      announce_from: '2024-11-18',
      notice_en_us: 'Closed',
      notice_it_it: 'Chiuso',
    };
    expect(closureInputSchema.safeParse(valid).success).toBe(true);
    const backwards = closureInputSchema.safeParse({ ...valid, ends_on: '2024-12-01' });
    expect(backwards.error?.issues[0]?.path).toEqual(['ends_on']);
    // Each says why, not "Value not valid".
    expect(backwards.error?.issues[0]?.message).toBe('dateNotBeforeStart');
    const late = closureInputSchema.safeParse({ ...valid, announce_from: '2024-12-17' });
    expect(late.error?.issues[0]?.path).toEqual(['announce_from']);
    expect(late.error?.issues[0]?.message).toBe('noticeAfterClosureStart');
  });

  it('refuses a suspension window that ends before it starts, on ends_on', () => {
    expect(
      returnDeliverySuspensionInputSchema.safeParse({ starts_on: '2025-08-01', ends_on: '2025-08-01' })
        .success,
    ).toBe(true);
    const backwards = returnDeliverySuspensionInputSchema.safeParse({
      starts_on: '2025-08-02',
      ends_on: '2025-08-01',
    });
    expect(backwards.error?.issues[0]?.path).toEqual(['ends_on']);
  });

  it('finds periods overlapping when they share a day, both ends included', () => {
    const august = { starts_on: '2025-08-01', ends_on: '2025-08-15' };
    expect(periodsOverlap(august, { starts_on: '2025-08-15', ends_on: '2025-08-20' })).toBe(true);
    expect(periodsOverlap(august, { starts_on: '2025-07-01', ends_on: '2025-09-01' })).toBe(true);
    expect(periodsOverlap(august, { starts_on: '2025-08-16', ends_on: '2025-08-20' })).toBe(false);
    expect(periodsOverlap(august, { starts_on: '2025-07-01', ends_on: '2025-07-31' })).toBe(false);
  });

  it('lets a period be deleted only before its first day', () => {
    expect(isPeriodDeletable('2025-07-31', { starts_on: '2025-08-01' })).toBe(true);
    expect(isPeriodDeletable('2025-08-01', { starts_on: '2025-08-01' })).toBe(false);
  });
});

describe('calendar periods at the end of the calendar (decision 083)', () => {
  it('refuses a period that ends after the last day whose next day is still a date', () => {
    // Past 9999-12-31 the next day is no date: the working day after such a closure was looked for
    // for ever, on the server's event loop.
    const closure = { announce_from: '9998-12-01', notice_en_us: 'Closed', notice_it_it: 'Chiuso' };
    const refused = closureInputSchema.safeParse({
      ...closure,
      starts_on: '9998-12-30',
      ends_on: '9999-12-31',
    });
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['ends_on']);
    expect(
      returnDeliverySuspensionInputSchema.safeParse({ starts_on: '9999-12-31', ends_on: '9999-12-31' })
        .success,
    ).toBe(false);
    const last = { starts_on: '9998-12-30', ends_on: '9998-12-31', announce_from: '9998-12-01' };
    expect(closureInputSchema.safeParse({ ...closure, ...last }).success).toBe(true);
    expect(resumesOn('9998-12-31', { closures: [{ from: '9998-12-30', to: '9998-12-31' }] })).toBe(
      '9999-01-04',
    );
  });
});
