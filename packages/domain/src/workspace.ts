import { z } from 'zod';
import { decimalInteger } from './decimal-integer';
import { SORT_FIELDS, type SortField } from './constants';
import { isoDateSchema } from './dates';
import { DEADLINE_FLAGS } from './deadlines';
import { countryCodeField } from './country-code';
import { listQuerySchema } from './list-query';
import { practiceSummarySchema } from './practice';
import { ARCHIVE_STATUSES, ISSUING_STATUSES, PRACTICE_STATUSES, type PracticeStatus } from './statuses';
import { SERVICE_KINDS, serviceOffer, type ServiceKind } from './services';
import { MESSAGE_MAX_LENGTH, requestedDocumentsSchema } from './thread';
import { TRANSITION_ACTIONS } from './transitions';
import { recordOf } from './collections';

/**
 * The staff workspace (spec §1 staff queues): its queues, list filters and request bodies.
 * `assigned` and `to_review` are the caller's own; the others are shared by all staff.
 */
export const STAFF_QUEUES = [
  'assigned',
  'to_review',
  'ready_for_issue',
  'unassigned',
  'archive',
  'all',
] as const;
export type StaffQueue = (typeof STAFF_QUEUES)[number];

/** The statuses each queue holds (besides `assigned`: the caller's requests that are not archived). */
export const QUEUE_STATUSES = {
  to_review: ['in_review', 'reviewed', 'appeal_in_review'],
  ready_for_issue: ISSUING_STATUSES,
  // Those who assign also admit or refuse an appeal asked for (`staff.assign`): it waits here.
  unassigned: ['unassigned', 'appeal_requested'],
  archive: ARCHIVE_STATUSES,
} as const satisfies Partial<Record<StaffQueue, readonly PracticeStatus[]>>;

/**
 * The open statuses in which someone evaluates or reviews the request: past the `assign` move and
 * before the statement is issued. A request in one of them without its evaluator or its reviewer
 * (an appeal admitted on a request nobody holds, a person's account removed) waits in the
 * `unassigned` queue too, so that those who assign see it and give it to someone.
 */
export const STAFFED_STATUSES = [
  'assigned',
  'in_evaluation',
  'pending_student_reply',
  'in_review',
  'reviewed',
  'appeal_in_evaluation',
  'appeal_pending_student_reply',
  'appeal_in_review',
] as const satisfies readonly PracticeStatus[];

/**
 * Whether a submitted request belongs in a queue of this staff member (`isMine`: they are its
 * evaluator; `hasPeople`: it has both an evaluator and a reviewer).
 */
export function isInQueue(
  queue: StaffQueue,
  request: { status: PracticeStatus; isMine: boolean; isMyReview: boolean; hasPeople: boolean },
): boolean {
  if (request.status === 'draft') return false;
  switch (queue) {
    case 'assigned':
      return request.isMine && !(ARCHIVE_STATUSES as readonly PracticeStatus[]).includes(request.status);
    case 'to_review':
      return (
        request.isMyReview && (QUEUE_STATUSES.to_review as readonly PracticeStatus[]).includes(request.status)
      );
    case 'unassigned':
      return (
        (QUEUE_STATUSES.unassigned as readonly PracticeStatus[]).includes(request.status) ||
        (!request.hasPeople && (STAFFED_STATUSES as readonly PracticeStatus[]).includes(request.status))
      );
    case 'ready_for_issue':
    case 'archive':
      return (QUEUE_STATUSES[queue] as readonly PracticeStatus[]).includes(request.status);
    case 'all':
      return true;
  }
}

/**
 * The statuses a queue can hold, derived from `isInQueue` itself (every status for which some
 * caller and some evaluator and reviewer put a request in the queue): the status filter of a queue
 * offers these and the API refuses any other in it (422 on `status`).
 */
