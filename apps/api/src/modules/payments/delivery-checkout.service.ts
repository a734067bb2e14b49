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
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { ProviderBusyError } from '../../platform/payments/provider';
import { shipmentToPay } from '../delivery/service';
import type { SessionUser } from '../sessions/service';
import { storeBilling } from './billing.service';
import { busy, openProviderSession } from './provider-session';
import { findPendingPaymentOfDelivery, insertPayment, updatePaymentBilling } from './repository';
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
 */
async function startDeliveryCheckout(
  ctx: AppContext,
  actor: SessionUser,
  input: { deliveryId: number; practiceIds: readonly number[]; billing: BillingInfo; locale: Locale },
): Promise<CheckoutSessionView> {
  const { deliveryId, billing } = input;
  await storeBilling(ctx, ctx.db, actor.id, billing);
  try {
    const open = await findPendingPaymentOfDelivery(ctx.db, deliveryId);
    if (open?.provider_session_id && open.checkout_url && open.expires_at) {
      const outcome = await reconcilePayment(ctx, open);
      if (outcome === null) {
        // The cart may have changed since the session opened: the invoice names the requests paid for.
        await updatePaymentBilling(ctx.db, {
          id: open.id,
          billing: JSON.stringify(billing),
          lines: JSON.stringify(deliveryLines(deliveryId, input.practiceIds)),
          now: ctx.clock.now().toISOString(),
        });
        return { payment_id: open.id, checkout_url: open.checkout_url, expires_at: open.expires_at };
      }
      if (outcome.effect === 'succeeded') throw new AppError('DELIVERY_NOT_AVAILABLE');
    } else if (open) {
      await closeUnopenedPayment(ctx, open);
    }
  } catch (error) {
    if (error instanceof ProviderBusyError) throw busy(error);
    throw error;
  }

  const fee = deliveryFee();
  const description = `Return delivery no. ${deliveryId}`;
  const lines = deliveryLines(deliveryId, input.practiceIds);
  const now = ctx.clock.now().toISOString();
  let paymentId: number;
  try {
    paymentId = await insertPayment(ctx.db, {
      user_id: actor.id,
      purpose: 'delivery',
      practice_id: null,
      delivery_id: deliveryId,
      description,
      amount_net: fee.net,
      amount_vat: fee.vat,
      amount_total: fee.total,
      lines: JSON.stringify(lines),
      billing: JSON.stringify(billing),
      status: 'pending',
      provider: ctx.payments.name,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PAYMENT_IN_PROGRESS');
    throw error;
  }

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
