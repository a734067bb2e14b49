import {
  DELIVERY_CANCELLED_PARAM,
  DELIVERY_RETURN_PATH,
  deliveryFee,
  type BillingInfo,
  type CheckoutSessionView,
  type DeliveryCheckoutRequest,
  type Locale,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { ProviderBusyError } from '../../platform/payments/provider';
import { shipmentToPay, writeDeliveryCart } from '../delivery/service';
import type { SessionUser } from '../sessions/service';
import { storeBilling } from './billing.service';
import { busy, openProviderSession } from './provider-session';
import { findPendingPaymentOfDelivery, insertPayment, updatePendingPaymentLines } from './repository';
import { reconcilePayment } from './settlement.service';
import { deliveryCheckoutLine } from './charges';
import { closeUnopenedPayment } from './checkout.service';

/** The invoice line of a shipment: Italian, then English, like the service lines. */
const deliveryLine = (deliveryId: number, practiceIds: readonly number[]) =>
  `Restituzione originali, spedizione n. ${deliveryId} (richieste ${practiceIds.join(', ')}) / Return delivery of originals, shipment no. ${deliveryId} (requests ${practiceIds.join(', ')})`;

/** The priced lines of a shipment: one line, the fee of spec §9, naming the requests in the cart. */
const deliveryLines = (deliveryId: number, practiceIds: readonly number[]) => [
  { description: deliveryLine(deliveryId, practiceIds), ...deliveryFee() },
];

/**
 * A hosted checkout for a return-delivery shipment (the delivery module checked the cart, the
 * shipping information and the suspension windows): the fee of spec §9, once per shipment. Like a
 * request's payment, one open payment per shipment, reused while its session is open; settled by
 * the webhook exactly once, with its invoice and receipt in the same numbering.
 *
 * What was paid for stays as paid: the open payment is asked about before the cart is written, so
 * one already paid on the provider's page (its webhook not here yet) is settled now with the cart
 * it was paid with, and the new cart is refused (409 DELIVERY_ALREADY_PAID). The cart and the
 * payment's lines are then written together in one transaction, the payment's row first and the
 * shipment's next, as its settlement takes them: a settlement and a cart change follow one another,
 * and the invoice names the requests the shipment holds.
 */
async function startDeliveryCheckout(
  ctx: AppContext,
  actor: SessionUser,
  input: { deliveryId: number; practiceIds: readonly number[]; billing: BillingInfo; locale: Locale },
): Promise<CheckoutSessionView> {
  const { deliveryId, practiceIds, billing } = input;
  await storeBilling(ctx, ctx.db, actor.id, billing);
  const lines = JSON.stringify(deliveryLines(deliveryId, practiceIds));
  const writeCart = async (trx: Db, at: string) => {
    if (!(await writeDeliveryCart(trx, { deliveryId, practiceIds, at })))
      throw new AppError('DELIVERY_ALREADY_PAID');
  };
  try {
    const open = await findPendingPaymentOfDelivery(ctx.db, deliveryId);
    if (open?.provider_session_id && open.checkout_url && open.expires_at) {
      const outcome = await reconcilePayment(ctx, open);
      if (outcome === null) {
        const { checkout_url: checkoutUrl, expires_at: expiresAt } = open;
        // The cart may have changed since the session opened: the invoice names the requests paid for.
        const isReused = await ctx.db.transaction().execute(async (trx) => {
          const now = ctx.clock.now().toISOString();
          const isPending = await updatePendingPaymentLines(trx, {
            id: open.id,
            billing: JSON.stringify(billing),
            lines,
            now,
          });
          // Settled or closed meanwhile: a paid one leaves the shipment paid (refused below), a
          // closed one is replaced by a new payment.
          if (isPending) await writeCart(trx, now);
          return isPending;
        });
        if (isReused) return { payment_id: open.id, checkout_url: checkoutUrl, expires_at: expiresAt };
      } else if (outcome.effect === 'succeeded') throw new AppError('DELIVERY_ALREADY_PAID');
    } else if (open) {
      await closeUnopenedPayment(ctx, open);
    }
  } catch (error) {
    if (error instanceof ProviderBusyError) throw busy(error);
    throw error;
  }

  const fee = deliveryFee();
  const description = `Return delivery no. ${deliveryId}`;
  const paymentId = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const now = ctx.clock.now().toISOString();
      const id = await insertPayment(trx, {
        user_id: actor.id,
        purpose: 'delivery',
        practice_id: null,
        delivery_id: deliveryId,
        description,
        amount_net: fee.net,
        amount_vat: fee.vat,
        amount_total: fee.total,
        lines,
        billing: JSON.stringify(billing),
        status: 'pending',
        provider: ctx.payments.name,
        created_at: now,
        updated_at: now,
      });
      await writeCart(trx, now);
      return id;
    })
    .catch((error: unknown) => {
      // Two checkouts at once for one shipment: the one-pending-payment index lets one through.
      if (isUniqueViolation(error)) throw new AppError('PAYMENT_IN_PROGRESS');
      throw error;
    });

  const returnUrl = `${ctx.config.publicUrl}${DELIVERY_RETURN_PATH}?payment=${paymentId}`;
  return openProviderSession(ctx, {
    paymentId,
    amount: fee,
    description: deliveryCheckoutLine(input.locale, deliveryId),
    successUrl: returnUrl,
    cancelUrl: `${returnUrl}&${DELIVERY_CANCELLED_PARAM}=1`,
    customerEmail: actor.email,
    locale: input.locale,
  });
}

/** POST /delivery/checkout: the cart as the delivery module checked it, paid through a hosted checkout. */
export async function checkoutDelivery(
  ctx: AppContext,
  actor: SessionUser,
  input: DeliveryCheckoutRequest,
  locale: Locale,
): Promise<CheckoutSessionView> {
  const { deliveryId, practiceIds } = await shipmentToPay(ctx, actor, input);
  return startDeliveryCheckout(ctx, actor, { deliveryId, practiceIds, billing: input.billing, locale });
}
