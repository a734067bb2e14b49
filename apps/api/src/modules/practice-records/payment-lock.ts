import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findOpenPaymentOfPractice } from './repository';

/** A payment row that never got its provider session is closed by the payments job after this. */
const UNOPENED_LOCK_MS = 11 * 60_000;

/**
 * 409 PAYMENT_OPEN while the request's checkout is open (decision 020): what the payer is paying
 * for — the draft, its steps, its documents, the draft itself — stays as it was checked at
 * checkout until the provider's session is over, so a payment never submits a changed or deleted
 * request. The lock ends with the session (PAYMENT_SESSION_TTL_MINUTES): once past its expiry it
 * can no longer be paid, and the payments job closes it; the message says how long at most.
 */
export async function requireNoOpenPayment(ctx: AppContext, practiceId: number, db: Db = ctx.db) {
  const open = await findOpenPaymentOfPractice(db, practiceId);
  if (!open) return;
  const now = ctx.clock.now().getTime();
  const closesAt =
    open.expires_at !== null
      ? new Date(open.expires_at).getTime()
      : new Date(open.created_at).getTime() + UNOPENED_LOCK_MS;
  if (closesAt <= now) return;
  throw new AppError('PAYMENT_OPEN', {
    params: { minutes: Math.max(1, Math.ceil((closesAt - now) / 60_000)) },
  });
}
