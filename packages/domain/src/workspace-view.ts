import { z } from 'zod';
import { assessmentValuesSchema } from './assessment';
import { decimalInteger } from './decimal-integer';
import { DELIVERY_STATUSES, shippingInfoViewSchema } from './delivery';
import { practiceSchema } from './practice';
import { PRACTICE_STATUSES } from './statuses';
import { STAFF_CHANGES } from './staff-changes';
import { staffPaymentSchema } from './payments';
import { threadMessageSchema } from './thread';
import {
  isOfferedInWorkspace,
  TRANSITION_ACTIONS,
  type Transition,
  type TransitionAction,
} from './transitions';
import { userSchema } from './user';
import { staffRefSchema, VERIFICATION_OUTCOMES } from './workspace';

/** GET /staff/practices/{id}: the request workspace, everything a staff member works with. */

/**
 * What an audit entry records: a move, a staff change, a refund the provider confirmed (or one it
 * refused that staff gave back by hand, decision 068), or the
 * applicant's replacement or deletion of a document of a submitted request (the request's status
 * stays; the entry keeps the file that was there), or the withdrawal of its statement by the body
 * (`lisbon statement:withdraw`, decision 097: by nobody, the status stays, with the reason given).
 */
export const AUDIT_ACTIONS = [
  'create',
  ...TRANSITION_ACTIONS,
  ...STAFF_CHANGES,
  'refund_issued',
  'refund_given_back_by_hand',
  'document_replaced',
  'document_deleted',
  'statement_withdrawn',
  'document_declared_unobtainable',
  'unobtainable_declaration_withdrawn',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.enum(AUDIT_ACTIONS),
    from_status: z.enum(PRACTICE_STATUSES).nullable(),
    to_status: z.enum(PRACTICE_STATUSES),
    /** Who: a staff member, the applicant, or null for the system (a settled payment). */
    by: staffRefSchema.extend({ role: z.string() }).nullable(),
    note: z.string().nullable(),
    /** What else the change recorded, e.g. `{ evaluator_id, reviewer_id }` of an assignment. */
    details: z.record(z.string(), z.unknown()).nullable(),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * How many entries of a request's audit trail the workspace carries (the newest), and the most a
 * page of GET /staff/practices/{id}/history holds: a trail grows with every replaced document.
 */
export const AUDIT_PAGE_SIZE = 50;

/** GET /staff/practices/{id}/history: the entries before the entry `before` (the newest without it). */
export const auditPageQuerySchema = z.object({
  before: decimalInteger(z.number().int().positive()).optional(),
  limit: decimalInteger(z.number().int().positive().max(AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE)),
});
export type AuditPageQuery = z.infer<typeof auditPageQuerySchema>;

/** A page of the audit trail, oldest first, and whether older entries remain. */
export const auditPageSchema = z
  .object({ entries: z.array(auditEntrySchema), has_older: z.boolean() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const assessmentViewSchema = assessmentValuesSchema
  .extend({
    /** The required fields still empty: sending in review needs none. */
    missing_fields: z.array(z.string()),
    updated_at: z.string().nullable(),
    updated_by: staffRefSchema.nullable(),
  })
  .meta({ id: 'AssessmentView' });

export const verificationViewSchema = z.object({
  outcome: z.enum(VERIFICATION_OUTCOMES),
  notes: z.string().nullable(),
  updated_at: z.string(),
  updated_by: staffRefSchema.nullable(),
});

export const fileCheckViewSchema = z.object({
  concluded_at: z.string(),
  by: staffRefSchema.nullable(),
  notes: z.string().nullable(),
});

export const internalNoteSchema = z
  .object({
    id: z.number().int(),
    text: z.string(),
    author: staffRefSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'InternalNote' });

/** A move this staff member may offer on this request now; `is_available` is false where another flow owns it. */
export const availableActionSchema = z.object({
  action: z.enum(TRANSITION_ACTIONS),
  to: z.enum(PRACTICE_STATUSES),
  requires: z.object({
    note: z.boolean(),
    reason: z.boolean(),
    message: z.boolean(),
    assignment: z.boolean(),
    assessment: z.boolean(),
  }),
  is_available: z.boolean(),
});
export type AvailableAction = z.infer<typeof availableActionSchema>;

/** A move of the transition table as `available_actions` lists it. */
export const toAvailableAction = (transition: Transition): AvailableAction => ({
  // The table's actions are TRANSITION_ACTIONS; `Transition` types them as strings.
  action: transition.action as TransitionAction,
  to: transition.to,
  requires: {
    note: transition.requires?.note === true,
    reason: transition.requires?.reason === true,
    message: transition.requires?.message === true,
    assignment: transition.requires?.assignment === true,
    assessment: transition.requires?.assessment === true,
  },
  is_available: isOfferedInWorkspace(transition),
});

/**
 * The paid shipment that carries the request's originals back, as the staff member who sends them
 * needs it: where to (the shipping information the applicant gave) and the waybill number, whose
 * PDF is GET /staff/practices/{id}/waybill. Only for holders of `staff.delivery`.
 */
export const staffShipmentSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    shipping: shippingInfoViewSchema.nullable(),
    waybill_number: z.string().nullable(),
    paid_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'StaffShipment' });
export type StaffShipment = z.infer<typeof staffShipmentSchema>;

export const staffPracticeSchema = practiceSchema
  .omit({ history: true })
  .extend({
    qualification_name: z.string().nullable(),
    updated_at: z.string(),
    applicant: z.nullable(userSchema),
    assignee: staffRefSchema.nullable(),
    reviewer: staffRefSchema.nullable(),
    /**
     * The newest AUDIT_PAGE_SIZE entries of the audit trail, oldest first; `has_older_history`:
     * older ones remain, GET /staff/practices/{id}/history pages them. The facts the workspace
     * reads of the trail come whole as fields of their own, never from this page.
     */
    history: z.array(auditEntrySchema),
    has_older_history: z.boolean(),
    /** The latest move, when it is the reviewer's send-back that left the request in its status. */
    sent_back: auditEntrySchema.nullable(),
    /** The applicant answered the evaluator's question, who has not acted since (`isAnsweredByApplicant`). */
    applicant_answered: z.boolean(),
    /** The evaluation ever started (a `start` in the trail): from then on its work is paid for. */
    has_evaluation_started: z.boolean(),
    thread: z.array(threadMessageSchema),
    notes: z.array(internalNoteSchema),
    assessment: assessmentViewSchema.nullable(),
    verification: verificationViewSchema.nullable(),
    file_check: fileCheckViewSchema.nullable(),
    available_actions: z.array(availableActionSchema),
    /** The staff changes this user may make now. */
    allowed_changes: z.array(z.enum(STAFF_CHANGES)),
    /** The succeeded payments for this request and for its shipment, each with its refund. */
    payments: z.array(staffPaymentSchema),
    /**
     * The paid (or delivered) shipment carrying this request, for holders of `staff.delivery`;
     * null when none or for anyone else. Optional like `pending_question`.
     */
    shipment: staffShipmentSchema.nullable().optional(),
  })
  .meta({ id: 'StaffPractice' });
export type StaffPractice = z.infer<typeof staffPracticeSchema>;
