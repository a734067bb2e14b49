import {
  actorContextOf,
  AUDIT_PAGE_SIZE,
  availableTransitions,
  fitsStatement,
  needsStatementInForce,
  STAFF_CHANGES,
  type AuditPage,
  type AuditPageQuery,
  type PracticeStatus,
  type RefundFacts,
  type StaffPractice,
  isChangeOffered,
  toAvailableAction,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { staffShipmentOf } from '../delivery/waybill.service';
import { openPracticeDocument } from '../documents/service';
import { evaluationViews, findEvaluation } from '../evaluations/service';
import { listThread } from '../messages/thread';
import { shipmentFactsOf } from '../payments/delivery-cancel.service';
import { hasEvaluationStarted, staffPaymentsOf } from '../payments/refund.service';
import { findSubmittedPractice, getPracticeForStaff } from '../practices/service';
import { requireStaff } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { findEvaluators, findSentBack, listAuditPage } from '../transitions/audit';
import { hasStatementInForce } from '../statements/service';
import { awaitsPublication } from '../transitions/service';
import { findAccountById } from '../users/accounts';
import { toUser } from '../users/service';
import { findAnsweredByApplicant, findPeople, findStaffFacts, listNoteRows } from './repository';
import { refsOf } from './view';

/**
 * GET /staff/practices/{id}: the request as the applicant filed it, the applicant's account, the
 * newest page of its audit trail, the thread, internal notes, the evaluation, and what this staff
 * member may do. What the workspace and its rules read of the trail (who evaluated it, whether the
 * evaluation started, the send-back, the applicant's answer) each comes of its own bounded query.
 */
export async function getStaffPractice(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
): Promise<StaffPractice> {
  requireStaff(actor);
  const practice = await getPracticeForStaff(ctx, id);
  const { db } = ctx;
  const status: PracticeStatus = practice.status;
  const [facts, history, thread, noteRows, evaluation, shipments, shipment] = await Promise.all([
    findStaffFacts(db, id),
    listAuditPage(db, { practiceId: id, limit: AUDIT_PAGE_SIZE }),
    listThread(db, id, 'staff'),
    listNoteRows(db, id),
    findEvaluation(db, id),
    shipmentFactsOf(db, id),
    staffShipmentOf(ctx, actor, id),
  ]);
  const [payments, evaluatedBy, isEvaluationStarted, sentBack, answered] = await Promise.all([
    staffPaymentsOf(db, { practiceId: id, deliveryIds: shipments.deliveryIds }),
    findEvaluators(db, id),
    hasEvaluationStarted(db, id),
    findSentBack(db, id, status),
    findAnsweredByApplicant(db, [{ id, status }]),
  ]);
  // What the refund changes need (decision 068): the domain's rules decide with these facts.
  const refund: RefundFacts = {
    isRequestPaymentRefundable: payments.some((payment) => payment.purpose === 'practice' && !payment.refund),
    hasEvaluationStarted: isEvaluationStarted,
    isShipmentCancellable: shipments.isCancellable,
  };
  const people = await findPeople(
    db,
    [
      facts.assignee_id,
      facts.reviewer_id,
      ...noteRows.map((note) => note.author_id),
      evaluation?.assessment_updated_by,
      evaluation?.verification_updated_by,
      evaluation?.file_checked_by,
    ].filter((value): value is number => typeof value === 'number'),
  );
  const refOf = refsOf(people);
  const applicant = await findAccountById(db, facts.user_id);
  // Everyone who evaluated it: none of them reviews it (four eyes).
  const context = actorContextOf(actor, { ...facts, evaluated_by: evaluatedBy });
  // While its statement is being published, a request offers no move: each would be refused.
  const isPublishing = await awaitsPublication(db, id, status);
  const moves = isPublishing ? [] : availableTransitions(status, context, practice.appeal_type ?? null);
  // A statement of appeal or an amended one only on a statement in force: asked only when offered.
  const isStatementInForce =
    moves.some(needsStatementInForce) &&
    !practice.statement_withdrawn_at &&
    (await hasStatementInForce(db, id));
  return {
    ...practice,
    qualification_name: facts.qualification_name,
    updated_at: facts.updated_at,
    applicant: applicant ? toUser(applicant) : null,
    assignee: refOf(facts.assignee_id),
    reviewer: refOf(facts.reviewer_id),
    history: history.entries,
    has_older_history: history.has_older,
    sent_back: sentBack,
    applicant_answered: answered.has(id),
    has_evaluation_started: isEvaluationStarted,
    thread,
    notes: noteRows.map((note) => ({
      id: note.id,
      text: note.body,
      author: refOf(note.author_id),
      created_at: note.created_at,
    })),
    ...evaluationViews(evaluation, refOf),
    // None published, or a withdrawn one (decision 097), takes no statement of appeal nor amended version.
    available_actions: moves.filter((move) => fitsStatement(move, isStatementInForce)).map(toAvailableAction),
    allowed_changes: STAFF_CHANGES.filter((change) =>
      isChangeOffered(change, { ...practice, refund }, context),
    ),
    payments,
    shipment,
  };
}

/**
 * GET /staff/practices/{id}/history: a page of the request's audit trail, oldest first, the
 * entries before `before` (an entry's id; the newest without it), `limit` at most.
 */
export async function getStaffHistory(
  ctx: AppContext,
  actor: SessionUser,
  { practiceId, query }: { practiceId: number; query: AuditPageQuery },
): Promise<AuditPage> {
  requireStaff(actor);
  await findSubmittedPractice(ctx, practiceId);
  return listAuditPage(ctx.db, { practiceId, before: query.before, limit: query.limit });
}

/** GET /staff/practices/{id}/documents/{documentId}/download: any request's document, for staff. */
export async function openStaffDocument(
  ctx: AppContext,
  actor: SessionUser,
  { practiceId, documentId }: { practiceId: number; documentId: number },
) {
  requireStaff(actor);
  await findSubmittedPractice(ctx, practiceId);
  return openPracticeDocument(ctx, practiceId, documentId);
}
