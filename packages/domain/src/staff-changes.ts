import type { Ability } from './abilities';
import { DELIVERY_OPENABLE_STATUSES, DELIVERY_SETTABLE_STATUSES, isDeliveryChangePending } from './delivery';
import { PRACTICE_STATUSES, type PracticeStatus } from './statuses';
import { findTransition, isThePersonAsked, type ActorContext } from './transitions';
import type { WorkspaceNoticeKey } from './workspace-notice-keys';

/**
 * The staff changes that are not moves of the transition table: who may make each and in which
 * statuses, as data beside TRANSITIONS. Each is written to the audit trail like a transition,
 * with the request's status as both `from` and `to`.
 */
export const STAFF_CHANGES = [
  'file_check',
  'verification',
  'assessment',
  'note',
  'open_to_delivery',
  'set_delivered',
  'reassign',
  'refund_payment',
  'cancel_delivery',
] as const;
export type StaffChange = (typeof STAFF_CHANGES)[number];

type Grant = {
  ability: Ability;
  mustBe?: 'assignee' | 'reviewer';
  /** The statuses in which this grant holds. */
  statuses: readonly PracticeStatus[];
};

type StaffChangeRule = {
  /** Who may make it and when: any grant the actor meets; admins (staff.manage) need not be assignee or reviewer. */
  grants: readonly Grant[];
  notice: WorkspaceNoticeKey;
};

const EVALUATING = [
  'in_evaluation',
  'pending_student_reply',
  'appeal_in_evaluation',
  'appeal_pending_student_reply',
] as const;
const REVIEWING = ['in_review', 'appeal_in_review'] as const;

/**
 * Whether a request waits for its reviewer (to conclude, or to mark it ready for issue): whoever
 * sent it in review may not be made that reviewer.
 */
export const awaitsReviewer = (status: PracticeStatus): boolean =>
  ([...REVIEWING, 'reviewed'] as readonly PracticeStatus[]).includes(status);

/**
 * Where a request has people working on it past the `assign` move (which holds in `unassigned` and
 * `assigned`): another evaluator or reviewer may take over until the review is done and marked
 * ready for issue (decision 025).
 */
export const REASSIGNABLE_STATUSES = [
  ...EVALUATING,
  ...REVIEWING,
  'reviewed',
  'appeal_reviewed',
] as const satisfies readonly PracticeStatus[];

/**
 * How a request in this status changes hands when staff assign it: for the first time (the `assign`
 * move), to other people while it is worked on (`reassign`), or not at all. The queue offers what
 * the API does.
 */
export function assignmentMoveOf(status: PracticeStatus): 'assign' | 'reassign' | null {
  if (findTransition('assign', status)) return 'assign';
  return (REASSIGNABLE_STATUSES as readonly PracticeStatus[]).includes(status) ? 'reassign' : null;
}

export const STAFF_CHANGE_RULES: Record<StaffChange, StaffChangeRule> = {
  // The evaluator checks the file is complete and readable once it is theirs.
  file_check: {
    grants: [{ ability: 'staff.evaluate', mustBe: 'assignee', statuses: ['assigned', ...EVALUATING] }],
    notice: 'fileCheckConcluded',
  },
  verification: {
    grants: [{ ability: 'staff.evaluate', mustBe: 'assignee', statuses: EVALUATING }],
    notice: 'verificationUpdated',
  },
  // The reviewer may correct the assessment while reviewing it.
  assessment: {
    grants: [
      { ability: 'staff.evaluate', mustBe: 'assignee', statuses: EVALUATING },
      { ability: 'staff.review', mustBe: 'reviewer', statuses: REVIEWING },
    ],
    notice: 'assessmentUpdated',
  },
  // Internal notes, never shown to the applicant: any staff member, on any submitted request.
  note: {
    grants: [
      { ability: 'staff.workspace', statuses: PRACTICE_STATUSES.filter((status) => status !== 'draft') },
    ],
    notice: 'noteAdded',
  },
  // Return delivery (decision 028): the originals go back once the evaluation is over.
  open_to_delivery: {
    grants: [{ ability: 'staff.delivery', statuses: DELIVERY_OPENABLE_STATUSES }],
    notice: 'openToDelivery',
  },
  set_delivered: {
    grants: [{ ability: 'staff.delivery', statuses: DELIVERY_SETTABLE_STATUSES }],
    notice: 'setAsDelivered',
  },
  // A new evaluator or reviewer once the evaluation has started: the assigning staff (secretary,
  // admin), with an audit entry naming who had it before; the former assignee may no longer act.
  reassign: {
    grants: [{ ability: 'staff.assign', statuses: REASSIGNABLE_STATUSES }],
    notice: 'practiceAssigned',
  },
  // Refunds (decision 068): the whole payment of a request closed before its evaluation started…
  refund_payment: {
    grants: [{ ability: 'payments.refund', statuses: ['closed'] }],
    notice: 'refundRequested',
  },
  // … or the fee of a paid shipment cancelled before any of its originals was delivered.
  cancel_delivery: {
    grants: [{ ability: 'payments.refund', statuses: DELIVERY_SETTABLE_STATUSES }],
    notice: 'deliveryCancelled',
  },
};

