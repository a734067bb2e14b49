import {
  deliveryFee,
  isDeliveryAddable,
  orderableAgainOn,
  suspensionDuring,
  type Closure,
  type DeliverablePractice,
  type Delivery,
  type DeliveryCheckoutRequest,
  type DeliveryOverview,
  shippingInfoSchema,
  type ShippingInfo,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { returnDeliverySuspensions } from '../reference/calendar.service';
import type { SessionUser } from '../sessions/service';
import {
  findOpenDeliveryRow,
  insertDelivery,
  listDeliveryPracticeIds,
  listOpenedPracticeRows,
  listPracticeDeliveryRows,
  listShipmentRows,
  replaceDeliveryPractices,
  submitShipping,
  updateDelivery,
  type DeliveryPracticeRow,
  type DeliveryRow,
} from './repository';

/** Only applicants order return deliveries (`delivery.order`); staff answer 403 here. */
function requireOrdering(actor: SessionUser): void {
  if (!actor.abilities['delivery.order']) throw new AppError('FORBIDDEN_ACCESS');
}

export function toDelivery(row: DeliveryRow, practiceIds: number[]): Delivery {
  return {
    id: row.id,
    status: row.status,
    shipping:
      row.shipping_submitted_at === null
        ? null
        : {
            recipient_name: row.recipient_name ?? '',
            address: row.address ?? '',
            city: row.city ?? '',
            zip_code: row.zip_code,
            province: row.province,
            country: row.country ?? '',
            phone: row.phone,
            submitted_at: row.shipping_submitted_at,
          },
    practice_ids: practiceIds,
    amount: deliveryFee(),
    paid_at: row.paid_at,
    payment_id: row.payment_id,
    waybill_number: row.waybill_number,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}

const toDeliverable = (row: DeliveryPracticeRow): DeliverablePractice => ({
  id: row.id,
  qualification_name: row.qualification_name,
  // The column is typed as text; only the transitions write it, always a PracticeStatus.
  status: row.status as DeliverablePractice['status'],
  delivery_opened_at: row.delivery_opened_at ?? '',
  delivery_paid_at: row.delivery_paid_at,
  delivered_at: row.delivered_at,
});

/**
 * The suspension (spec §9, from the data, in the body's time zone) in force now or before a
 * checkout opened now would close, and the day the return can be ordered again: the cart is not
 * offered for payment when its payment could land inside a window. Null when it can be paid now.
 */
export async function suspensionNow(
  ctx: AppContext,
): Promise<{ window: Closure; orderableOn: string } | null> {
  const now = ctx.clock.now();
  const checkoutClosesAt = new Date(now.getTime() + ctx.config.paymentSessionTtlMinutes * 60_000);
  const windows = await returnDeliverySuspensions(ctx);
  const window = suspensionDuring(now, checkoutClosesAt, windows);
  return window && { window, orderableOn: orderableAgainOn(window, windows) };
}

/** GET /delivery: the requests that may go in the cart, the shipment being prepared, the paid ones. */
export async function getDeliveryOverview(ctx: AppContext, actor: SessionUser): Promise<DeliveryOverview> {
  requireOrdering(actor);
  const [opened, open, shipments, suspension] = await Promise.all([
    listOpenedPracticeRows(ctx.db, actor.id),
    findOpenDeliveryRow(ctx.db, actor.id),
    listShipmentRows(ctx.db, actor.id),
    suspensionNow(ctx),
  ]);
  const practiceIds = await listDeliveryPracticeIds(ctx.db, [
    ...(open ? [open.id] : []),
    ...shipments.map((row) => row.id),
  ]);
  return {
    deliverable: opened.filter(isDeliveryAddable).map(toDeliverable),
    current: open ? toDelivery(open, practiceIds.get(open.id) ?? []) : null,
    shipments: shipments.map((row) => toDelivery(row, practiceIds.get(row.id) ?? [])),
    fee: deliveryFee(),
    suspension: suspension && {
      from: suspension.window.from,
      to: suspension.window.to,
      orderable_on: suspension.orderableOn,
    },
  };
}

/** The fields of shipping information, as the domain's schema has them. */
const SHIPPING_FIELDS = shippingInfoSchema.in.keyof().options;

/**
 * PUT /delivery/shipping: the shipping information of the shipment being prepared ('Shipping info
 * updated'). It is given once: afterwards it is read-only and a change answers 409
 * SHIPPING_INFO_LOCKED (spec §4, §5); the same information sent again answers as the first time.
 * The next shipment, after this one is paid, takes its own. A shipment is opened only for an
 * applicant with a request open for the return of its originals and not shipped yet: otherwise 409
 * NOTHING_TO_SHIP, and nothing is written (decision 028).
 */
export async function putShipping(
  ctx: AppContext,
  actor: SessionUser,
  shipping: ShippingInfo,
): Promise<Delivery> {
  requireOrdering(actor);
  const now = ctx.clock.now().toISOString();
  const fields = {
    recipient_name: shipping.recipient_name,
    address: shipping.address,
    city: shipping.city,
    zip_code: shipping.zip_code,
    province: shipping.province ?? null,
    country: shipping.country,
    phone: shipping.phone ?? null,
    shipping_submitted_at: now,
    updated_at: now,
  };
  let open = await findOpenDeliveryRow(ctx.db, actor.id);
  let isLocked = false;
  if (!open) {
    const opened = await listOpenedPracticeRows(ctx.db, actor.id);
    if (!opened.some(isDeliveryAddable)) throw new AppError('NOTHING_TO_SHIP');
    try {
      await insertDelivery(ctx.db, { user_id: actor.id, status: 'open', created_at: now, ...fields });
    } catch (error) {
      // Two first submissions at once: the one-open-shipment index lets one through.
      if (!isUniqueViolation(error)) throw error;
      isLocked = true;
    }
  } else if (!(await submitShipping(ctx.db, open.id, fields))) {
    isLocked = true;
  }
  open = await findOpenDeliveryRow(ctx.db, actor.id);
  if (!open) throw new AppError('CONFLICT');
  // The same information sent again (its answer lost to a dropped connection) is what was
  // submitted, not a change: answered as the first time.
  const isSame = SHIPPING_FIELDS.every((name) => open?.[name] === fields[name]);
  if (isLocked && !isSame) throw new AppError('SHIPPING_INFO_LOCKED');
  const practiceIds = await listDeliveryPracticeIds(ctx.db, [open.id]);
  return toDelivery(open, practiceIds.get(open.id) ?? []);
}

/**
 * The cart about to be paid (POST /delivery/checkout, by the payments module): every request must
 * be the applicant's own (404 otherwise, like one that does not exist), in no paid shipment (409
 * DELIVERY_ALREADY_PAID) and open to delivery (409 DELIVERY_NOT_AVAILABLE); the shipping information must be given (409
 * SHIPPING_INFO_REQUIRED); during a suspension window the cart cannot be paid (409
 * DELIVERY_SUSPENDED, naming the day it can be ordered again, as the mail does). Nothing is written
 * here: the payments module first asks the provider about the shipment's open payment, then writes
 * the cart with `writeDeliveryCart` in the transaction that writes what the payment is for.
 */
export async function shipmentToPay(
  ctx: AppContext,
  actor: SessionUser,
  input: Pick<DeliveryCheckoutRequest, 'practice_ids'>,
): Promise<{ deliveryId: number; practiceIds: number[] }> {
  requireOrdering(actor);
  const rows = await listPracticeDeliveryRows(ctx.db, input.practice_ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of input.practice_ids) {
    const row = byId.get(id);
    if (!row || row.user_id !== actor.id) throw new AppError('NOT_FOUND');
    // Already in a paid shipment (a cart sent again from another tab once it was paid).
    if (row.delivery_id !== null) throw new AppError('DELIVERY_ALREADY_PAID');
    if (!isDeliveryAddable(row)) throw new AppError('DELIVERY_NOT_AVAILABLE');
  }
  const open = await findOpenDeliveryRow(ctx.db, actor.id);
  if (!open || open.shipping_submitted_at === null) throw new AppError('SHIPPING_INFO_REQUIRED');
  const suspension = await suspensionNow(ctx);
  if (suspension) throw new AppError('DELIVERY_SUSPENDED', { params: { day: suspension.orderableOn } });
  const practiceIds = [...input.practice_ids].sort((a, b) => a - b);
  return { deliveryId: open.id, practiceIds };
}

/**
 * The shipment now holds exactly these requests, in the caller's transaction (the one writing its
 * payment's lines): only while it is still open. False, and nothing written, once it is paid or
 * cancelled: a paid shipment's requests are what was paid for (409 DELIVERY_ALREADY_PAID). The
 * shipment's row is updated first, so its settlement (which updates it from 'open' to 'paid', after
 * the payment's row, as the caller does) and this write follow one another.
 */
export async function writeDeliveryCart(
  trx: Db,
  { deliveryId, practiceIds, at }: { deliveryId: number; practiceIds: readonly number[]; at: string },
): Promise<boolean> {
  if (!(await updateDelivery(trx, { id: deliveryId, from: 'open', patch: { updated_at: at } }))) return false;
  await replaceDeliveryPractices(trx, deliveryId, practiceIds);
  return true;
}
