import type { IncomingHttpHeaders } from 'node:http';
import type { Money, PaymentProviderName } from '@lisbon/domain';

/**
 * The payment provider port, shaped like hosted card gateways (Nexi XPay, Stripe Checkout): the
 * portal opens a checkout session, the payer pays on the provider's page, the provider notifies a
 * signed webhook and sends the browser back. The portal decides from the verified webhook or from
 * asking the session's state, never from the browser's return. Refunds go through it too
 * (decision 068). Adapters: `sandbox/`, `stripe/`, `nexi/` (decision 067).
 */
export type PaymentProvider = {
  readonly name: PaymentProviderName;
  /** Throws `ProviderBusyError` when the gateway answers 429/503 (under load). */
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /**
   * The session's state on the provider's side and, once paid, the provider's own reference of the
   * money movement; throws `ProviderBusyError` like the call above.
   */
  getSession(providerSessionId: string): Promise<ProviderSessionStatus>;
  /**
   * The event a webhook call carries, once its authenticity is checked against the raw body (a
   * signature, or Nexi's per-order security token); throws `WebhookSignatureError` otherwise. Null
   * for an event type the portal does not act on.
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<ProviderEvent | null>;
  /**
   * Gives back the whole amount of a paid session. Safe to repeat: the same `idempotencyKey`
   * never refunds twice, and a repeat answers the refund's current state (a job retries a pending
   * one until it is final). Throws `ProviderBusyError` under load, like the calls above.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
};

export type CheckoutSessionRequest = {
  /** The merchant reference the provider keeps with the session. */
  paymentId: number;
  amount: Money;
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
  /** The payer's language, for the provider's page. */
  locale?: string;
};

export type CheckoutSession = { providerSessionId: string; checkoutUrl: string; expiresAt: string };

export const PROVIDER_SESSION_STATES = ['open', 'paid', 'failed', 'expired'] as const;
export type ProviderSessionState = (typeof PROVIDER_SESSION_STATES)[number];

export type ProviderSessionStatus = {
  state: ProviderSessionState;
  /** Stripe's PaymentIntent, Nexi's payment operation, the sandbox's session; null until paid. */
  transactionReference: string | null;
};

export const PROVIDER_EVENT_TYPES = ['checkout.completed', 'checkout.failed', 'checkout.expired'] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number];

/** One provider event; `id` is unique per provider and is what makes processing exactly once. */
export type ProviderEvent = { id: string; type: ProviderEventType; providerSessionId: string };

export type RefundRequest = {
  providerSessionId: string;
  transactionReference: string | null;
  /** The whole amount paid, in cents. */
  amountCents: number;
  /** The portal's own key of this refund: the provider refunds it once, however often asked. */
  idempotencyKey: string;
  description: string;
};

export const PROVIDER_REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type ProviderRefundState = (typeof PROVIDER_REFUND_STATES)[number];

export type ProviderRefund = {
  state: ProviderRefundState;
  /** The provider's id of the refund (Stripe `re_…`, Nexi operation id); null when none was made. */
  providerRefundId: string | null;
  /** Why a refund failed, as the provider says it (kept for staff). */
  failureReason?: string;
};

/** The gateway is under load (it answered 429 or 503): nothing was charged, try again later. */
export class ProviderBusyError extends Error {
  override name = 'ProviderBusyError';
  constructor(readonly retryAfterSeconds = 120) {
    super('The payment provider is busy');
  }
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
