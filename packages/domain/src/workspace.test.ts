import { describe, expect, it } from 'vitest';
import {
  assignBodySchema,
  isInQueue,
  QUEUE_FILTER_STATUSES,
  QUEUE_SORT_FIELDS,
  staffPracticesQuerySchema,
  STAFF_QUEUES,
  transitionBodySchema,
  VERIFICATION_OUTCOMES,
  verificationOutcomesFor,
} from './workspace';

describe('staff queues', () => {
  it('puts a request in the evaluator’s and reviewer’s own queues only', () => {
    const inReview = { status: 'in_review' as const, isMine: false, isMyReview: true, hasPeople: true };
    expect(STAFF_QUEUES.filter((queue) => isInQueue(queue, inReview))).toEqual(['to_review', 'all']);
    const someoneElses = { ...inReview, isMyReview: false };
    expect(STAFF_QUEUES.filter((queue) => isInQueue(queue, someoneElses))).toEqual(['all']);
    const mine = {
      status: 'pending_student_reply' as const,
      isMine: true,
      isMyReview: false,
      hasPeople: true,
    };
    expect(STAFF_QUEUES.filter((queue) => isInQueue(queue, mine))).toEqual(['assigned', 'all']);
  });

  it('keeps drafts out of every queue and closed requests in the archive only', () => {
    for (const queue of STAFF_QUEUES) {
      expect(isInQueue(queue, { status: 'draft', isMine: true, isMyReview: true, hasPeople: false })).toBe(
        false,
      );
    }
    const closed = { status: 'closed' as const, isMine: true, isMyReview: true, hasPeople: false };
    expect(STAFF_QUEUES.filter((queue) => isInQueue(queue, closed))).toEqual(['archive', 'all']);
  });

  it('puts an open request worked on without its people in the queue to assign', () => {
    const admitted = { status: 'appeal_in_evaluation' as const, isMine: false, isMyReview: false };
    expect(STAFF_QUEUES.filter((queue) => isInQueue(queue, { ...admitted, hasPeople: false }))).toEqual([
      'unassigned',
      'all',
    ]);
    expect(STAFF_QUEUES.filter((queue) => isInQueue(queue, { ...admitted, hasPeople: true }))).toEqual([
      'all',
    ]);
    const ready = { status: 'appeal_reviewed' as const, isMine: false, isMyReview: false, hasPeople: false };
    expect(STAFF_QUEUES.filter((queue) => isInQueue(queue, ready))).toEqual(['ready_for_issue', 'all']);
  });
});

describe('what each queue offers to filter and sort by', () => {
  it('offers only the statuses the queue can hold', () => {
    expect(QUEUE_FILTER_STATUSES.to_review).toEqual(['in_review', 'reviewed', 'appeal_in_review']);
    expect(QUEUE_FILTER_STATUSES.ready_for_issue).toEqual(['ready_for_issue', 'appeal_reviewed']);
    expect(QUEUE_FILTER_STATUSES.archive).toEqual([
      'closed',
      'published',
      'appeal_rejected',
      'appeal_issued',
      'amend_issued',
      'appeal_refused',
    ]);
    // Waiting to be assigned, or worked on without its evaluator or reviewer.
    expect(QUEUE_FILTER_STATUSES.unassigned).toEqual([
      'unassigned',
      'assigned',
      'in_evaluation',
      'in_review',
      'reviewed',
      'pending_student_reply',
      'appeal_requested',
      'appeal_in_evaluation',
      'appeal_in_review',
      'appeal_pending_student_reply',
    ]);
    expect(QUEUE_FILTER_STATUSES.assigned).not.toContain('published');
    expect(QUEUE_FILTER_STATUSES.assigned).toContain('ready_for_issue');
    expect(QUEUE_FILTER_STATUSES.all).toHaveLength(18);
    for (const queue of STAFF_QUEUES) expect(QUEUE_FILTER_STATUSES[queue]).not.toContain('draft');
  });

  it('refuses a status the queue cannot hold on `status`', () => {
    const result = staffPracticesQuerySchema.safeParse({ queue: 'to_review', status: 'published' });
    expect(result.error?.issues[0]).toMatchObject({ message: 'invalidOption', path: ['status'] });
    expect(staffPracticesQuerySchema.parse({ queue: 'to_review', status: 'reviewed' }).status).toBe(
      'reviewed',
    );
    expect(staffPracticesQuerySchema.parse({ status: 'published' }).queue).toBe('all');
  });

  it('offers the delivery payment date where the evaluation is over, and no sort twice', () => {
    expect(QUEUE_SORT_FIELDS.to_review).toEqual([
      'id',
      'name',
      'started_at',
      'expected_deadline',
      'requested_at',
    ]);
    expect(QUEUE_SORT_FIELDS.archive).toEqual([
      'id',
      'name',
      'started_at',
      'expected_deadline',
      'requested_at',
      'delivery_paid_at',
    ]);
    expect(QUEUE_SORT_FIELDS.all).toContain('delivery_paid_at');
  });
});

describe('staff request bodies', () => {
  it('refuses the same person as evaluator and reviewer', () => {
    const result = assignBodySchema.safeParse({ practice_ids: [1], evaluator_id: 2, reviewer_id: 2 });
    expect(result.error?.issues[0]).toMatchObject({ message: 'reviewerNotEvaluator', path: ['reviewer_id'] });
  });

  it('keeps each document type a question asks for once, in the list’s order', () => {
    const body = transitionBodySchema.parse({
      action: 'ask_applicant',
      message: 'Please upload your transcripts.',
      requested_documents: ['transcript_of_records', 'diploma', 'transcript_of_records'],
    });
    expect(body.requested_documents).toEqual(['diploma', 'transcript_of_records']);
  });

  it('reads the list filters from a query string', () => {
    expect(
      staffPracticesQuerySchema.parse({ queue: 'archive', is_urgent: 'true', country: 'br', sort: '-name' }),
    ).toMatchObject({ queue: 'archive', is_urgent: true, country: 'BR', sort: '-name', page: 1 });
  });
});

describe('verificationOutcomesFor', () => {
  it('never offers "verified with the issuer" on a service without verification', () => {
    expect(verificationOutcomesFor('refugee_comparability')).toEqual(['pending', 'not_possible']);
    expect(verificationOutcomesFor('comparability')).not.toContain('verified');
    expect(verificationOutcomesFor('correspondence_verification')).toEqual(VERIFICATION_OUTCOMES);
  });
});
