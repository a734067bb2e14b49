import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findOpenPaymentOfPractice } from './repository';

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