export const QUEUE_FILTER_STATUSES: Readonly<Record<StaffQueue, readonly PracticeStatus[]>> = recordOf(
  STAFF_QUEUES,
  (queue) =>
    PRACTICE_STATUSES.filter((status) =>
      [false, true].some((isMine) =>
        [false, true].some((isMyReview) =>
          [false, true].some((hasPeople) => isInQueue(queue, { status, isMine, isMyReview, hasPeople })),
        ),
      ),
    ),
);

export const isStatusInQueue = (queue: StaffQueue, status: PracticeStatus): boolean =>
  QUEUE_FILTER_STATUSES[queue].includes(status);

/**
 * The sorts a queue offers (spec §9's options that tell its requests apart): never `sequence` nor
 * `created_at`, which order staff lists as the number and the start do; the delivery payment date
 * only where the evaluation is over, since a return delivery opens then (DELIVERY_OPENABLE_STATUSES).
 * The API accepts every option of spec §9 in every queue.
 */
const SAME_ORDER_AS: Partial<Record<SortField, SortField>> = { sequence: 'id', created_at: 'started_at' };
export const QUEUE_SORT_FIELDS: Readonly<Record<StaffQueue, readonly SortField[]>> = recordOf(
  STAFF_QUEUES,
  (queue) =>
    SORT_FIELDS.filter(
      (field) =>
        SAME_ORDER_AS[field] === undefined &&
        (field !== 'delivery_paid_at' || queue === 'archive' || queue === 'all'),
    ),
);

/** Of a queue's count, how many requests have an appeal, and how many an amendment, open or ended. */
export const queueKindCountsSchema = z.object({
  appeals: z.number().int().nonnegative(),
  amendments: z.number().int().nonnegative(),
});
export type QueueKindCounts = z.infer<typeof queueKindCountsSchema>;

/**
 * Each queue's count, and (`kinds`) of each count the appeals and the amendments, as a queue's page
 * splits its total: the rest are first requests. No `kinds` from an instance from before it.
 */
export const queueCountsSchema = z
  .object({
    ...recordOf(STAFF_QUEUES, () => z.number().int()),
    kinds: z.object(recordOf(STAFF_QUEUES, () => queueKindCountsSchema)).optional(),
  })
  .meta({ id: 'QueueCounts' });
export type QueueCounts = z.infer<typeof queueCountsSchema>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const id = decimalInteger(z.number().int().positive());

/** GET /staff/practices: a queue, the filters of the staff tables and the sort options of spec §9. */
export const staffPracticesQuerySchema = listQuerySchema(SORT_FIELDS)
  .extend({
    queue: z.enum(STAFF_QUEUES).default('all'),
    status: z.enum(PRACTICE_STATUSES).optional(),
    country: countryCodeField.optional(),
    service: z.enum(SERVICE_KINDS).optional(),
    is_urgent: flag.optional(),
    /** Expected deadline on or before this day. */
    deadline_before: z.optional(isoDateSchema),
    /** Open requests late, at risk or on time (decision 070). */
    deadline: z.enum(DEADLINE_FLAGS).optional(),
    assignee_id: id.optional(),
    reviewer_id: id.optional(),
  })
  .refine((query) => !query.status || isStatusInQueue(query.queue, query.status), {
    message: 'invalidOption',
    path: ['status'],
  });
export type StaffPracticesQuery = z.infer<typeof staffPracticesQuerySchema>;

export const staffRefSchema = z
  .object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
  .meta({ id: 'StaffRef' });
export type StaffRef = z.infer<typeof staffRefSchema>;

export const staffPracticeSummarySchema = practiceSummarySchema
  .extend({
    qualification_name: z.string().nullable(),
    applicant: z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
    }),
    assignee: staffRefSchema.nullable(),
    reviewer: staffRefSchema.nullable(),
    updated_at: z.string(),
    /** Where the request stands against its deadline; null when it has no working days to go. */
    deadline_flag: z.enum(DEADLINE_FLAGS).nullable(),
    /** The applicant answered the evaluator's question, who has not acted since (`isAnsweredByApplicant`). */
    applicant_answered: z.boolean(),
  })
  .meta({ id: 'StaffPracticeSummary' });
