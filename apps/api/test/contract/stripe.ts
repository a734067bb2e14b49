import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  cardPage,
  digitsOf,
  field,
  httpTransport,
  listen,
  listOf,
  Outbox,
  parseBracketForm,
  type Answer,
  type Transport,
} from './common';

/**
 * A contract server for Stripe's API, answering exactly the requests the Stripe adapter makes, in
 * the shapes of Stripe's published API reference (docs.stripe.com/api), API version
 * `2026-10-28.endive` — the version `stripe` 23.1.0 pins (node_modules/stripe/esm/apiVersion.js)
 * and whose types (esm/resources/Checkout/Sessions.d.ts, Refunds.d.ts, Events.d.ts) name the
 * fields below:
 *
 * - `POST /v1/checkout/sessions` (form-encoded, `Authorization: Bearer sk_…`, optional
 *   `Idempotency-Key`): "Create a Checkout Session" — mode `payment`, one `line_items[0][price_data]`
 *   in `eur`, `success_url`, `cancel_url`, `expires_at` 30 minutes to 24 hours ahead; answers the
 *   Checkout Session object: `id` `cs_test_…`, `object` `checkout.session`, `status` `open`,
 *   `payment_status` `unpaid`, `payment_intent` null until paid (deferred intent creation), `url`.
 * - `GET /v1/checkout/sessions/{id}` with `expand[0]=payment_intent`: "Retrieve a Checkout
 *   Session"; an unknown id is 404 `invalid_request_error` / `resource_missing`.
 * - `POST /v1/refunds` (`payment_intent`, `amount`, `reason`, `metadata[…]`) and
 *   `GET /v1/refunds?payment_intent=…`: "Create a refund", "List all refunds" (the Refund object,
 *   `status` `succeeded`; a list is `{ object: 'list', data, has_more, url }`).
 * - Errors: `{ error: { type, code, message, param } }`; 429 `rate_limit_error` when busy.
 * - Webhooks: the Event object (`id` `evt_…`, `object` `event`, `api_version`, `created`,
 *   `data.object`, `livemode`, `pending_webhooks`, `request`, `type`) for
 *   `checkout.session.completed`, `checkout.session.async_payment_succeeded`,
 *   `checkout.session.async_payment_failed`, `checkout.session.expired`, signed as "Verify
 *   webhook signatures manually" says: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`.
 * - The hosted page (Stripe's test mode): card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is
 *   declined on the page, which stays open for another card (no event), as Stripe Checkout does.
 */

export const STRIPE_API_VERSION = '2026-10-28.endive';
export const STRIPE_TEST_CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: 'eur';
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  latest_charge: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

type Session = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: 'eur';
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  ui_mode: 'hosted_page';
  url: string | null;
};

type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: 'eur';
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
};

export type StripeContractOptions = {
  secretKey: string;
  webhookSecret: string;
  /** The portal's time (a test's ManualClock); the real time otherwise. */
  now?: () => Date;
  /** Send events to the portal as they come (standalone mode); otherwise tests call `deliver`. */
  webhookUrl?: string;
  port?: number;
};

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

const error = (
  status: number,
  type: string,
  message: string,
  extra: Record<string, string> = {},
): Answer => ({
  status,
  json: { error: { type, message, ...extra } },
});

