import { REFUND_REASONS, type RefundReason } from '@lisbon/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { issueCreditNote } from '../invoices/credit-note.service';
import { recordSystemEntry } from '../transitions/service';
import { findAccountById } from '../users/accounts';
import { queueRefundMail } from './refund-mails';
import { closePendingRefund, findRefund, setCreditNote, setProviderRefundId } from './refund.repository';
import { findPaymentRow } from './repository';

/** The provider is still processing the refund: the job runs again after its backoff. */
export class RefundPendingError extends Error {
  override name = 'RefundPendingError';
}

export type RefundOutcome = 'succeeded' | 'failed' | 'none';

const reasonOf = (value: string): RefundReason =>
  REFUND_REASONS.find((reason) => reason === value) ?? 'closed_before_evaluation';

/**
 * The refund job's work (decision 068): asks the provider, under the refund's own idempotency key,
 * to give the whole payment back. Once the provider confirms, one transaction closes the refund
 * (compare-and-set, so a second run changes nothing), issues the credit note in its own yearly
 * sequence, queues the applicant's mail in their language and writes the audit entry. A busy or
 * unreachable provider throws, and so does a refund still pending there: the job retries.
 * A refund that fails stays `failed` with its reason, listed on the staff dashboard
 * (`failedRefundsForStaff`) to be made by hand until staff mark it so, and is logged to `log` as a
 * warning naming its ids (and no one's details).
 */
export async function settleRefund(
  ctx: AppContext,
  refundId: number,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<RefundOutcome> {
  const refund = await findRefund(ctx.db, refundId);
  if (!refund || refund.status !== 'pending') return 'none';
  const payment = await findPaymentRow(ctx.db, refund.payment_id);
  const now = () => ctx.clock.now().toISOString();
  const fail = async (reason: string, providerRefundId: string | null = null) => {
    await closePendingRefund(ctx.db, {
      id: refund.id,
      status: 'failed',
      providerRefundId,
      failureReason: reason.slice(0, 200),
      now: now(),
    });
    log?.warn(
      {
        refundId: refund.id,
        paymentId: refund.payment_id,
        practiceId: refund.practice_id,
        reason: refund.reason,
      },
      'refund failed: give the payment back by hand (the refund row says why)',
    );
    return 'failed' as const;
  };
  if (!payment?.provider_session_id) return fail('the payment has no provider session');
  // Money goes back the way it came: a payment taken by another provider is refunded there.
  if (payment.provider !== ctx.payments.name)
    return fail(`paid through ${payment.provider}: refund it there`);

  const result = await ctx.payments.refund({
    providerSessionId: payment.provider_session_id,
    transactionReference: payment.transaction_reference,
    amountCents: refund.amount_total,
    idempotencyKey: `lisbon-refund-${refund.id}-payment-${payment.id}`,
    description: `Refund of payment ${payment.id}`,
  });
  switch (result.state) {
    case 'pending':
      if (result.providerRefundId)
        await setProviderRefundId(ctx.db, {
          id: refund.id,
          providerRefundId: result.providerRefundId,
          now: now(),
        });
      throw new RefundPendingError(`refund ${refund.id} is still pending at ${ctx.payments.name}`);
    case 'failed':
      return fail(result.failureReason ?? 'refused by the provider', result.providerRefundId);
    case 'succeeded':
      break;
  }
  const providerRefundId = result.providerRefundId ?? `${payment.provider_session_id}:refund`;
  const at = ctx.clock.now();
  const isSettled = await ctx.db.transaction().execute(async (trx) => {
    const isClosed = await closePendingRefund(trx, {
      id: refund.id,
      status: 'succeeded',
      providerRefundId,
      failureReason: null,
      now: at.toISOString(),
    });
    if (!isClosed) return false;
    const creditNote = await issueCreditNote(ctx, trx, {
      paymentId: payment.id,
      issuedAt: at,
      provider: payment.provider,
      refundReference: providerRefundId,
    });
    if (creditNote) await setCreditNote(trx, { id: refund.id, creditNoteId: creditNote.id });
    const reason = reasonOf(refund.reason);
    if (refund.practice_id !== null)
      await recordSystemEntry(trx, {
        practiceId: refund.practice_id,
        action: 'refund_issued',
        details: {
          refund_id: refund.id,
          payment_id: payment.id,
          amount_total: refund.amount_total,
          provider: payment.provider,
          provider_refund_id: providerRefundId,
          credit_note_number: creditNote?.number ?? null,
        },
        at: at.toISOString(),
      });
    const account = await findAccountById(trx, payment.user_id);
    if (account && !account.deleted_at)
      await queueRefundMail(ctx, trx, account, {
        firstName: account.first_name,
        amountCents: refund.amount_total,
        reason,
        practiceId: refund.practice_id,
        deliveryId: payment.delivery_id,
        creditNoteNumber: creditNote?.number ?? null,
      });
    return true;
  });
  return isSettled ? 'succeeded' : 'none';
}
