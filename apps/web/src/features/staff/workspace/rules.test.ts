import { abilitiesFor, type PracticeStatus } from '@lisbon/domain';
import { describe, expect, it } from 'vitest';
import { evaluator, reviewer, staffPracticeFixture } from '@/test/staffFixtures';
import { actionOf, actorContext, offeredTransitions } from './rules';

const offered = (status: PracticeStatus, role: 'admin' | 'secretary' | 'evaluator' | 'reviewer', id = 99) => {
  const practice = staffPracticeFixture({ status, assignee: evaluator, reviewer });
  return offeredTransitions(practice, actorContext({ id, abilities: abilitiesFor(role) }, practice)).map(
    actionOf,
  );
};

describe('the appeal moves the workspace offers (only those the table allows)', () => {
  it('lets the secretary admit or refuse a new appeal, not the evaluator', () => {
    expect(offered('appeal_requested', 'secretary')).toEqual(['admit_appeal', 'refuse_appeal']);
    expect(offered('appeal_requested', 'evaluator', evaluator.id)).toEqual([]);
  });

  it('lets the assignee ask or send in review, and the reviewer conclude', () => {
    expect(offered('appeal_in_evaluation', 'evaluator', evaluator.id)).toEqual([
      'ask_applicant',
      'send_in_review',
    ]);
    expect(offered('appeal_in_review', 'reviewer', reviewer.id)).toEqual(['conclude_review']);
    expect(offered('appeal_pending_student_reply', 'admin')).toEqual([]);
  });

  it('offers the statement of appeal, the amended statement and the rejection to a publisher only', () => {
    expect(offered('appeal_reviewed', 'admin')).toEqual(['issue_appeal', 'issue_amendment', 'reject_appeal']);
    expect(offered('appeal_reviewed', 'reviewer', reviewer.id)).toEqual([]);
    expect(offered('published', 'admin')).toEqual([]);
  });
});