export type StaffPracticeSummary = z.infer<typeof staffPracticeSummarySchema>;

/** GET /staff/users?role=…: the people the assign dialog offers (by ability, so admins are among them). */
export const staffUsersQuerySchema = z.object({ role: z.enum(['evaluator', 'reviewer']) });
export const staffUserSchema = staffRefSchema
  .extend({ email: z.string(), role: z.string() })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof staffUserSchema>;

const note = z.string().trim().min(1).max(1000);

/** POST /staff/practices/{id}/transitions: one move of the transition table and what it records. */
export const transitionBodySchema = z.object({
  action: z.enum(TRANSITION_ACTIONS),
  /** An internal note (a send-back's reason, a remark): kept in the audit trail, read by staff only. */
  note: note.optional(),
  /** The reason of a closure or of an appeal's refusal or rejection: the applicant reads it (decision 054). */
  reason: note.optional(),
  /** A question to the applicant: goes to the thread and to their mailbox. */
  message: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH).optional(),
  requested_documents: requestedDocumentsSchema.optional(),
  /** `assign` only. */
  evaluator_id: z.number().int().positive().optional(),
  reviewer_id: z.number().int().positive().optional(),
  /** The status the user saw: when it is no longer the request's, 409 PRACTICE_CHANGED. */
  expected_status: z.enum(PRACTICE_STATUSES).optional(),
});
export type TransitionBody = z.infer<typeof transitionBodySchema>;

/** POST /staff/practices/assign: several requests to one evaluator and one (other) reviewer. */
export const assignBodySchema = z
  .object({
    practice_ids: z.array(z.number().int().positive()).min(1).max(100),
    evaluator_id: z.number().int().positive(),
    reviewer_id: z.number().int().positive(),
  })
  .refine((value) => value.evaluator_id !== value.reviewer_id, {
    message: 'reviewerNotEvaluator',
    path: ['reviewer_id'],
  });
export type AssignBody = z.infer<typeof assignBodySchema>;

/** POST /staff/practices/messages: one message to the applicants of several requests (decision 071). */
export const messageApplicantsBodySchema = z.object({
  practice_ids: z.array(z.number().int().positive()).min(1).max(100),
  message: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH),
});
export type MessageApplicantsBody = z.infer<typeof messageApplicantsBodySchema>;

export const VERIFICATION_OUTCOMES = ['pending', 'verified', 'not_verified', 'not_possible'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/**
 * The outcomes a request's service allows: a service without verification (comparability only,
 * the refugees' free one) is never verified with the issuer, so neither "verified" nor "not verified".
 */
export function verificationOutcomesFor(service: ServiceKind): readonly VerificationOutcome[] {
  if (serviceOffer(service).includesVerification) return VERIFICATION_OUTCOMES;
  return VERIFICATION_OUTCOMES.filter((outcome) => outcome !== 'verified' && outcome !== 'not_verified');
}

/** PUT /staff/practices/{id}/verification: the outcome of verifying the qualification with its issuer. */
export const verificationBodySchema = z.object({
  outcome: z.enum(VERIFICATION_OUTCOMES),
  notes: z.string().trim().max(5000).nullable().optional(),
});
export type VerificationBody = z.infer<typeof verificationBodySchema>;

/** POST /staff/practices/{id}/file-check: the file is complete and readable. */
export const fileCheckBodySchema = z.object({ notes: z.string().trim().max(2000).nullable().optional() });
export type FileCheckBody = z.infer<typeof fileCheckBodySchema>;

/** POST /staff/practices/{id}/notes: an internal note, never shown to the applicant. */
export const noteBodySchema = z.object({ text: z.string().trim().min(1).max(5000) });
export type NoteBody = z.infer<typeof noteBodySchema>;
