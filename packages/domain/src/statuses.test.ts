import { describe, expect, it } from 'vitest';
import { PRACTICE_STATUSES, STATUS_LABELS, statusLabel } from './statuses';

describe('statusLabel', () => {
  it('shows the spec §4 label of each status', () => {
    expect(statusLabel('draft')).toBe('draft');
    expect(statusLabel('ready_for_issue')).toBe('in evaluation');
    expect(statusLabel('pending_student_reply')).toBe('cimea request');
    expect(statusLabel('appeal_pending_student_reply')).toBe('cimea request');
    expect(statusLabel('appeal_reviewed')).toBe('appeal in evaluation');
    expect(statusLabel('amend_issued')).toBe('amend_issued');
  });

  it('uses every label and only known labels', () => {
    const used = new Set(PRACTICE_STATUSES.map(statusLabel));
    expect([...used].sort()).toEqual([...STATUS_LABELS].sort());
  });
});
