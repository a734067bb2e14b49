import { waybillNumber } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { listDeliveryPracticeIds, markPracticesShipped, updateDelivery } from './repository';

/**
 * A shipment's payment settled (called by the payments module in the settling transaction, once):
 * the shipment is paid with its waybill number, and its requests carry it with `delivery_paid_at`.
 * False when the shipment was not open (nothing changes; the caller warns).
 */
export async function recordDeliveryPaid(
  trx: Db,
  { deliveryId, paymentId, at }: { deliveryId: number; paymentId: number; at: Date },
): Promise<boolean> {
  const paidAt = at.toISOString();
  const isPaid = await updateDelivery(trx, {
    id: deliveryId,
    from: 'open',
    patch: {
      status: 'paid',
      payment_id: paymentId,
      paid_at: paidAt,
      waybill_number: waybillNumber(deliveryId, at),
      updated_at: paidAt,
    },
  });
  if (!isPaid) return false;
  const practiceIds = (await listDeliveryPracticeIds(trx, [deliveryId])).get(deliveryId) ?? [];
  await markPracticesShipped(trx, { ids: practiceIds, deliveryId, paidAt });
  return true;
}
