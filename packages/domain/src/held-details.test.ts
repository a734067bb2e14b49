import { describe, expect, it } from 'vitest';
import { holdsIdentity } from './held-details';

describe('holdsIdentity', () => {
  it('holds from the submission until the statement is issued or the request closed, appeals included', () => {
    expect(holdsIdentity({ status: 'draft' })).toBe(false);
    for (const status of [
      'unassigned',
      'ready_for_issue',
      'pending_student_reply',
      'appeal_requested',
      'appeal_pending_student_reply',
    ] as const)
      expect(holdsIdentity({ status }), status).toBe(true);
    for (const status of ['published', 'closed', 'appeal_rejected', 'appeal_issued', 'amend_issued'] as const)
      expect(holdsIdentity({ status }), status).toBe(false);
  });
});
