import Stripe from 'stripe';
import type { Clock } from '../../clock';
import {
  ProviderBusyError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEventType,
  type ProviderRefund,
  type ProviderSessionStatus,
} from '../provider';

export type StripeOptions = {
  clock: Clock;
  /** The secret key (`sk_test_…` in test mode, `sk_live_…` live). */
  apiKey: string;
  /** `https://api.stripe.com`, or a contract server in tests (host, port and protocol are used). */
  apiUrl: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  sessionTtlMinutes: number;
};

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes or later than 24 hours. */
const SESSION_TTL_MINUTES = { min: 30, max: 24 * 60 };
/** Stripe's own default tolerance of a signature's age: a captured event cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A Checkout Session as the adapter reads it (API version of the installed `stripe` package). */
type Session = Stripe.Checkout.Session;

/** What each webhook event the portal acts on means; any other type is acknowledged and ignored. */
const EVENT_TYPES: Record<string, (session: Session) => ProviderEventType | null> = {
  // Card payments are paid at completion; a delayed method (SEPA debit…) completes unpaid and
  // is decided by one of the two async events that follow.
  'checkout.session.completed': (session) =>
    session.payment_status === 'unpaid' ? null : 'checkout.completed',
  'checkout.session.async_payment_succeeded': () => 'checkout.completed',
  'checkout.session.async_payment_failed': () => 'checkout.failed',
  'checkout.session.expired': () => 'checkout.expired',
};

const paymentIntentOf = (session: Session) => session.payment_intent;

/**
 * A session's state from Stripe's: `open` and `expired` as they are; `complete` is paid when its
 * payment status says so, still open while a delayed payment is processing, and failed once its
 * PaymentIntent wants another payment method or was cancelled.
 */
export function stateOfSession(session: Session): ProviderSessionStatus {
  const intent = paymentIntentOf(session);
  const intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
  if (session.status === 'expired') return { state: 'expired', transactionReference: null };
  if (session.status !== 'complete') return { state: 'open', transactionReference: null };
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    return { state: 'paid', transactionReference: intentId };
  const intentStatus = typeof intent === 'object' && intent ? intent.status : null;
  return intentStatus === 'requires_payment_method' || intentStatus === 'canceled'
    ? { state: 'failed', transactionReference: null }
    : { state: 'open', transactionReference: null };
}

const refundStateOf = (status: string | null): ProviderRefund['state'] => {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
};

/** 429 and 503 mean "busy, nothing done" (the port's rule); anything else is the caller's to handle. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeError &&
      (error.statusCode === 429 || error.statusCode === 503)
    ) {
      const retryAfter = Number(error.headers?.['retry-after']);
      throw new ProviderBusyError(Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : 120);
    }
    throw error;
  }
}

const isNotFound = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 404;

/**
 * Stripe Checkout through the official `stripe` package (decision 067): a hosted Checkout Session
 * per payment, its webhooks verified with the library's own signature check, and the session
 * retrieved (with its PaymentIntent) to confirm or reconcile. The transaction reference is the
 * PaymentIntent; refunds are made on it, keyed by the portal's refund.
 */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const base = new URL(options.apiUrl);
  const stripe = new Stripe(options.apiKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    // One retry of a dropped connection; the library keys retried POSTs itself.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Lisbon' },
  });
  const ttlMinutes = Math.min(
    SESSION_TTL_MINUTES.max,
    Math.max(SESSION_TTL_MINUTES.min, options.sessionTtlMinutes),
  );

  return {
    name: 'stripe',

    async createCheckoutSession(request) {
      const nowSeconds = Math.floor(options.clock.now().getTime() / 1000);
      const reference = String(request.paymentId);
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: request.amount.total,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: reference,
          metadata: { payment_id: reference },
          payment_intent_data: { description: request.description, metadata: { payment_id: reference } },
          customer_email: request.customerEmail,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: nowSeconds + ttlMinutes * 60,
          locale: request.locale?.startsWith('it') ? 'it' : 'auto',
        }),
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return {
        providerSessionId: session.id,
        checkoutUrl: session.url,
        expiresAt: new Date(session.expires_at * 1000).toISOString(),
      };
    },

    async getSession(providerSessionId) {
      try {
        const session = await call(() =>
          stripe.checkout.sessions.retrieve(providerSessionId, { expand: ['payment_intent'] }),
        );
        return stateOfSession(session);
      } catch (error) {
        // A session Stripe never issued (or another account's): lost, like the sandbox's.
        if (isNotFound(error)) return { state: 'expired', transactionReference: null };
        throw error;
      }
    },

    async verifyWebhook(rawBody, headers) {
      const header = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          Array.isArray(header) ? (header[0] ?? '') : (header ?? ''),
          options.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          options.clock.now().getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError('The Stripe-Signature is not valid', { cause: error });
      }
      const meaning = EVENT_TYPES[event.type];
      const object = event.data.object as { object?: string };
      if (!meaning || object.object !== 'checkout.session') return null;
      // Its `object` field says it is a Checkout Session; Stripe types data.object loosely.
      const session = object as Session;
      const type = meaning(session);
      return type ? { id: event.id, type, providerSessionId: session.id } : null;
    },

    async refund(request) {
      const intent = request.transactionReference;
      if (!intent) return { state: 'failed', providerRefundId: null, failureReason: 'no PaymentIntent' };
      // Asked before (a retry after a crash, or past the 24 hours an idempotency key lasts): that one.
      const made = await call(() => stripe.refunds.list({ payment_intent: intent, limit: 100 }));
      const existing = made.data.find((refund) => refund.metadata?.lisbon_refund === request.idempotencyKey);
      const refund =
        existing ??
        (await call(() =>
          stripe.refunds.create(
            {
              payment_intent: intent,
              amount: request.amountCents,
              reason: 'requested_by_customer',
              metadata: { lisbon_refund: request.idempotencyKey },
            },
            { idempotencyKey: request.idempotencyKey },
          ),
        ));
      const state = refundStateOf(refund.status);
      return {
        state,
        providerRefundId: refund.id,
        ...(state === 'failed' ? { failureReason: refund.failure_reason ?? refund.status ?? 'failed' } : {}),
      };
    },
  };
}
