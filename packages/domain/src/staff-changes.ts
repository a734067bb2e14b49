import type { Ability } from './abilities';
import { DELIVERY_OPENABLE_STATUSES, DELIVERY_SETTABLE_STATUSES, isDeliveryChangePending } from './delivery';
import { PRACTICE_STATUSES, type PracticeStatus } from './statuses';
import type { ActorContext } from './transitions';
import type { WorkspaceNoticeKey } from './workspace-notices';

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
    notice: 'practicesAssigned',
  },
};

function meets(grant: Grant, context: ActorContext): boolean {
  if (context.actor !== 'staff' || context.abilities?.[grant.ability] !== true) return false;
  if (context.isAdmin) return true;
  if (grant.mustBe === 'assignee') return context.isAssignee === true;
  if (grant.mustBe === 'reviewer') return context.isReviewer === true;
  return true;
}

/** Whether this staff member may make this change to a request in this status. */
export function canChange(change: StaffChange, status: PracticeStatus, context: ActorContext): boolean {
  return STAFF_CHANGE_RULES[change].grants.some(
    (grant) => grant.statuses.includes(status) && meets(grant, context),
  );
}

/**
 * Whether a change is offered on this request now: `canChange`, and for the delivery changes,
 * still pending (each happens once). The API's `allowed_changes` and the web's workspace ask this.
 */
export function isChangeOffered(
  change: StaffChange,
  practice: {
    status: PracticeStatus;
    delivery_opened_at?: string | null;
    delivery_paid_at?: string | null;
    delivered_at?: string | null;
  },
  context: ActorContext,
): boolean {
  if (!canChange(change, practice.status, context)) return false;
  return change === 'open_to_delivery' || change === 'set_delivered'
    ? isDeliveryChangePending(change, practice)
    : true;
}

/** The actor side of `canChange`, whatever the status: 403 when false, 409 when only the status is wrong. */
export function isGranted(change: StaffChange, context: ActorContext): boolean {
  return STAFF_CHANGE_RULES[change].grants.some((grant) => meets(grant, context));
}
