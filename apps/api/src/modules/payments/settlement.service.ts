import { billingInfoViewSchema, type Payment } from '@lisbon/domain';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  ProviderBusyError,
  type ProviderEvent,
  type ProviderEventType,
  type ProviderSessionState,
} from '../../platform/payments/provider';
import { recordDeliveryPaid } from '../delivery/settlement.service';
import { issueFiscalDocuments } from '../invoices/service';
import { recordSubmission, type SubmissionResult } from '../practices/submission.service';
import { workingCalendar } from '../reference/calendar.service';
import type { SessionUser } from '../sessions/service';
import { findAccountById, isAccountGoneHeld } from '../users/accounts';
import { queuePaymentSuccessfulMail } from './mails';
import { requestRefundWithin } from './refund.service';
import {
  closePendingPayment,
  findPaymentByProviderSession,
  findPaymentRow,
  listStalePendingPayments,
  markPaymentSucceeded,
  recordPaymentEvent,
  type PaymentRow,
} from './repository';
import { toPayment } from './view';

export type SettlementOutcome = {
  isDuplicate: boolean;
  effect: 'succeeded' | 'failed' | 'expired' | 'none';
  /** Something an operator should look at (logged by the caller). */
  warning?: string;
};

const pricedLinesSchema = z.array(
  z.object({
    description: z.string(),
    net: z.number().int(),
    vat: z.number().int(),
    total: z.number().int(),
  }),
);

type SettleContext = { now: Date; calendar: Awaited<ReturnType<typeof workingCalendar>> };

/**
 * A paid payment's effects, in the settling transaction: the request leaves draft for unassigned
 * with `paid_at` (the practices module's own submit move), an invoice and a receipt take their
 * numbers, their PDFs and the 'Payment successful' mail are queued. Only the caller that turns the
 * payment to succeeded applies them. A payment that cannot submit its request (deleted, no longer
 * a draft, its account deleted, incomplete) submits nothing: it is invoiced, as the money was taken, and refunded whole
 * (reason `not_submitted`, decision 020).
 */
async function settleSucceeded(
  ctx: AppContext,
  trx: Db,
  payment: PaymentRow,
  at: SettleContext & { transactionReference: string },
): Promise<SettlementOutcome> {
  const now = at.now.toISOString();
  // The account's row first (PostgreSQL), as a checkout, a change of the draft and the account's
  // deletion take it: a deletion deleting the draft (and so naming no request on this payment's
  // row) would otherwise wait for this payment's row while this waits for the account's.
  if (payment.purpose !== 'delivery') await isAccountGoneHeld(trx, payment.user_id);
  if (
    !(await markPaymentSucceeded(trx, {
      id: payment.id,
      transactionReference: at.transactionReference,
      now,
    }))
  )
    return { isDuplicate: false, effect: 'none' };
  // The lines as they are now that this settlement holds the payment's row: read before the
  // transaction, they could be those of a shipment's cart changed since (decision 028).
  const lines = (await findPaymentRow(trx, payment.id))?.lines ?? payment.lines;
  let warning: string | undefined;
  // A request's payment that could not submit it: refunded below, after its invoice and receipt.
  let unsubmitted: Exclude<SubmissionResult, 'submitted'> | null = null;
  if (payment.purpose === 'delivery') {
    const isShipped =
      payment.delivery_id !== null &&
      (await recordDeliveryPaid(trx, { deliveryId: payment.delivery_id, paymentId: payment.id, at: at.now }));
    if (!isShipped) warning = 'a delivery payment succeeded for a shipment that is not open: refund it';
  } else {
    const result =
      payment.practice_id === null
        ? 'gone'
        : await recordSubmission(trx, {
            practiceId: payment.practice_id,
            byUserId: payment.user_id,
            at: at.now,
            calendar: at.calendar,
            cap: null,
            paidAt: now,
          });
    if (result !== 'submitted') unsubmitted = result;
  }
  const issued = await issueFiscalDocuments(ctx, trx, {
    paymentId: payment.id,
    userId: payment.user_id,
    issuedAt: at.now,
    description: payment.description,
    lines: pricedLinesSchema.parse(JSON.parse(lines)),
    totals: { net: payment.amount_net, vat: payment.amount_vat, total: payment.amount_total },
    payer: billingInfoViewSchema.parse(JSON.parse(payment.billing)),
    paymentReference: `${payment.provider} ${payment.provider_session_id ?? payment.id}`,
    provider: payment.provider,
    transactionReference: at.transactionReference,
  });
  if (unsubmitted !== null) {
    // The money was taken, so it is on the books (invoice and receipt, above); it goes back
    // whole, through the refund machinery of decision 068: one refund per payment, asked of the
    // provider by its job under the refund's own key, its credit note and mail once confirmed.
    const { refundId } = await requestRefundWithin(ctx, trx, {
      paymentId: payment.id,
      practiceId: unsubmitted === 'gone' ? null : payment.practice_id,
      reason: 'not_submitted',
      actorId: null,
      at: now,
    });
    warning = `a payment succeeded for a request it could not submit (${unsubmitted}): refund ${refundId} asked of the provider`;
    return { isDuplicate: false, effect: 'succeeded', warning };
  }
  const account = await findAccountById(trx, payment.user_id);
  if (account && !account.deleted_at) {
    await queuePaymentSuccessfulMail(ctx, trx, account, {
      firstName: account.first_name,
      amountCents: payment.amount_total,
      practiceId: payment.practice_id,
      invoiceNumber: issued.find((document) => document.kind === 'invoice')?.number ?? '',
      receiptNumber: issued.find((document) => document.kind === 'receipt')?.number ?? '',
    });
  }
  return { isDuplicate: false, effect: 'succeeded', ...(warning ? { warning } : {}) };
}

