import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { cancellableShipment, cancelShipmentWithin, shipmentIdsOfPractice } from '../delivery/cancel.service';
import type { SessionUser } from '../sessions/service';
import { recordStaffChange } from '../transitions/service';
import { findRefundableShipmentPayment, requestRefundWithin, requireRefunder } from './refund.service';

/**
 * What the staff workspace needs of a request's shipments: the ones it was ever in (their payments
 * are shown), and whether its current one may be cancelled with its fee refunded.
 */
export async function shipmentFactsOf(db: Db, practiceId: number) {
  const [deliveryIds, shipment] = await Promise.all([
    shipmentIdsOfPractice(db, practiceId),
    cancellableShipment(db, practiceId),
  ]);
  const isCancellable =
    shipment !== null && (await findRefundableShipmentPayment(db, shipment.id)) !== undefined;
  return { deliveryIds, isCancellable };
}

/**
 * POST /staff/practices/{id}/cancel-delivery (decision 068): the paid shipment that carries this
 * request is cancelled before any of its originals was delivered — its requests are released
 * (still open to delivery, so they may be ordered again) and its whole fee is refunded through the
 * provider, with its credit note, mail and audit entry once the provider confirms.
 */
export async function cancelDelivery(ctx: AppContext, actor: SessionUser, practiceId: number): Promise<void> {
  requireRefunder(actor);
  await recordStaffChange(ctx, { practiceId, change: 'cancel_delivery', actor }, async (trx, at) => {
    const shipment = await cancellableShipment(trx, practiceId);
    if (!shipment) throw new AppError('DELIVERY_NOT_AVAILABLE');
    const payment = await findRefundableShipmentPayment(trx, shipment.id);
    if (!payment) throw new AppError('REFUND_NOT_AVAILABLE');
    const practiceIds = await cancelShipmentWithin(trx, { deliveryId: shipment.id, at });
    if (!practiceIds) throw new AppError('DELIVERY_NOT_AVAILABLE');
    const reason = 'delivery_cancelled';
    const { refundId, amount } = await requestRefundWithin(ctx, trx, {
      paymentId: payment.id,
      practiceId,
      reason,
      actorId: actor.id,
      at,
    });
    return {
      details: {
        delivery_id: shipment.id,
        practice_ids: practiceIds,
        payment_id: payment.id,
        refund_id: refundId,
        amount_total: amount.total,
        reason,
      },
    };
  });
}