/** Stripe's documented signature scheme, computed here by hand rather than with the library under test. */
export function stripeSignature(secret: string, payload: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startStripeContract(options: StripeContractOptions) {
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const sessions = new Map<string, Session>();
  const intents = new Map<string, PaymentIntent>();
  const refunds = new Map<string, Refund>();
  const idempotent = new Map<string, Answer>();
  const outbox = new Outbox(options.webhookUrl ? httpTransport(options.webhookUrl) : null);
  const requests: { method: string; path: string; body: string; headers: IncomingMessage['headers'] }[] = [];
  let isBusy = false;
  let baseUrl = '';

  const withIntent = (session: Session, isExpanded: boolean) =>
    isExpanded && session.payment_intent
      ? { ...session, payment_intent: intents.get(session.payment_intent) ?? session.payment_intent }
      : session;

  /** An open session past `expires_at` expires, and Stripe sends `checkout.session.expired`. */
  function expireDue() {
    for (const session of sessions.values()) {
      if (session.status === 'open' && session.expires_at <= seconds()) {
        session.status = 'expired';
        session.url = null;
        emit('checkout.session.expired', session);
      }
    }
  }

  function emit(type: string, session: Session) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: seconds(),
      data: { object: structuredClone(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event);
    // Signed at sending time, so a retry carries a fresh timestamp.
    outbox.push(() => ({
      body: payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignature(options.webhookSecret, payload, seconds()),
      },
    }));
  }

  /** The payer completes the session: card paid now, or a delayed method left `processing`. */
  function complete(session: Session, outcome: 'paid' | 'processing') {
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: outcome === 'paid' ? session.amount_total : 0,
      currency: 'eur',
      status: outcome === 'paid' ? 'succeeded' : 'processing',
      latest_charge: outcome === 'paid' ? newId('ch') : null,
      metadata: session.metadata,
      created: seconds(),
      livemode: false,
    };
    intents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_status = outcome === 'paid' ? 'paid' : 'unpaid';
    session.payment_intent = intent.id;
    session.url = null;
    emit('checkout.session.completed', session);
  }

  function createSession(form: ReturnType<typeof parseBracketForm>): Answer {
    const amount = Number(field(form, 'line_items', '0', 'price_data', 'unit_amount'));
    const expiresAt = Number(field(form, 'expires_at') ?? seconds() + 24 * 3600);
    if (field(form, 'mode') !== 'payment')
      return error(400, 'invalid_request_error', 'Missing required param: mode.', { param: 'mode' });
    if (
      field(form, 'line_items', '0', 'price_data', 'currency') !== 'eur' ||
      !Number.isInteger(amount) ||
      amount < 1
    )
      return error(400, 'invalid_request_error', 'Invalid line_items[0][price_data].', {
        param: 'line_items',
      });
    if (!field(form, 'success_url'))
      return error(400, 'invalid_request_error', 'Missing required param: success_url.', {
        param: 'success_url',
      });
    if (expiresAt < seconds() + 30 * 60 - 5 || expiresAt > seconds() + 24 * 3600)
      return error(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        { param: 'expires_at' },
      );
    const id = newId('cs');
    const metadata = Object.fromEntries(
      Object.entries((form.metadata as Record<string, string> | undefined) ?? {}).filter(
        ([, value]) => typeof value === 'string',
      ),
    );
    const session: Session = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: field(form, 'cancel_url') ?? null,
      client_reference_id: field(form, 'client_reference_id') ?? null,
      created: seconds(),
      currency: 'eur',
      customer_email: field(form, 'customer_email') ?? null,
      expires_at: expiresAt,
      livemode: false,
      locale: field(form, 'locale') ?? null,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: field(form, 'success_url') ?? null,
      ui_mode: 'hosted_page',
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
    return { status: 200, json: session };
  }

  function createRefund(form: ReturnType<typeof parseBracketForm>): Answer {
    const intent = intents.get(field(form, 'payment_intent') ?? '');
    if (!intent)
      return error(404, 'invalid_request_error', 'No such payment_intent.', {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = Number(field(form, 'amount') ?? intent.amount_received - refunded);
    if (intent.status !== 'succeeded' || amount + refunded > intent.amount_received)
      return error(400, 'invalid_request_error', 'Charge has already been refunded.', {
        code: 'charge_already_refunded',
      });
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge ?? '',
      created: seconds(),
      currency: 'eur',
      metadata: Object.fromEntries(
        Object.entries((form.metadata as Record<string, string> | undefined) ?? {}).filter(
          ([, value]) => typeof value === 'string',
        ),
      ),
      payment_intent: intent.id,
      reason: field(form, 'reason') ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return { status: 200, json: refund };
  }

  const api = (request: IncomingMessage, body: string, url: URL): Answer => {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`)
      return error(401, 'invalid_request_error', 'Invalid API Key provided.');
    if (isBusy)
      return { ...error(429, 'rate_limit_error', 'Too many requests.'), headers: { 'retry-after': '2' } };
    expireDue();
    const key = request.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' ? `${request.method} ${url.pathname} ${key}` : null;
    if (cacheKey && idempotent.has(cacheKey)) return idempotent.get(cacheKey) as Answer;
    const form = parseBracketForm(request.method === 'GET' ? url.search.slice(1) : body);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    let answer: Answer;
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') answer = createSession(form);
    else if (request.method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1] ?? '');
      answer = session
        ? { status: 200, json: withIntent(session, listOf(form.expand).includes('payment_intent')) }
        : error(404, 'invalid_request_error', `No such checkout.session: '${sessionMatch[1]}'`, {
            code: 'resource_missing',
            param: 'session',
          });
    } else if (request.method === 'POST' && url.pathname === '/v1/refunds') answer = createRefund(form);
    else if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const intent = field(form, 'payment_intent');
      const data = [...refunds.values()].filter((refund) => !intent || refund.payment_intent === intent);
      answer = { status: 200, json: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    } else
      answer = error(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${request.method}: ${url.pathname}).`,
      );
    if (cacheKey && answer.status < 500) idempotent.set(cacheKey, answer);
    return answer;
  };

  /** Stripe's hosted Checkout page, reduced to a card form. */
  const page = (request: IncomingMessage, body: string, sessionId: string, isCancel: boolean): Answer => {
    expireDue();
    const session = sessions.get(sessionId);
    if (!session) return { status: 404, html: '<!doctype html><title>Not found</title><h1>Not found</h1>' };
    if (session.status !== 'open')
      return session.status === 'complete' && session.success_url
        ? { status: 303, location: session.success_url }
        : {
            status: 410,
            html: '<!doctype html><html lang="en"><title>Expired</title><h1>This Checkout Session has expired</h1></html>',
          };
    if (isCancel) return { status: 303, location: session.cancel_url ?? session.success_url ?? '/' };
    const show = (error?: string): Answer => ({
      status: error ? 402 : 200,
      html: cardPage({
        provider: 'Stripe Checkout',
        description: `Session ${session.id}`,
        amountCents: session.amount_total,
        action: `/c/pay/${session.id}`,
        cancelAction: `/c/pay/${session.id}/cancel`,
        testCards: [
          { number: STRIPE_TEST_CARDS.success, outcome: 'payment succeeds' },
          { number: STRIPE_TEST_CARDS.declined, outcome: 'card declined' },
        ],
        ...(error ? { error } : {}),
      }),
    });
    if (request.method === 'GET') return show();
    const card = digitsOf(new URLSearchParams(body).get('card_number'));
    if (card === digitsOf(STRIPE_TEST_CARDS.success)) {
      complete(session, 'paid');
      return { status: 303, location: session.success_url ?? '/' };
    }
    return show('Your card was declined. Try another card.');
  };

  const server = await listen((request, body, url) => {
    requests.push({
      method: request.method ?? '',
      path: url.pathname + url.search,
      body,
      headers: request.headers,
    });
    const pay = /^\/c\/pay\/([\w-]+)(\/cancel)?$/.exec(url.pathname);
    if (pay) return page(request, body, pay[1] ?? '', Boolean(pay[2]));
    return api(request, body, url);
  }, options.port ?? 0);
  baseUrl = server.url;
  const sweep = options.webhookUrl ? setInterval(expireDue, 5_000).unref() : null;

  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`no Stripe session ${id}`);
    return session;
  };

  return {
    url: server.url,
    requests,
    outbox,
    /** The payer pays on the hosted page (or, `processing`, with a delayed method such as SEPA debit). */
    pay: (id: string, outcome: 'paid' | 'processing' = 'paid') => complete(sessionOf(id), outcome),
    /** A delayed payment's outcome arrives, with its async event. */
    settleAsync(id: string, outcome: 'succeeded' | 'failed') {
      const session = sessionOf(id);
      const intent = intents.get(session.payment_intent ?? '');
      if (!intent) throw new Error('the session was not completed');
      intent.status = outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method';
      intent.amount_received = outcome === 'succeeded' ? intent.amount : 0;
      intent.latest_charge = outcome === 'succeeded' ? newId('ch') : null;
      if (outcome === 'succeeded') session.payment_status = 'paid';
      emit(`checkout.session.async_payment_${outcome}`, session);
    },
    expireDue,
    /** An event Stripe never sent, signed with a secret of the test's choosing. */
    forgedEvent(type: string, sessionId: string, secret = options.webhookSecret) {
      const payload = JSON.stringify({
        id: newId('evt'),
        object: 'event',
        api_version: STRIPE_API_VERSION,
        created: seconds(),
        data: {
          object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete' },
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      return {
        body: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignature(secret, payload, seconds()),
        },
      };
    },
    refundsOf: (intentId: string) =>
      [...refunds.values()].filter((refund) => refund.payment_intent === intentId),
    setBusy(value: boolean) {
      isBusy = value;
    },
    deliver: (transport?: Transport) => outbox.flush(transport),
    async close() {
      if (sweep) clearInterval(sweep);
      outbox.stop();
      await server.close();
    },
  };
}

export type StripeContract = Awaited<ReturnType<typeof startStripeContract>>;
