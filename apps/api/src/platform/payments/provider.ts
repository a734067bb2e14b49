import type { IncomingHttpHeaders } from 'node:http';
import type { Money } from '@lisbon/domain';

/**
 * The payment provider port, shaped like hosted card gateways (Nexi XPay, Stripe Checkout): the
 * portal opens a checkout session, the payer pays on the provider's page, the provider notifies a
 * signed webhook and sends the browser back. The portal decides from the verified webhook or from
 * asking the session's state, never from the browser's return.
 */
export type PaymentProvider = {
  readonly name: string;
  /** Throws `ProviderBusyError` when the gateway answers 429/503 (under load). */
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** The session's state on the provider's side; throws `ProviderBusyError` like the call above. */
  getSessionState(providerSessionId: string): Promise<ProviderSessionState>;
  /**
   * The event a webhook call carries, once its signature is checked against the raw body; throws
   * `WebhookSignatureError` otherwise. Null for an event type the portal does not act on.
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<ProviderEvent | null>;
};

export type CheckoutSessionRequest = {
  /** The merchant reference the provider keeps with the session. */
  paymentId: number;
  amount: Money;
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
};

export type CheckoutSession = { providerSessionId: string; checkoutUrl: string; expiresAt: string };

export const PROVIDER_SESSION_STATES = ['open', 'paid', 'failed', 'expired'] as const;
export type ProviderSessionState = (typeof PROVIDER_SESSION_STATES)[number];

export const PROVIDER_EVENT_TYPES = ['checkout.completed', 'checkout.failed', 'checkout.expired'] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number];

/** One provider event; `id` is unique per provider and is what makes processing exactly once. */
export type ProviderEvent = { id: string; type: ProviderEventType; providerSessionId: string };

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
