import {
  deadlineFrom,
  calendarDayOf,
  findTransition,
  serviceOffer,
  type Practice,
  type WorkingCalendar,
} from '@lisbon/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { runOnce } from '../../platform/http/idempotency';
import { bodyToday, workingCalendar } from '../reference/calendar.service';
import type { SessionUser } from '../sessions/service';
import { queueApplicantMail } from '../mails/service';
import { isAccountGoneHeld } from '../users/accounts';
import { findOwnPractice, findPractice, requiredDocumentsFor } from '../practice-records/access.service';
import { refreshSearchText } from '../practice-records/search-text';
import {
  dailySubmissionCount,
  insertHistory,
  takeDailySubmission,
  updatePracticeInStatus,
} from './repository';
import { listDocumentsOfPractice } from '../documents/service';
import { listUnobtainableDocuments } from '../practice-records/unobtainable.repository';
import { getPractice, incompleteParts, requireComplete } from './service';

/**
 * POST /practices/{id}/submit. A free (refugee) request goes from draft to unassigned with its
 * deadline; a paid one is submitted by its payment (409 PAYMENT_REQUIRED here). Past the daily
 * contingency limit the draft is kept intact and the answer is 429 CONTINGENCY_LIMIT (spec §8).
 * Once per `Idempotency-Key` (decision 071): a retry of a submission whose answer was lost gets
 * the request as the first did, where the draft check would refuse it (409 PRACTICE_NOT_EDITABLE),
 * and queues no second 'request received' mail nor history entry.
 */
export async function submitPractice(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  idempotencyKey?: string,
): Promise<Practice> {
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const calendar = await workingCalendar(ctx);
  const once = {
    userId: actor.id,
    key: idempotencyKey,
    scope: 'practice.submit',
    body: { practice_id: id },
    answer: z.literal('submitted'),
  };
  await runOnce(ctx, once, async (trx) => {
    const practice = await findOwnPractice(ctx, actor, id, trx);
    if (!findTransition('submit', practice.status)) throw new AppError('PRACTICE_NOT_EDITABLE');
    await requireComplete(ctx, practice, trx);
    if (!serviceOffer(practice.service).isFree) {
      await requireSubmissionCapacity(ctx, trx);
      throw new AppError('PAYMENT_REQUIRED');
    }
    const result = await recordSubmission(trx, {
      practiceId: id,
      byUserId: actor.id,
      at: ctx.clock.now(),
      calendar,
      cap: ctx.config.dailySubmissionCap,
    });
    if (result !== 'submitted') throw new AppError('PRACTICE_NOT_EDITABLE');
    // A paid request is confirmed by the 'Payment successful' mail of its settlement instead.
    await queueApplicantMail(ctx, trx, 'request-received', { userId: actor.id, practiceId: id });
    return result;
  });
  return getPractice(ctx, actor, id);
}

/** Told before paying, so nobody pays for a request that cannot be finalised today (429 CONTINGENCY_LIMIT). */
export async function requireSubmissionCapacity(ctx: AppContext, db: Db = ctx.db): Promise<void> {
  if ((await dailySubmissionCount(db, bodyToday(ctx))) >= ctx.config.dailySubmissionCap) {
    throw new AppError('CONTINGENCY_LIMIT');
  }
}

/** The largest cap a 32-bit integer column compares with (PostgreSQL `integer`). */
const UNCAPPED = 2 ** 31 - 1;

export type SubmissionRecord = {
  practiceId: number;
  byUserId: number | null;
  at: Date;
  /** Read before the transaction: on SQLite the transaction holds the only connection. */
  calendar: WorkingCalendar;
  /** The day's contingency limit; null for a paid request, accepted when its checkout was. */
  cap: number | null;
  /** A paid request: when its payment succeeded. */
  paidAt?: string;
};

/**
 * What a submission did: submitted, or why not (the request is gone, no longer a draft, its
 * account deleted, or the request incomplete).
 */
export type SubmissionResult = 'submitted' | 'gone' | 'not_draft' | 'account_deleted' | 'incomplete';

/**
 * The `submit` move (draft → unassigned) inside the caller's transaction: the day's contingency
 * slot, `requested_at`, the deadline (60 working days, 30 urgent), `paid_at` and the history entry.
 * The free submit and a settled payment both come through here. Submits only a complete draft of
 * an account not deleted, and otherwise says why not; throws CONTINGENCY_LIMIT when the day is full.
 */
export async function recordSubmission(trx: Db, record: SubmissionRecord): Promise<SubmissionResult> {
  const submit = findTransition('submit', 'draft');
  if (!submit) throw new Error('The submit transition is missing from the domain table');
  const practice = await findPractice(trx, record.practiceId);
  if (!practice) return 'gone';
  if (practice.status !== 'draft') return 'not_draft';
  // A deleted account's draft is never submitted: nobody would read, reply or pay for what follows
  // (decision 052), and its payment is refunded. The account's row is held (PostgreSQL) as the
  // deletion holds it first: a deletion committed meanwhile is seen here, and one still to come
  // sees the request submitted and closes it.
  if (await isAccountGoneHeld(trx, practice.userId)) return 'account_deleted';
  const day = calendarDayOf(record.at);
  const now = record.at.toISOString();
  // Kept with the request, so a later change of the reference lists leaves it as submitted.
  const required = await requiredDocumentsFor(trx, practice);
  // Checked again here, in the submitting transaction: a payment settles after its checkout, and
  // never submits a request that lost a step or a document meanwhile.
  const documents = await listDocumentsOfPractice(trx, practice.id);
  const unobtainable = await listUnobtainableDocuments(trx, practice.id);
  if (Object.keys(incompleteParts(practice, required, documents, unobtainable)).length > 0)
    return 'incomplete';
  const isSubmitted = await updatePracticeInStatus(trx, {
    id: record.practiceId,
    status: 'draft',
    patch: {
      status: submit.to,
      wizard_step: 'review',
      requested_at: now,
      requested_on: day,
      expected_deadline: deadlineFrom(day, practice.row.is_urgent === 1, record.calendar),
      ...(record.paidAt ? { paid_at: record.paidAt } : {}),
      required_documents_at_submission: required.join(','),
      updated_at: now,
    },
  });
  if (!isSubmitted) return 'not_draft';
  // After the move, so a request that is no longer a draft never uses up a slot; the caller's
  // transaction rolls both back when the day is full.
  if (!(await takeDailySubmission(trx, day, record.cap ?? UNCAPPED))) throw new AppError('CONTINGENCY_LIMIT');
  await insertHistory(trx, record.practiceId, {
    from: 'draft',
    to: submit.to,
    byUserId: record.byUserId,
    at: now,
  });
  await refreshSearchText(trx, { practiceId: record.practiceId });
  return 'submitted';
}
