import type { CheckoutSessionView } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { ProviderBusyError, type CheckoutSessionRequest } from '../../platform/payments/provider';
import { attachProviderSession, closePendingPayment } from './repository';

/** A busy provider: 429 PROVIDER_BUSY, with the provider's own delay in Retry-After. */
export const busy = (error: ProviderBusyError) =>
  new AppError('PROVIDER_BUSY', {
    headers: { 'retry-after': String(error.retryAfterSeconds) },
    cause: error,
  });

/**
 * Opens the provider's hosted session for a pending payment row just inserted, and records it on the
 * row. When it fails nothing reached the payer: the row is closed so the next attempt starts afresh
 * (what was being paid for and the billing information stay as they are).
 */
export async function openProviderSession(
  ctx: AppContext,
  request: CheckoutSessionRequest,
): Promise<CheckoutSessionView> {
  const paymentId = request.paymentId;
  try {
    const session = await ctx.payments.createCheckoutSession(request);
    await attachProviderSession(ctx.db, {
      id: paymentId,
      providerSessionId: session.providerSessionId,
      checkoutUrl: session.checkoutUrl,
      expiresAt: session.expiresAt,
      now: ctx.clock.now().toISOString(),
    });
    return { payment_id: paymentId, checkout_url: session.checkoutUrl, expires_at: session.expiresAt };
  } catch (error) {
    const reason = error instanceof ProviderBusyError ? 'provider_busy' : 'provider_error';
    await closePendingPayment(ctx.db, {
      id: paymentId,
      status: 'failed',
      reason,
      now: ctx.clock.now().toISOString(),
    });
    if (error instanceof ProviderBusyError) throw busy(error);
    throw error;
  }
}
