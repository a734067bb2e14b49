import { describe, expect, it } from 'vitest';
import { dashboardPeriodIssue, dashboardPeriodOf } from './staff-dashboard';

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