/**
 * Processes one provider event exactly once: its id is recorded in the same transaction as its
 * effects, so a redelivery (the provider retrying after a lost answer, a duplicate, a crash after
 * the commit) finds the row and changes nothing. Events from the webhook and from asking the
 * provider both come through here, with the transaction reference the provider confirmed.
 */
export async function processProviderEvent(
  ctx: AppContext,
  event: ProviderEvent,
  transactionReference: string | null,
): Promise<SettlementOutcome> {
  const provider = ctx.payments.name;
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const payment = await findPaymentByProviderSession(ctx.db, provider, event.providerSessionId);
  const calendar = await workingCalendar(ctx);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<SettlementOutcome> => {
    const isNew = await recordPaymentEvent(trx, {
      provider,
      event_id: event.id,
      type: event.type,
      provider_session_id: event.providerSessionId,
      payment_id: payment?.id ?? null,
      received_at: now.toISOString(),
    });
    if (!isNew) return { isDuplicate: true, effect: 'none' };
    if (!payment)
      return { isDuplicate: false, effect: 'none', warning: 'an event for an unknown checkout session' };
    switch (event.type) {
      case 'checkout.completed':
        return settleSucceeded(ctx, trx, payment, {
          now,
          calendar,
          // Every adapter names the transaction once paid; the session stands in for one that did not.
          transactionReference: transactionReference ?? event.providerSessionId,
        });
      case 'checkout.failed':
      case 'checkout.expired': {
        const status = event.type === 'checkout.failed' ? 'failed' : 'expired';
        const isClosed = await closePendingPayment(trx, {
          id: payment.id,
          status,
          reason: status === 'failed' ? 'declined' : 'expired',
          now: now.toISOString(),
        });
        return { isDuplicate: false, effect: isClosed ? status : 'none' };
      }
    }
  });
  // Counted once committed: a rolled-back settlement settled nothing.
  if (outcome.effect !== 'none') ctx.metrics.paymentsSettled.inc({ outcome: outcome.effect });
  return outcome;
}

/** The event each final state of a checkout session stands for. */
export const EVENT_OF_STATE: Record<Exclude<ProviderSessionState, 'open'>, ProviderEventType> = {
  paid: 'checkout.completed',
  failed: 'checkout.failed',
  expired: 'checkout.expired',
};

/**
 * Asks the provider about a pending payment and settles it when the session is over. The event id
 * names the session and its final state, so asking twice is one event; a webhook for the same
 * outcome finds the payment already settled.
 */
