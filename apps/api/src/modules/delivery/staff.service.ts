import { isDeliveryChangePending } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../sessions/service';
import { recordStaffChange } from '../transitions/service';
import { queueDeliveredMail, queueDeliveryOpenedMail } from './mails';
import {
  countUndeliveredOfShipment,
  findDeliveryRow,
  findPracticeDeliveryRow,
  setPracticeDeliveryFields,
  updateDelivery,
} from './repository';
import { suspensionNow } from './service';

/**
 * The staff side of return delivery: staff changes of the domain's STAFF_CHANGE_RULES (ability
 * `staff.delivery`), audited like the others, that change no status (decision 028).
 */

/**
 * POST /staff/practices/{id}/open-to-delivery: the body holds the originals and may send them back;
 * the applicant is mailed, in their language, that they may now order them back, or, during a
 * suspension, from which day they may.
 */
export async function openToDelivery(ctx: AppContext, actor: SessionUser, practiceId: number): Promise<void> {
  // Read before the transaction: on SQLite it holds the one connection.
  const orderableOn = (await suspensionNow(ctx))?.orderableOn ?? null;
  await recordStaffChange(ctx, { practiceId, change: 'open_to_delivery', actor }, async (trx, at) => {
    const practice = await findPracticeDeliveryRow(trx, practiceId);
    if (!practice || !isDeliveryChangePending('open_to_delivery', practice)) {
      throw new AppError('DELIVERY_NOT_AVAILABLE');
    }
    await setPracticeDeliveryFields(trx, practiceId, { delivery_opened_at: at });
    await queueDeliveryOpenedMail(ctx, trx, { userId: practice.user_id, practiceId, orderableOn });
  });
}

/**
 * POST /staff/practices/{id}/delivered: records `delivered_at` on a request whose shipment is paid
 * and mails the applicant in their language; the shipment is delivered once all its requests are.
 */
export async function setDelivered(ctx: AppContext, actor: SessionUser, practiceId: number): Promise<void> {
  await recordStaffChange(ctx, { practiceId, change: 'set_delivered', actor }, async (trx, at) => {
    const practice = await findPracticeDeliveryRow(trx, practiceId);
    if (!practice || practice.delivery_id === null || !isDeliveryChangePending('set_delivered', practice)) {
      throw new AppError('DELIVERY_NOT_AVAILABLE');
    }
    await setPracticeDeliveryFields(trx, practiceId, { delivered_at: at });
    const shipment = await findDeliveryRow(trx, practice.delivery_id);
    if (shipment && (await countUndeliveredOfShipment(trx, shipment.id)) === 0) {
      await updateDelivery(trx, {
        id: shipment.id,
        from: 'paid',
        patch: { status: 'delivered', delivered_at: at, updated_at: at },
      });
    }
    await queueDeliveredMail(ctx, trx, {
      userId: practice.user_id,
      practiceId,
      waybill: shipment?.waybill_number ?? null,
    });
    return { details: { delivery_id: practice.delivery_id } };
  });
}
