import {
  actorContextOf,
  APPEAL_TYPES,
  appealNoticeOf,
  canChange,
  canFire,
  findTransition,
  isGranted,
  isIssuing,
  isOneOf,
  PRACTICE_STATUSES,
  statusLabel,
  TRANSITION_ACTIONS,
  WORKSPACE_NOTICE_KEYS,
  statusNameOf,
  statusWordingOf,
  type DocumentType,
  type FieldErrors,
  type PracticeStatus,
  type StaffChange,
  type Transition,
  type TransitionAction,
  type WorkspaceNoticeKey,
} from '@lisbon/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { runOnce } from '../../platform/http/idempotency';
import { queueApplicantMail } from '../mails/service';
import { addThreadMessage } from '../messages/thread';
import { requestAppealPublicationWithin } from '../statements/appeal-publication.service';
import { isPublicationPending, requestPublicationWithin } from '../statements/publication.service';
import type { SessionUser } from '../sessions/service';
import { peopleGone, requireAssessmentComplete, requireAssignable } from './requirements';
import { recordAuditEntry } from '../practice-records/audit.service';
import { findMovablePractice, updateInStatus, type MovablePractice } from './repository';

export type TransitionInput = {
  practiceId: number;
  action: TransitionAction;
  actor: SessionUser;
  /** Internal: the audit trail, read by staff only. */
  note?: string | undefined;
  /** What the applicant is told of the move: their request page and their mail (decision 054). */
  reason?: string | undefined;
  message?: string | undefined;
  requestedDocuments?: readonly DocumentType[] | undefined;
  /** Documents of the request the applicant attaches to a reply. */
  documentIds?: readonly number[] | undefined;
  assignment?: { evaluatorId?: number | undefined; reviewerId?: number | undefined } | undefined;
  /** The status the user acted on: another one means someone else moved first (409 PRACTICE_CHANGED). */
  expectedStatus?: PracticeStatus | undefined;
  /** Set by the flow that owns the move (the appeals module for `request_appeal`). */
  via?: 'appeal_request' | undefined;
};

export type TransitionResult = {
  practiceId: number;
  action: TransitionAction;
  from: PracticeStatus;
  to: PracticeStatus;
  notice: WorkspaceNoticeKey | null;
};

const isStaff = (actor: SessionUser) => actor.abilities['staff.workspace'];

const statusOf = (value: string): PracticeStatus => {
  const status = PRACTICE_STATUSES.find((candidate) => candidate === value);
  if (!status) throw new Error(`Unexpected stored status ${value}`);
  return status;
};

/** The request as the actor may reach it: staff reach every request, an applicant only their own (404). */
async function reachablePractice(db: Db, actor: SessionUser, id: number): Promise<MovablePractice> {
  const practice = await findMovablePractice(db, id);
  if (!practice || (!isStaff(actor) && practice.user_id !== actor.id)) throw new AppError('NOT_FOUND');
  return practice;
}

/**
 * 409: no such move from this status. Staff read the status by its name on their pages; an
 * applicant by the label their pages show of it. On an amendment, both are the amendment's
 * ("Amendment reviewed", not "Appeal reviewed"; decision 026).
 */
const notAllowed = (
  action: string,
  status: PracticeStatus,
  actor: SessionUser,
  appealType: string | null,
) => {
  const type = isOneOf(APPEAL_TYPES, appealType) ? appealType : null;
  return new AppError('TRANSITION_NOT_ALLOWED', {
    params: isStaff(actor)
      ? { action, status: statusNameOf(status, type) }
      : { action, status_label: statusWordingOf(statusLabel(status), type) },
  });
};

