import type { Db } from '../../platform/db/database';
import {
  countDeliveredOfShipment,
  findDeliveryRow,
  findPracticeDeliveryRow,
  listDeliveryPracticeIds,
  listShipmentIdsOfPractice,
  releaseShipmentPractices,
  updateDelivery,
} from './repository';

/**
 * The delivery side of cancelling a paid shipment (decision 068); the payments module refunds its
 * fee and calls these (`payments/delivery-cancel.service.ts`).
 */

/** The shipment a request is in, when it may still be cancelled: paid, and nothing delivered yet. */
export async function cancellableShipment(db: Db, practiceId: number) {
  const practice = await findPracticeDeliveryRow(db, practiceId);
  if (!practice?.delivery_id) return null;
  const shipment = await findDeliveryRow(db, practice.delivery_id);
  if (shipment?.status !== 'paid') return null;
  return (await countDeliveredOfShipment(db, shipment.id)) === 0 ? shipment : null;
}

/** Every shipment a request was ever in (the staff workspace shows their payments). */
export async function shipmentIdsOfPractice(db: Db, practiceId: number): Promise<number[]> {
  return listShipmentIdsOfPractice(db, practiceId);
}

/**
 * Cancels a paid shipment in the caller's transaction: it becomes `cancelled` and its requests are
 * released (still open to delivery, so they may be ordered again). Answers the requests it carried;
 * null when it was no longer paid.
 */
export async function cancelShipmentWithin(
  trx: Db,
  { deliveryId, at }: { deliveryId: number; at: string },
): Promise<number[] | null> {
  const isCancelled = await updateDelivery(trx, {
    id: deliveryId,
    from: 'paid',
    patch: { status: 'cancelled', updated_at: at },
  });
  if (!isCancelled) return null;
  const practiceIds = (await listDeliveryPracticeIds(trx, [deliveryId])).get(deliveryId) ?? [];
  await releaseShipmentPractices(trx, { deliveryId, at });
  return practiceIds;
}