export async function reconcilePayment(
  ctx: AppContext,
  payment: PaymentRow,
): Promise<SettlementOutcome | null> {
  if (payment.status !== 'pending' || !payment.provider_session_id) return null;
  const session = await ctx.payments.getSession(payment.provider_session_id);
  if (session.state === 'open') return null;
  return processProviderEvent(
    ctx,
    {
      id: `reconcile:${session.state}:${payment.provider_session_id}`,
      type: EVENT_OF_STATE[session.state],
      providerSessionId: payment.provider_session_id,
    },
    session.transactionReference,
  );
}

/**
 * How often a read of a pending payment asks the provider about it: a little less than the return
 * page's poll (every 2 s, `POLL_MS` of the web's payments API), so each of its polls asks, and no
 * more. Each ask is a call on the body's account with the provider, whose own limit, once reached,
 * refuses every payer's checkout (429 PROVIDER_BUSY).
 */
export const PROVIDER_CHECK_INTERVAL_MS = 1_500;

/** Per context (an instance and its provider): when each pending payment was last asked about, on real time. */
const lastAsked = new WeakMap<AppContext, LRUCache<number, number>>();

/** Whether the provider may be asked about `paymentId` now; if so, the ask is counted from now. */
function mayAskProvider(ctx: AppContext, paymentId: number): boolean {
  let asked = lastAsked.get(ctx);
  if (!asked) {
    asked = new LRUCache<number, number>({ max: 100_000 });
    lastAsked.set(ctx, asked);
  }
  const now = ctx.securityClock.now().getTime();
  const at = asked.get(paymentId);
  if (at !== undefined && now - at < PROVIDER_CHECK_INTERVAL_MS && now >= at) return false;
  asked.set(paymentId, now);
  return true;
}

/**
 * GET /payments/{id}: the payer's own payment; a pending one is first checked with the provider, at
 * most once in PROVIDER_CHECK_INTERVAL_MS (a read in between answers the row as it is: the webhook
 * or the next read settles it).
 */
export async function getPaymentStatus(ctx: AppContext, actor: SessionUser, id: number): Promise<Payment> {
  const payment = await findPaymentRow(ctx.db, id);
  if (!payment || payment.user_id !== actor.id) throw new AppError('NOT_FOUND');
  if (payment.status !== 'pending') return toPayment(payment);
  if (!mayAskProvider(ctx, payment.id)) return toPayment(payment);
  try {
    await reconcilePayment(ctx, payment);
  } catch (error) {
    // The provider is busy: the payment simply stays pending for now; the webhook or the job settles it.
    if (!(error instanceof ProviderBusyError)) throw error;
  }
  return toPayment((await findPaymentRow(ctx.db, id)) ?? payment);
}

/** A payment row that never got its provider session (the server stopped in between) is given up after this. */
const UNOPENED_GRACE_SECONDS = 10 * 60;

/**
 * The periodic job: payments still pending past their session's expiry are settled by asking the
 * provider (paid, failed or expired); rows that never reached the provider are closed.
 */
export async function reconcileStalePayments(
  ctx: AppContext,
  { limit = 100 }: { limit?: number } = {},
): Promise<{ checked: number; outcomes: SettlementOutcome[] }> {
  const now = ctx.clock.now();
  const rows = await listStalePendingPayments(ctx.db, {
    now: now.toISOString(),
    openedBefore: isoAfter(now, -UNOPENED_GRACE_SECONDS),
    limit,
  });
  const outcomes: SettlementOutcome[] = [];
  for (const row of rows) {
    if (!row.provider_session_id) {
      await closePendingPayment(ctx.db, {
        id: row.id,
        status: 'failed',
        reason: 'not_opened',
        now: now.toISOString(),
      });
      outcomes.push({ isDuplicate: false, effect: 'failed' });
      continue;
    }
    try {
      const outcome = await reconcilePayment(ctx, row);
      if (outcome) outcomes.push(outcome);
    } catch (error) {
      if (error instanceof ProviderBusyError) break; // the next run tries again
      throw error;
    }
  }
  return { checked: rows.length, outcomes };
}