/** 422 with one entry per missing part of what the move must record. */
function requireRecorded(move: Transition, input: TransitionInput): void {
  const errors: FieldErrors = {};
  if (move.requires?.note && !input.note) errors.note = ['required'];
  if (move.requires?.reason && !input.reason) errors.reason = ['required'];
  if (move.requires?.message && !input.message) errors.message = ['required'];
  if (move.requires?.assignment) {
    if (!input.assignment?.evaluatorId) errors.evaluator_id = ['required'];
    if (!input.assignment?.reviewerId) errors.reviewer_id = ['required'];
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
}

/** What the audit entry keeps besides the note: the assignment, the reason the applicant reads. */
function detailsOf(
  move: Transition,
  input: TransitionInput,
  assignment: { evaluatorId: number; reviewerId: number } | null,
): Record<string, unknown> | null {
  if (assignment) return { evaluator_id: assignment.evaluatorId, reviewer_id: assignment.reviewerId };
  if (move.requires?.reason && input.reason) return { reason: input.reason };
  return null;
}

/**
 * A request whose statement is being published waits for it: no move may overtake the job (409
 * PUBLICATION_PENDING), and the workspace offers none meanwhile.
 */
export async function awaitsPublication(
  db: Db,
  practiceId: number,
  status: PracticeStatus,
): Promise<boolean> {
  return isIssuing(status) && (await isPublicationPending(db, practiceId));
}

/**
 * One move of the transition table, inside the caller's transaction `trx`: the checks (404, 409
 * TRANSITION_NOT_ALLOWED, 403 FORBIDDEN_ACCESS, 409 for moves another flow owns, 422 for what the
 * move must record), the compare-and-set of the status (409 PRACTICE_CHANGED for the loser of a
 * race), the audit entry, the thread message and the applicant's mail — all or nothing.
 */
export async function transitionWithin(
  ctx: AppContext,
  trx: Db,
  input: TransitionInput,
): Promise<TransitionResult> {
  const { actor, action } = input;
  const practice = await reachablePractice(trx, actor, input.practiceId);
  const from = statusOf(practice.status);
  if (input.expectedStatus && input.expectedStatus !== from) throw new AppError('PRACTICE_CHANGED');
  // An appeal is issued as a statement of appeal, an amendment as an amended statement: the other
  // issue move is not in the table for it (409 TRANSITION_NOT_ALLOWED, decision 026).
  const appealType = isOneOf(APPEAL_TYPES, practice.appeal_type) ? practice.appeal_type : null;
  const move = findTransition(action, from, appealType);
  if (!move) throw notAllowed(action, from, actor, appealType);
  if (!canFire(move, actorContextOf(actor, practice))) throw new AppError('FORBIDDEN_ACCESS');
  if (await awaitsPublication(trx, practice.id, from)) throw new AppError('PUBLICATION_PENDING');
  if (move.via === 'publication' && action === 'publish') {
    // The statements module takes it from here: a pending statement and its publish job, in this transaction.
    await requestPublicationWithin(ctx, trx, { practiceId: practice.id, from, actorId: actor.id });
    return { practiceId: practice.id, action, from, to: from, notice: move.notice ?? null };
  }
  if (move.via === 'publication' && (action === 'issue_appeal' || action === 'issue_amendment')) {
    // A statement of appeal or an amended statement, through the same publish job (decision 026).
    await requestAppealPublicationWithin(ctx, trx, {
      practiceId: practice.id,
      from,
      actorId: actor.id,
      action,
    });
    return { practiceId: practice.id, action, from, to: from, notice: move.notice ?? null };
  }
  if (move.via === 'publication') throw new AppError('PUBLICATION_NOT_AVAILABLE');
  if (move.via === 'appeal_request' && input.via !== 'appeal_request')
    throw new AppError('APPEAL_NOT_AVAILABLE');
  requireRecorded(move, input);
  const assignment = move.requires?.assignment
    ? await requireAssignable(trx, {
        evaluatorId: input.assignment?.evaluatorId ?? 0,
        reviewerId: input.assignment?.reviewerId ?? 0,
        // An appeal assigned anew: whoever evaluated the request before never reviews it.
        evaluatedBy: practice.evaluated_by,
      })
    : null;
  if (move.requires?.assessment) await requireAssessmentComplete(trx, practice.id, ctx.clock.now());
  // An appeal reopening a finished request lets go of a member of staff whose account is gone.
  const gone = move.via === 'appeal_request' ? await peopleGone(trx, practice) : null;

  const at = ctx.clock.now().toISOString();
  const isMoved = await updateInStatus(trx, {
    id: practice.id,
    from,
    patch: {
      status: move.to,
      updated_at: at,
      ...(assignment ? { assignee_id: assignment.evaluatorId, reviewer_id: assignment.reviewerId } : {}),
      ...gone?.patch,
    },
  });
  if (!isMoved) throw new AppError('PRACTICE_CHANGED');
  await recordAuditEntry(trx, {
    practiceId: practice.id,
    from,
    to: move.to,
    action,
    byUserId: actor.id,
    note: input.note ?? null,
    details: gone?.details ?? detailsOf(move, input, assignment),
    at,
  });
  if (move.requires?.message && input.message) {
    await addThreadMessage(trx, {
      practiceId: practice.id,
      ownerId: practice.user_id,
      authorId: actor.id,
      side: move.actor === 'applicant' ? 'applicant' : 'staff',
      body: input.message,
      requestedDocuments: input.requestedDocuments ?? [],
      documentIds: input.documentIds ?? [],
      at,
    });
  }
  if (move.notifies) {
    await queueApplicantMail(ctx, trx, move.notifies, {
      userId: practice.user_id,
      practiceId: practice.id,
      // Never the note: it is internal.
      text: input.message ?? (move.requires?.reason ? (input.reason ?? null) : null),
      // A question names the documents it asks for.
      documents: move.requires?.message ? (input.requestedDocuments ?? []) : [],
    });
  }
  // An amendment's moves are acknowledged as an amendment's: "Amendment created", not "Appeal created".
  const notice = move.notice ? appealNoticeOf(move.notice, practice.appeal_type) : null;
  return { practiceId: practice.id, action, from, to: move.to, notice };
}

/** What a move retried with its `Idempotency-Key` answers: the first move's result. */
const transitionResultSchema = z.object({
  practiceId: z.number().int(),
  action: z.enum(TRANSITION_ACTIONS),
  from: z.enum(PRACTICE_STATUSES),
  to: z.enum(PRACTICE_STATUSES),
  notice: z.enum(WORKSPACE_NOTICE_KEYS).nullable(),
}) satisfies z.ZodType<TransitionResult>;

/** The `Idempotency-Key` of a move and what it is the key of: the route's scope and its validated body. */
export type MoveOnce = { key: string | undefined; scope: string; body: unknown };

/**
 * A move in a transaction of its own: `POST /staff/practices/{id}/transitions`, the applicant's
 * reply. Once per `Idempotency-Key` (decision 071): a retry of a move whose answer was lost gets
 * its result, where the status check would refuse it (409) though it went through.
 */
export function transition(
  ctx: AppContext,
  input: TransitionInput,
  once: MoveOnce = { key: undefined, scope: 'transition', body: null },
): Promise<TransitionResult> {
  const request = { userId: input.actor.id, ...once, answer: transitionResultSchema };
  return runOnce(ctx, request, (trx) => transitionWithin(ctx, trx, input));
}

export type StaffChangeInput = { practiceId: number; change: StaffChange; actor: SessionUser };
export type ChangeRecord = { note?: string | null; details?: Record<string, unknown> | null };

/**
 * A staff change that is not a move (assessment, verification, file check, note, reassignment):
 * 403 unless the rules grant it to this staff member, 409 in a status where they do not, then
 * `apply` and its audit entry, inside the caller's transaction `trx`. The status is compare-and-set
 * to itself, so a change never lands on a request that moved meanwhile (409 PRACTICE_CHANGED).
 */
export async function recordStaffChangeWithin(
  ctx: AppContext,
  trx: Db,
  { practiceId, change, actor }: StaffChangeInput,
  apply: (trx: Db, at: string, practice: MovablePractice) => Promise<ChangeRecord | void>,
): Promise<void> {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN_ACCESS');
  const practice = await reachablePractice(trx, actor, practiceId);
  const status = statusOf(practice.status);
  const context = actorContextOf(actor, practice);
  if (!isGranted(change, context)) throw new AppError('FORBIDDEN_ACCESS');
  if (!canChange(change, status, context)) throw notAllowed(change, status, actor, practice.appeal_type);
  const at = ctx.clock.now().toISOString();
  if (!(await updateInStatus(trx, { id: practiceId, from: status, patch: { updated_at: at } }))) {
    throw new AppError('PRACTICE_CHANGED');
  }
  const record = (await apply(trx, at, practice)) ?? {};
  await recordAuditEntry(trx, {
    practiceId,
    from: status,
    to: status,
    action: change,
    byUserId: actor.id,
    note: record.note ?? null,
    details: record.details ?? null,
    at,
  });
}

/** A staff change in a transaction of its own. */
export async function recordStaffChange(
  ctx: AppContext,
  input: StaffChangeInput,
  apply: (trx: Db, at: string, practice: MovablePractice) => Promise<ChangeRecord | void>,
): Promise<void> {
  if (!isStaff(input.actor)) throw new AppError('FORBIDDEN_ACCESS');
  await ctx.db.transaction().execute((trx) => recordStaffChangeWithin(ctx, trx, input, apply));
}

/**
 * An entry about a request's money written to its audit trail in the caller's transaction, whatever
 * the request's status (a draft's too): a refund the provider confirmed, by nobody (the system), or
 * one it refused that a member of staff gave back by hand (`byUserId`; decision 068). The request's
 * status is both `from` and `to`. Nothing when the request is gone.
 */
export async function recordSystemEntry(
  trx: Db,
  entry: {
    practiceId: number;
    action: 'refund_issued' | 'refund_given_back_by_hand';
    details: Record<string, unknown>;
    at: string;
    byUserId?: number | null;
  },
): Promise<void> {
  const practice = await findMovablePractice(trx, entry.practiceId);
  if (!practice) return;
  const status = statusOf(practice.status);
  await recordAuditEntry(trx, {
    practiceId: entry.practiceId,
    from: status,
    to: status,
    action: entry.action,
    byUserId: entry.byUserId ?? null,
    note: null,
    details: entry.details,
    at: entry.at,
  });
}
