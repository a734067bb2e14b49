import { describe, expect, it } from 'vitest';
import { closesOnAccountDeletion } from './account-deletion';
import { PRACTICE_STATUSES } from './statuses';

describe('closesOnAccountDeletion (decision 052)', () => {
  it('closes what is submitted and not final: evaluation, a question to the applicant, an appeal', () => {
    expect(PRACTICE_STATUSES.filter(closesOnAccountDeletion)).toEqual([
      'unassigned',
      'assigned',
      'in_evaluation',
      'in_review',
      'reviewed',
      'ready_for_issue',
      'pending_student_reply',
      'appeal_requested',
      'appeal_in_evaluation',
      'appeal_in_review',
      'appeal_reviewed',
      'appeal_pending_student_reply',
    ]);
  });
});