/** What a refund change needs besides status and ability: facts of the payments (decision 068). */
export type RefundFacts = {
  /** The request's own payment succeeded and has no refund yet. */
  isRequestPaymentRefundable: boolean;
  /** The evaluation ever started (an audit `start` move): from then on the work is paid for. */
  hasEvaluationStarted: boolean;
  /** The request's shipment is paid, has no refund yet, and none of its originals was delivered. */
  isShipmentCancellable: boolean;
};

/** Whether a refund change still applies to a request: each happens once, and only in its case. */
export function isRefundPending(change: 'refund_payment' | 'cancel_delivery', facts: RefundFacts): boolean {
  return change === 'refund_payment'
    ? facts.isRequestPaymentRefundable && !facts.hasEvaluationStarted
    : facts.isShipmentCancellable;
}

/**
 * Whether a request's payment, not refunded, could be refunded once the request is closed: it is
 * still open (closing it is a move from its status), its evaluation has not started, and this staff
 * member may refund. A refund is reached only through closing (decision 068), so the workspace says
 * so under the payment ('To refund, close the request first') rather than offering nothing.
 */
export function isRefundAfterClosing(
  status: PracticeStatus,
  facts: RefundFacts,
  context: ActorContext,
): boolean {
  return (
    !canChange('refund_payment', status, context) &&
    findTransition('close', status) !== undefined &&
    canChange('refund_payment', 'closed', context) &&
    isRefundPending('refund_payment', facts)
  );
}

function meets(grant: Grant, context: ActorContext): boolean {
  if (context.actor !== 'staff' || context.abilities?.[grant.ability] !== true) return false;
  return isThePersonAsked(grant.mustBe, context);
}

/** Whether this staff member may make this change to a request in this status. */
export function canChange(change: StaffChange, status: PracticeStatus, context: ActorContext): boolean {
  return STAFF_CHANGE_RULES[change].grants.some(
    (grant) => grant.statuses.includes(status) && meets(grant, context),
  );
}

/**
 * Whether a change is offered on this request now: `canChange`, and for the delivery changes,
 * still pending (each happens once). The API's `allowed_changes` asks this; the web reads that answer.
 */
export function isChangeOffered(
  change: StaffChange,
  practice: {
    status: PracticeStatus;
    delivery_opened_at?: string | null;
    delivery_paid_at?: string | null;
    delivered_at?: string | null;
    /** The payments' facts; without them no refund change is offered. */
    refund?: RefundFacts;
  },
  context: ActorContext,
): boolean {
  if (!canChange(change, practice.status, context)) return false;
  switch (change) {
    case 'open_to_delivery':
    case 'set_delivered':
      return isDeliveryChangePending(change, practice);
    case 'refund_payment':
    case 'cancel_delivery':
      return practice.refund !== undefined && isRefundPending(change, practice.refund);
    default:
      return true;
  }
}

/** The actor side of `canChange`, whatever the status: 403 when false, 409 when only the status is wrong. */
export function isGranted(change: StaffChange, context: ActorContext): boolean {
  return STAFF_CHANGE_RULES[change].grants.some((grant) => meets(grant, context));
}
