import {
  REFUND_REASONS,
  refundOf,
  type Dashboard,
  type Refund,
  type Money,
  type RefundReason,
  type StaffPayment,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { hasAuditAction } from '../transitions/audit';
import { recordStaffChange, recordSystemEntry } from '../transitions/service';
import type { SessionUser } from '../sessions/service';
import { refundPaymentJob } from './refund.job';
import {
  findRefund,
  findUnrefundedPayment,
  insertRefund,
  listFailedRefunds,
  markFailedRefundGivenBack,
  listRefundsOfPayments,
  listSucceededPayments,
} from './refund.repository';
import { findPaymentRow } from './repository';

/** Refunds need the ability, as well as the staff change's own grant (decision 068). */
export function requireRefunder(actor: SessionUser): void {
  if (!actor.abilities['payments.refund'] || !actor.abilities['staff.workspace'])
    throw new AppError('FORBIDDEN_ACCESS');
}

/**
 * A refund of a whole succeeded payment, inside the caller's transaction `trx` (a staff change):
 * the refund row, pending, and the job that asks the provider. One per payment (a unique index):
 * a second request, or two staff members at once, gets 409 REFUND_NOT_AVAILABLE.
 */
export async function requestRefundWithin(
  ctx: AppContext,
  trx: Db,
  input: {
    paymentId: number;
    practiceId: number | null;
    reason: RefundReason;
    /** Null when the settlement asks it by itself. */
    actorId: number | null;
    at: string;
  },
): Promise<{ refundId: number; amount: Money }> {
  const payment = await findPaymentRow(trx, input.paymentId);
  if (!payment || payment.status !== 'succeeded') throw new AppError('REFUND_NOT_AVAILABLE');
  let refundId: number;
  try {
    refundId = await insertRefund(trx, {
      payment_id: payment.id,
      practice_id: input.practiceId,
      reason: input.reason,
      amount_net: payment.amount_net,
      amount_vat: payment.amount_vat,
      amount_total: payment.amount_total,
      status: 'pending',
      provider: payment.provider,
      requested_by: input.actorId,
      requested_at: input.at,
      created_at: input.at,
      updated_at: input.at,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('REFUND_NOT_AVAILABLE', { cause: error });
    throw error;
  }
  await ctx.queue.enqueue(trx, refundPaymentJob, { refundId });
  return {
    refundId,
    amount: { net: payment.amount_net, vat: payment.amount_vat, total: payment.amount_total },
  };
}

/** The payment of a shipment that may still be refunded (the delivery module cancels it). */
export const findRefundableShipmentPayment = (db: Db, deliveryId: number) =>
  findUnrefundedPayment(db, { purpose: 'delivery', deliveryId });

/** Whether the evaluation of a request ever started: from then on its work is paid for. */
export async function hasEvaluationStarted(db: Db, practiceId: number): Promise<boolean> {
  return hasAuditAction(db, { practiceId, action: 'start' });
}

/**
 * POST /staff/practices/{id}/refund: the whole payment of a request closed before its evaluation
 * started goes back (the `refund_payment` staff change: closed, `payments.refund`). The refund is
 * asked of the provider by a job; its credit note, mail and audit entry follow its confirmation.
 */
export async function refundRequestPayment(ctx: AppContext, actor: SessionUser, practiceId: number) {
  requireRefunder(actor);
  await recordStaffChange(ctx, { practiceId, change: 'refund_payment', actor }, async (trx, at) => {
    if (await hasEvaluationStarted(trx, practiceId)) throw new AppError('REFUND_NOT_AVAILABLE');
    const payment = await findUnrefundedPayment(trx, { purpose: 'practice', practiceId });
    if (!payment) throw new AppError('REFUND_NOT_AVAILABLE');
    const reason = 'closed_before_evaluation';
    const { refundId, amount } = await requestRefundWithin(ctx, trx, {
      paymentId: payment.id,
      practiceId,
      reason,
      actorId: actor.id,
      at,
    });
    return { details: { payment_id: payment.id, refund_id: refundId, amount_total: amount.total, reason } };
  });
}

/** The succeeded payments of a request and of its shipments, each with its refund (staff workspace). */
export async function staffPaymentsOf(
  db: Db,
  target: { practiceId: number; deliveryIds: readonly number[] },
): Promise<StaffPayment[]> {
  const payments = await listSucceededPayments(db, target);
  const refunds = await listRefundsOfPayments(
    db,
    payments.map((payment) => payment.id),
  );
  const byPayment = new Map(refunds.map((refund) => [refund.payment_id, refund]));
  return payments.map((payment) => {
    const refund = byPayment.get(payment.id);
    return {
      id: payment.id,
      purpose: payment.purpose === 'delivery' ? 'delivery' : 'practice',
      delivery_id: payment.delivery_id,
      amount: { net: payment.amount_net, vat: payment.amount_vat, total: payment.amount_total },
      provider: payment.provider,
      transaction_reference: payment.transaction_reference,
      paid_at: payment.paid_at,
      refund: refund
        ? { ...refundOf(refund), failure_reason: refund.status === 'failed' ? refund.failure_reason : null }
        : null,
    };
  });
}

/**
 * The refunds the provider refused (decision 068), for the dashboard of those who handle payments:
 * each is given back by hand in the provider's dashboard, so each names its payment's provider and
 * reference and what the provider said. Its request is named only when staff can open it: not one
 * deleted, nor a draft (a `not_submitted` refund of a request that stayed one, decision 084).
 */
export async function failedRefundsForStaff(db: Db, limit: number): Promise<Dashboard['refunds_failed']> {
  const { count, rows } = await listFailedRefunds(db, limit);
  return {
    count,
    refunds: rows.map((row) => ({
      id: row.id,
      payment_id: row.payment_id,
      reason: REFUND_REASONS.find((reason) => reason === row.reason) ?? 'not_submitted',
      amount_total: row.amount_total,
      provider: row.provider,
      transaction_reference: row.transaction_reference,
      failure_reason: row.failure_reason,
      failed_at: row.updated_at,
      practice_id: row.practice_status && row.practice_status !== 'draft' ? row.practice_id : null,
    })),
  };
}

/**
 * POST /staff/refunds/{id}/given-back-by-hand: a refund the provider refused, which a member of
 * staff who may refund has given back in the provider's dashboard (decision 068, amended in stop
 * 75). It stays `failed` (the portal moved no money) with who said so and when, leaves the
 * dashboard's list, and its request (if any is left) gets an audit entry by that member of staff.
 * No credit note, mail or fiscal document: a refund made in the provider's dashboard has its credit
 * note made by the accountant (decision 068, Consequences). 404 for no such refund, 409
 * REFUND_NOT_FAILED for one pending or made; a second call answers the same and writes nothing.
 */
export async function markRefundGivenBackByHand(
  ctx: AppContext,
  actor: SessionUser,
  refundId: number,
): Promise<Refund> {
  if (!actor.abilities['payments.refund']) throw new AppError('FORBIDDEN_ACCESS');
  return ctx.db.transaction().execute(async (trx) => {
    const refund = await findRefund(trx, refundId);
    if (!refund) throw new AppError('NOT_FOUND');
    if (refund.given_back_at === null) {
      if (refund.status !== 'failed') throw new AppError('REFUND_NOT_FAILED');
      const at = ctx.clock.now().toISOString();
      if (await markFailedRefundGivenBack(trx, { id: refund.id, by: actor.id, at })) {
        if (refund.practice_id !== null) {
          const payment = await findPaymentRow(trx, refund.payment_id);
          await recordSystemEntry(trx, {
            practiceId: refund.practice_id,
            action: 'refund_given_back_by_hand',
            byUserId: actor.id,
            details: {
              refund_id: refund.id,
              payment_id: refund.payment_id,
              amount_total: refund.amount_total,
              provider: refund.provider,
              transaction_reference: payment?.transaction_reference ?? null,
            },
            at,
          });
        }
      }
    }
    const [row] = (await listRefundsOfPayments(trx, [refund.payment_id])).filter(
      (candidate) => candidate.id === refund.id,
    );
    if (!row) throw new AppError('NOT_FOUND');
    return refundOf(row);
  });
}
