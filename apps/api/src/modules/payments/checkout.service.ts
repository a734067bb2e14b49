import {
  PAYMENT_RETURN_PATHS,
  serviceOffer,
  type BillingInfo,
  type CheckoutSessionView,
  type Locale,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { ProviderBusyError } from '../../platform/payments/provider';
import { findOwnPractice } from '../practice-records/access.service';
import { holdRequest } from '../practice-records/payment-lock';
import { requireComplete } from '../practices/service';
import { requireSubmissionCapacity } from '../practices/submission.service';
import type { SessionUser } from '../sessions/service';
import { storeBilling } from './billing.service';
import { chargeForPractice, requestCheckoutLine } from './charges';
import { busy, openProviderSession } from './provider-session';
import {
  closePendingPayment,
  findPendingPaymentOfPractice,
  insertPayment,
  updatePaymentBilling,
  type PaymentRow,
} from './repository';
import { reconcilePayment } from './settlement.service';

/** A payment row still waiting for its provider session this long is taken to be abandoned. */
const OPENING_GRACE_MS = 60_000;

const returnUrl = (ctx: AppContext, path: string, paymentId: number) =>
  `${ctx.config.publicUrl}${path}?payment=${paymentId}`;

/**
 * A payment whose provider session never opened (its instance died between the row and the
 * provider's answer): in progress for OPENING_GRACE_MS, since another call may still be opening
 * it; then closed as failed (`not_opened`), so that the checkout asked now opens a new one.
 */
export async function closeUnopenedPayment(
  ctx: AppContext,
  payment: Pick<PaymentRow, 'id' | 'created_at'>,
): Promise<void> {
  const now = ctx.clock.now();
  if (now.getTime() - new Date(payment.created_at).getTime() < OPENING_GRACE_MS) {
    throw new AppError('PAYMENT_IN_PROGRESS');
  }
  await closePendingPayment(ctx.db, {
    id: payment.id,
    status: 'failed',
    reason: 'not_opened',
    now: now.toISOString(),
  });
}

/**
 * The request's open payment, when there is one the payer can still use: its session is reused
 * (with the billing information just given); one the provider has closed is settled on the way.
 */
async function reusableSession(
  ctx: AppContext,
  payment: PaymentRow,
  billing: BillingInfo,
): Promise<CheckoutSessionView | null> {
  const now = ctx.clock.now();
  if (!payment.provider_session_id || !payment.checkout_url || !payment.expires_at) {
    await closeUnopenedPayment(ctx, payment);
    return null;
  }
  const outcome = await reconcilePayment(ctx, payment);
  if (outcome === null) {
    await updatePaymentBilling(ctx.db, {
      id: payment.id,
      billing: JSON.stringify(billing),
      now: now.toISOString(),
    });
    return { payment_id: payment.id, checkout_url: payment.checkout_url, expires_at: payment.expires_at };
  }
  // Paid after all (its webhook is on its way): the request is no longer a draft.
  if (outcome.effect === 'succeeded') throw new AppError('PRACTICE_NOT_EDITABLE');
  return null;
}

/**
 * POST /practices/{id}/checkout: a hosted checkout for the applicant's complete draft at the review
 * step. Free (refugee) requests are submitted without paying; a full day (contingency limit) is
 * told before paying. One open payment per request: an open session is reused. The amount comes
 * from the configured prices, VAT included; the billing information is kept on the server.
 */
export async function startCheckout(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
  billing: BillingInfo,
  locale: Locale,
): Promise<CheckoutSessionView> {
  const practice = await findOwnPractice(ctx, actor, practiceId);
  if (practice.status !== 'draft') throw new AppError('PRACTICE_NOT_EDITABLE');
  if (serviceOffer(practice.service).isFree) throw new AppError('PAYMENT_NOT_REQUIRED');
  await requireComplete(ctx, practice);
  if (practice.row.wizard_step !== 'review') throw new AppError('CONFLICT');
  await requireSubmissionCapacity(ctx);
  await storeBilling(ctx, ctx.db, actor.id, billing);

  try {
    const open = await findPendingPaymentOfPractice(ctx.db, practiceId);
    const reused = open ? await reusableSession(ctx, open, billing) : null;
    if (reused) return reused;
  } catch (error) {
    if (error instanceof ProviderBusyError) throw busy(error);
    throw error;
  }

  const { paymentId, charged, charge } = await ctx.db
    .transaction()
    .execute(async (trx) => {
      // The request held as every change of the draft holds it before reading the lock (decision
      // 020), and checked again under it: a change that came first is seen, one after it waits for
      // this payment and is refused (409 PAYMENT_OPEN).
      await holdRequest(trx, { userId: actor.id, practiceId });
      const held = await findOwnPractice(ctx, actor, practiceId, trx);
      if (held.status !== 'draft') throw new AppError('PRACTICE_NOT_EDITABLE');
      await requireComplete(ctx, held, trx);
      if (held.row.wizard_step !== 'review') throw new AppError('CONFLICT');
      const heldCharged = { id: practiceId, service: held.service, isUrgent: held.row.is_urgent === 1 };
      const heldCharge = chargeForPractice(ctx.config.prices, heldCharged);
      const now = ctx.clock.now().toISOString();
      const id = await insertPayment(trx, {
        user_id: actor.id,
        purpose: 'practice',
        practice_id: practiceId,
        delivery_id: null,
        description: heldCharge.description,
        amount_net: heldCharge.totals.net,
        amount_vat: heldCharge.totals.vat,
        amount_total: heldCharge.totals.total,
        lines: JSON.stringify(heldCharge.lines),
        billing: JSON.stringify(billing),
        status: 'pending',
        provider: ctx.payments.name,
        created_at: now,
        updated_at: now,
      });
      return { paymentId: id, charged: heldCharged, charge: heldCharge };
    })
    .catch((error: unknown) => {
      // Two checkouts at once for one request: the one-pending-payment index lets one through.
      if (isUniqueViolation(error)) throw new AppError('PAYMENT_IN_PROGRESS');
      throw error;
    });

  return openProviderSession(ctx, {
    paymentId,
    amount: charge.totals,
    description: requestCheckoutLine(locale, charged),
    successUrl: returnUrl(ctx, PAYMENT_RETURN_PATHS.success, paymentId),
    cancelUrl: returnUrl(ctx, PAYMENT_RETURN_PATHS.cancel, paymentId),
    customerEmail: actor.email,
    locale,
  });
}
