import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findOpenPaymentOfPractice, findPracticeRow, holdRequestRows } from './repository';

/**
 * A payment row that never got its provider session is closed by the payments job ten minutes
 * after it was made; the job runs every minute, so the lock holds one more (decision 020).
 */
const UNOPENED_LOCK_MS = 11 * 60_000;

/** Said by the OpenAPI description of each route the lock refuses. */
export const PAYMENT_OPEN_DESCRIPTION =
  'While a checkout of the draft is open (its payment pending, the provider’s session not expired: PAYMENT_SESSION_TTL_MINUTES), the draft and its documents stay as they were paid for: 409 PAYMENT_OPEN, naming the wait until the payment page closes.';

/**
 * When the request's open checkout stops locking it (decision 020): the provider session's expiry,
 * or for a row that never got its session its closing by the payments job. Null when no checkout
 * of the request is open, or its lock is already over.
 */
export async function paymentLockEnd(
  ctx: AppContext,
  practiceId: number,
  db: Db = ctx.db,
): Promise<Date | null> {
  const open = await findOpenPaymentOfPractice(db, practiceId);
  if (!open) return null;
  const closesAt =
    open.expires_at !== null
      ? new Date(open.expires_at).getTime()
      : new Date(open.created_at).getTime() + UNOPENED_LOCK_MS;
  return closesAt > ctx.clock.now().getTime() ? new Date(closesAt) : null;
}

/**
 * 409 PAYMENT_OPEN while the request's checkout is open (decision 020): what the payer is paying
 * for — the draft, its steps, its documents, the draft itself — stays as it was checked at
 * checkout until the provider's session is over, so a payment never submits a changed or deleted
 * request. The lock ends with the session (PAYMENT_SESSION_TTL_MINUTES): once past its expiry it
 * can no longer be paid, and the payments job closes it; the message says how long at most.
 */
export async function requireNoOpenPayment(ctx: AppContext, practiceId: number, db: Db = ctx.db) {
  const closesAt = await paymentLockEnd(ctx, practiceId, db);
  if (!closesAt) return;
  throw new AppError('PAYMENT_OPEN', {
    params: { minutes: Math.max(1, Math.ceil((closesAt.getTime() - ctx.clock.now().getTime()) / 60_000)) },
  });
}

/**
 * Holds the request against its checkout, in the caller's transaction `trx` (decision 020): the
 * account's row, then the request's (PostgreSQL). The checkout holds them while it checks the
 * draft and writes its payment, and every change of a draft before it reads the lock
 * (`requireDraftUnpaidHeld`), so a change that read "no payment open" is written before the
 * checkout reads the draft, and one that comes after sees the payment.
 */
export const holdRequest = (trx: Db, rows: { userId: number; practiceId: number }) =>
  holdRequestRows(trx, rows);

/**
 * A change of a draft, in its transaction `trx`: the request held (`holdRequest`), still there and
 * a draft (409 PRACTICE_NOT_EDITABLE once its payment submitted it), and no checkout of it open (409
 * PAYMENT_OPEN). Call it before the change's first write.
 */
export async function requireDraftUnpaidHeld(
  ctx: AppContext,
  trx: Db,
  practice: { id: number; userId: number },
): Promise<void> {
  await holdRequest(trx, { userId: practice.userId, practiceId: practice.id });
  const row = await findPracticeRow(trx, practice.id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'draft') throw new AppError('PRACTICE_NOT_EDITABLE');
  await requireNoOpenPayment(ctx, practice.id, trx);
}
