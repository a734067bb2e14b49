import { describe, expect, it } from 'vitest';
import { abilitiesFor } from './abilities';
import { PRACTICE_STATUSES, type AppealType, type PracticeStatus } from './statuses';
import {
  isAnsweredByApplicant,
  actorContextOf,
  availableTransitions,
  canFire,
  findTransition,
  fitsStatement,
  isOfferedInWorkspace,
  evaluatorsOf,
  TRANSITION_ACTIONS,
  TRANSITIONS,
  type Transition,
  waitsForApplicant,
} from './transitions';

const evaluator = { actor: 'staff' as const, abilities: abilitiesFor('evaluator') };

describe('the transition table', () => {
  it('leads only to known statuses and never out of a final one', () => {
    for (const transition of TRANSITIONS) {
      expect(PRACTICE_STATUSES).toContain(transition.to);
      for (const from of transition.from)
        expect(['closed', 'appeal_refused', 'appeal_rejected']).not.toContain(from);
    }
  });

  it('has one target per action and status', () => {
    const seen = new Set<string>();
    for (const transition of TRANSITIONS) {
      for (const from of transition.from) {
        const key = `${transition.action}:${from}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });
});

describe('findTransition', () => {
  it('finds the move of an action from a status, and nothing from a wrong status', () => {
    expect(findTransition('send_in_review', 'in_evaluation')?.to).toBe('in_review');
    expect(findTransition('send_in_review', 'appeal_in_evaluation')?.to).toBe('appeal_in_review');
    expect(findTransition('publish', 'in_review')).toBeUndefined();
    expect(findTransition('close', 'published')).toBeUndefined();
  });
});

describe('canFire and availableTransitions', () => {
  it('lets only the assignee evaluate, unless an admin', () => {
    const start = findTransition('start', 'assigned');
    if (!start) throw new Error('start missing');
    expect(canFire(start, { ...evaluator, isAssignee: true })).toBe(true);
    expect(canFire(start, { ...evaluator, isAssignee: false })).toBe(false);
    expect(canFire(start, { actor: 'staff', abilities: abilitiesFor('admin'), isAdmin: true })).toBe(true);
  });

  it('never lets whoever evaluated a request review it, not even an administrator (four eyes)', () => {
    const admin = { actor: 'staff' as const, abilities: abilitiesFor('admin'), isAdmin: true };
    for (const [action, from] of [
      ['conclude_review', 'in_review'],
      ['send_back', 'in_review'],
      ['mark_ready_for_issue', 'reviewed'],
    ] as const) {
      const move = findTransition(action, from);
      if (!move) throw new Error(`${action} missing`);
      expect(canFire(move, { ...admin, isAssignee: true })).toBe(false);
      expect(canFire(move, { ...admin, isAssignee: false })).toBe(true);
    }
    // Nor whoever sent it in review, once another evaluator took it over.
    const conclude = findTransition('conclude_review', 'in_review');
    if (!conclude) throw new Error('conclude_review missing');
    expect(canFire(conclude, { ...admin, isAssignee: false, hasEvaluated: true })).toBe(false);
    expect(canFire(conclude, { ...admin, isReviewer: true, hasEvaluated: true })).toBe(false);
    // Nor does the administrator who is its reviewer make the evaluator's moves.
    for (const [action, from] of [
      ['start', 'assigned'],
      ['send_in_review', 'in_evaluation'],
    ] as const) {
      const move = findTransition(action, from);
      if (!move) throw new Error(`${action} missing`);
      expect(canFire(move, { ...admin, isReviewer: true })).toBe(false);
    }
    // The evaluating administrator still sends it in review, and stands in for another's review.
    const sendInReview = findTransition('send_in_review', 'in_evaluation');
    if (!sendInReview) throw new Error('send_in_review missing');
    expect(canFire(sendInReview, { ...admin, isAssignee: true })).toBe(true);
  });

  it('keeps staff actions from applicants and applicant actions from staff', () => {
    expect(
      availableTransitions('pending_student_reply', { actor: 'applicant' }, null).map((t) => t.action),
    ).toEqual(['reply']);
    expect(
      availableTransitions('pending_student_reply', { ...evaluator, isAssignee: true }, null).map(
        (t) => t.action,
      ),
    ).toEqual([]);
  });

  it('offers a secretary assignment and closing on an unassigned request', () => {
    const actions = availableTransitions(
      'unassigned',
      { actor: 'staff', abilities: abilitiesFor('secretary') },
      null,
    ).map((t) => t.action);
    expect(actions.sort()).toEqual(['assign', 'close']);
  });

  it('offers the reviewer the review outcomes only on their requests', () => {
    const reviewer = { actor: 'staff' as const, abilities: abilitiesFor('reviewer') };
    expect(
      availableTransitions('in_review', { ...reviewer, isReviewer: true }, null)
        .map((t) => t.action)
        .sort(),
    ).toEqual(['conclude_review', 'send_back']);
    expect(availableTransitions('in_review', { ...reviewer, isReviewer: false }, null)).toEqual([]);
  });
});

describe('what each move records and says', () => {
  const table = TRANSITIONS as readonly Transition[];

  it('lists every action of the table once in TRANSITION_ACTIONS', () => {
    expect([...TRANSITION_ACTIONS].sort()).toEqual([...new Set(table.map((t) => t.action))].sort());
  });

  it('acknowledges every staff move and the reply with a success message, unless another flow owns it', () => {
    for (const transition of table) {
      if (transition.actor === 'system' || transition.via) continue;
      expect(transition.notice, transition.action).toBeDefined();
    }
  });

  it('mails the applicant when asked a question and when the request is closed', () => {
    expect(findTransition('ask_applicant', 'in_evaluation')?.notifies).toBe('question-asked');
    expect(findTransition('ask_applicant', 'appeal_in_evaluation')?.notifies).toBe('question-asked');
    expect(findTransition('close', 'in_review')?.notifies).toBe('closed');
    expect(findTransition('send_in_review', 'in_evaluation')?.notifies).toBeUndefined();
  });

  it('handles an appeal as DESIGN.md: who acts, what is recorded, who is told, which notice (spec §4)', () => {
    const secretary = { actor: 'staff' as const, abilities: abilitiesFor('secretary') };
    const admit = findTransition('admit_appeal', 'appeal_requested');
    const refuse = findTransition('refuse_appeal', 'appeal_requested');
    const reject = findTransition('reject_appeal', 'appeal_reviewed');
    expect(findTransition('request_appeal', 'published')).toMatchObject({
      to: 'appeal_requested',
      actor: 'applicant',
      notifies: 'appeal-received',
      notice: 'appealCreated',
    });
    expect(admit).toMatchObject({
      to: 'appeal_in_evaluation',
      notifies: 'appeal-confirmed',
      notice: 'appealConfirmed',
    });
    expect(refuse).toMatchObject({
      to: 'appeal_refused',
      requires: { reason: true },
      notice: 'appealRefused',
    });
    expect(reject).toMatchObject({
      to: 'appeal_rejected',
      requires: { reason: true },
      notice: 'appealRejected',
    });
    expect(admit && canFire(admit, secretary)).toBe(true);
    expect(admit && canFire(admit, evaluator)).toBe(false);
    expect(reject && canFire(reject, secretary)).toBe(false);
    expect(findTransition('reply', 'appeal_pending_student_reply')?.to).toBe('appeal_in_evaluation');
    expect(findTransition('conclude_review', 'appeal_in_review')?.to).toBe('appeal_reviewed');
    expect(findTransition('issue_appeal', 'appeal_reviewed', 'appeal')).toMatchObject({
      to: 'appeal_issued',
      via: 'publication',
    });
    expect(findTransition('issue_amendment', 'appeal_reviewed', 'amendment')).toMatchObject({
      to: 'amend_issued',
      via: 'publication',
    });
    expect(findTransition('request_appeal', 'appeal_refused')).toBeUndefined();
  });

  it('leaves publication and appeal requests to their own flows', () => {
    expect(findTransition('publish', 'ready_for_issue')?.via).toBe('publication');
    expect(findTransition('request_appeal', 'published')?.via).toBe('appeal_request');
  });
});

describe('send in review', () => {
  it('needs a complete assessment, in evaluation and in appeal', () => {
    expect(findTransition('send_in_review', 'in_evaluation')?.requires?.assessment).toBe(true);
    expect(findTransition('send_in_review', 'appeal_in_evaluation')?.requires?.assessment).toBe(true);
  });
});

describe('evaluatorsOf', () => {
  const entry = (action: string, id: number | null, from_status = 'in_evaluation') => ({
    action,
    from_status,
    by: id === null ? null : { id },
  });

  it("reads everyone who made an evaluator's move or change, once each", () => {
    expect(
      evaluatorsOf([
        entry('assign', 30, 'unassigned'),
        entry('start', 21, 'assigned'),
        entry('assessment', 21),
        entry('reassign', 30),
        entry('verification', 23),
        entry('send_in_review', 23),
        entry('send_back', 22, 'in_review'),
        entry('file_check', 24),
        entry('ask_applicant', 25),
        entry('send_in_review', 21),
      ]),
    ).toEqual([21, 23, 24, 25]);
  });

  it('leaves out the reviewer correcting the assessment in review, notes, and the system', () => {
    expect(
      evaluatorsOf([
        entry('assessment', 22, 'in_review'),
        entry('assessment', 22, 'appeal_in_review'),
        entry('note', 26),
        entry('conclude_review', 22, 'in_review'),
        entry('send_in_review', null),
      ]),
    ).toEqual([]);
  });
});

describe('actorContextOf', () => {
  const people = { assignee_id: 21, reviewer_id: 22, evaluated_by: [23] };

  it('reads an applicant as such, and staff by their part in the request', () => {
    expect(actorContextOf({ id: 5, abilities: abilitiesFor('applicant') }, people)).toEqual({
      actor: 'applicant',
    });
    expect(actorContextOf({ id: 21, abilities: abilitiesFor('evaluator') }, people)).toMatchObject({
      actor: 'staff',
      isAssignee: true,
      isReviewer: false,
      isAdmin: false,
    });
    expect(actorContextOf({ id: 99, abilities: abilitiesFor('admin') }, people)).toMatchObject({
      isAdmin: true,
      hasEvaluated: false,
    });
    expect(actorContextOf({ id: 23, abilities: abilitiesFor('admin') }, people)).toMatchObject({
      isAssignee: false,
      hasEvaluated: true,
    });
  });
});

describe('the appeal moves the workspace offers (only those the table allows)', () => {
  const offered = (
    status: PracticeStatus,
    role: 'admin' | 'secretary' | 'evaluator' | 'reviewer',
    id = 99,
    appealType: AppealType | null = 'appeal',
  ) =>
    availableTransitions(
      status,
      actorContextOf(
        { id, abilities: abilitiesFor(role) },
        { assignee_id: 21, reviewer_id: 22, evaluated_by: [] },
      ),
      appealType,
    )
      .filter(isOfferedInWorkspace)
      .map((transition) => transition.action);

  it('lets the secretary admit or refuse a new appeal, not the evaluator', () => {
    expect(offered('appeal_requested', 'secretary')).toEqual(['admit_appeal', 'refuse_appeal']);
    expect(offered('appeal_requested', 'evaluator', 21)).toEqual([]);
  });

  it('lets the assignee ask or send in review, and the reviewer conclude or send it back', () => {
    expect(offered('appeal_in_evaluation', 'evaluator', 21)).toEqual(['ask_applicant', 'send_in_review']);
    expect(offered('appeal_in_review', 'reviewer', 22)).toEqual(['conclude_review', 'send_back']);
    expect(findTransition('send_back', 'appeal_in_review')?.to).toBe('appeal_in_evaluation');
    expect(offered('appeal_pending_student_reply', 'admin')).toEqual([]);
  });

  it('offers the statement of appeal or the amended statement, and the rejection, to a publisher only', () => {
    expect(offered('appeal_reviewed', 'admin')).toEqual(['issue_appeal', 'reject_appeal']);
    expect(offered('appeal_reviewed', 'reviewer', 22)).toEqual([]);
    expect(offered('published', 'admin')).toEqual([]);
  });

  it('offers the statement of appeal or the amended statement only on a statement in force, and the rest either way', () => {
    for (const appealType of ['appeal', 'amendment'] as const) {
      const moves = availableTransitions(
        'appeal_reviewed',
        actorContextOf(
          { id: 99, abilities: abilitiesFor('admin') },
          { assignee_id: 21, reviewer_id: 22, evaluated_by: [] },
        ),
        appealType,
      );
      expect(moves.filter((move) => fitsStatement(move, false)).map((move) => move.action)).toEqual([
        'reject_appeal',
      ]);
      expect(moves.filter((move) => fitsStatement(move, true))).toEqual(moves);
    }
    // Publishing the first statement needs none in force.
    expect(fitsStatement({ action: 'publish' }, false)).toBe(true);
  });

  it('issues an appeal as a statement of appeal and an amendment as an amended statement, never the other way', () => {
    expect(offered('appeal_reviewed', 'admin', 99, 'amendment')).toEqual([
      'issue_amendment',
      'reject_appeal',
    ]);
    expect(offered('appeal_reviewed', 'admin', 99, null)).toEqual(['reject_appeal']);
    expect(findTransition('issue_appeal', 'appeal_reviewed', 'amendment')).toBeUndefined();
    expect(findTransition('issue_amendment', 'appeal_reviewed', 'appeal')).toBeUndefined();
    expect(findTransition('issue_appeal', 'appeal_reviewed')).toBeUndefined();
    // The other moves of an appeal are the same for both.
    expect(findTransition('reject_appeal', 'appeal_reviewed', 'amendment')?.to).toBe('appeal_rejected');
  });
});

describe('whether the applicant answered and the evaluator has not acted since', () => {
  const trail = (...actions: string[]) => actions.map((action) => ({ action }));

  it('holds from the reply until the evaluator’s next act, for a request and an appeal', () => {
    expect(isAnsweredByApplicant('in_evaluation', trail('start', 'ask_applicant', 'reply'))).toBe(true);
    expect(isAnsweredByApplicant('appeal_in_evaluation', trail('ask_applicant', 'reply'))).toBe(true);
    // A note or a document replaced is not the evaluator's answer to it.
    expect(isAnsweredByApplicant('in_evaluation', trail('ask_applicant', 'reply', 'note'))).toBe(true);
    expect(isAnsweredByApplicant('in_evaluation', trail('ask_applicant', 'reply', 'assessment'))).toBe(false);
    expect(
      isAnsweredByApplicant('in_evaluation', trail('reply', 'file_check', 'ask_applicant', 'reply')),
    ).toBe(true);
  });

  it('never holds without a reply, nor once the request left the evaluation', () => {
    expect(isAnsweredByApplicant('in_evaluation', trail('start'))).toBe(false);
    expect(isAnsweredByApplicant('pending_student_reply', trail('reply', 'ask_applicant'))).toBe(false);
    expect(isAnsweredByApplicant('in_review', trail('reply', 'send_in_review'))).toBe(false);
  });
});

describe('waitsForApplicant', () => {
  it("is a request's or an appeal's wait for the applicant's answer, and nothing else", () => {
    expect(PRACTICE_STATUSES.filter(waitsForApplicant)).toEqual([
      'pending_student_reply',
      'appeal_pending_student_reply',
    ]);
  });
});
