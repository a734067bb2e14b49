import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { ProviderRefund, RefundRequest } from '../provider';
import { findRefundByKey, findSession, insertRefund, refundedAmountOfSession } from './repository';

/**
 * The sandbox gateway's refunds, as a card gateway does them: of a paid session only, never more
 * than was paid, once per idempotency key (a repeat answers the refund already made). Immediate:
 * a sandbox refund is never pending.
 */
export async function refundSession(
  { db, clock }: { db: Db; clock: Clock },
  request: RefundRequest,
): Promise<ProviderRefund> {
  const existing = await findRefundByKey(db, request.idempotencyKey);
  if (existing) return { state: 'succeeded', providerRefundId: existing.id };
  const session = await findSession(db, request.providerSessionId);
  if (!session || session.status !== 'paid')
    return { state: 'failed', providerRefundId: null, failureReason: 'the session was not paid' };
  const refunded = await refundedAmountOfSession(db, session.id);
  if (refunded + request.amountCents > session.amount_total)
    return { state: 'failed', providerRefundId: null, failureReason: 'more than was paid' };
  const id = `re_sandbox_${randomBytes(16).toString('hex')}`;
  try {
    await insertRefund(db, {
      id,
      session_id: session.id,
      idempotency_key: request.idempotencyKey,
      amount: request.amountCents,
      status: 'succeeded',
      created_at: clock.now().toISOString(),
    });
  } catch (error) {
    // The same key asked twice at once: the first one made it.
    if (!isUniqueViolation(error)) throw error;
    const made = await findRefundByKey(db, request.idempotencyKey);
    if (!made) throw error;
    return { state: 'succeeded', providerRefundId: made.id };
  }
  return { state: 'succeeded', providerRefundId: id };
}
