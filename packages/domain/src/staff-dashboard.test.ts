import { describe, expect, it } from 'vitest';
import { backlogRows, dashboardPeriodIssue, dashboardPeriodOf, openAppealsOf } from './staff-dashboard';

describe('the dashboard period', () => {
  it('defaults to the twelve weeks ending today, or ending on the To date given', () => {
    expect(dashboardPeriodOf('2026-12-05', {})).toEqual({ from: '2026-09-13', to: '2026-12-05' });
    expect(dashboardPeriodOf('2026-12-05', { to: '2026-06-30' })).toEqual({
      from: '2026-04-08',
      to: '2026-06-30',
    });
  });

  it('refuses a start after its end on To, and a period over two years or out of the known years on From', () => {
    expect(dashboardPeriodIssue({ from: '2026-12-01', to: '2026-11-29' })).toEqual({
      field: 'to',
      code: 'dateNotBeforeStart',
    });
    expect(dashboardPeriodIssue({ from: '2024-01-01', to: '2026-11-29' })).toEqual({
      field: 'from',
      code: 'invalidValue',
    });
    expect(dashboardPeriodIssue({ from: '1899-12-31', to: '1900-01-10' })?.code).toBe('invalidValue');
    expect(dashboardPeriodIssue({ from: '2026-11-29', to: '2026-11-29' })).toBeNull();
  });
});

describe('the backlog of appeals and amendments', () => {
  const backlog = [
    { status: 'unassigned', count: 4 },
    { status: 'appeal_requested', count: 3 },
    { status: 'appeal_in_review', count: 2 },
  ] as const;
  const apart = [
    { status: 'appeal_requested', appeal_type: 'appeal', count: 1 },
    { status: 'appeal_requested', appeal_type: 'amendment', count: 2 },
    { status: 'appeal_in_review', appeal_type: 'amendment', count: 2 },
  ] as const;

  it('names the amendments of a status apart from its appeals, adding up to the backlog', () => {
    const rows = backlogRows({ backlog: [...backlog], backlog_appeals: [...apart] });
    expect(rows).toEqual([
      { status: 'unassigned', count: 4 },
      { status: 'appeal_requested', count: 1 },
      { status: 'amendment_requested', count: 2 },
      { status: 'amendment_in_review', count: 2 },
    ]);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(9);
    expect(openAppealsOf({ backlog_appeals: [...apart] })).toEqual({ appeal: 1, amendment: 4 });
  });

  it('keeps the backlog as it is from an instance that does not tell them apart', () => {
    expect(backlogRows({ backlog: [...backlog] })).toEqual(backlog);
    expect(openAppealsOf({})).toEqual({ appeal: 0, amendment: 0 });
  });
});
