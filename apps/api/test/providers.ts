import { API_PREFIX, type PaymentProviderName } from '@lisbon/domain';
import type { App } from '../src/app';
import type { Clock } from '../src/platform/clock';
import type { Worker } from '../src/platform/jobs/worker';
import type { WebhookTransport } from '../src/platform/payments/sandbox/transport';
import { type Delivery, type Transport } from './contract/common';
import { NEXI_API_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './contract/keys';
import { NEXI_TEST_CARDS, startNexiContract, type NexiContract } from './contract/nexi';
import { STRIPE_TEST_CARDS, startStripeContract, type StripeContract } from './contract/stripe';
import { createTestWorker, type TestDatabase } from './helper';
import { CARDS, payOnSandbox, signedWebhook } from './payments';

/**
 * One payment provider as the provider test suite drives it (decision 067): the portal's
 * configuration, the payer on the provider's page, the provider's webhooks or notifications and
 * how they reach the portal (delivered, answered but the answer lost, or not reachable), and a
 * forged event. The sandbox is served by the portal; Stripe and Nexi are contract servers on
 * 127.0.0.1 (test/contract/), the real adapters pointed at them through PAYMENT_API_URL.
 */
export const PROVIDER_NAMES = ['sandbox', 'stripe', 'nexi'] as const satisfies readonly PaymentProviderName[];

export type DeliveryMode = 'deliver' | 'lose-answer' | 'unreachable';

export type ProviderHarness = {
  name: PaymentProviderName;
  env: Record<string, string>;
  /** Called once the app and the database exist: the worker, and what the webhooks go to. */
  attach(app: App, database: TestDatabase): void;
  /** The payer on the provider's page, as the browser posts it: answers the redirect's status and address. */
  pay(
    checkoutUrl: string,
    outcome: 'paid' | 'declined',
  ): Promise<{ status: number; location: string | null }>;
  /**
   * How a payment fails with this provider: the sandbox's and Nexi's declined card (notified), or
   * a Stripe delayed payment (SEPA debit) whose `async_payment_failed` follows its completion.
   */
  failPayment(checkoutUrl: string, providerSessionId: string): Promise<void>;
  /** Delivers what the provider has to send now, in `mode`, and runs the portal's other jobs. */
  deliver(mode?: DeliveryMode): Promise<void>;
  /** Every webhook body the provider sent so far (retries included). */
  sent(): Delivery[];
  /** What the provider sends when a session is left past its expiry. */
  expire(): Promise<void>;
  /** An event authenticated like the provider's own (its secret, or the order's token) that it never sent. */
  forgedCompletion(providerSessionId: string): { payload: string; headers: Record<string, string> };
  /** The same event with a wrong signature or token. */
  badlySigned(providerSessionId: string): { payload: string; headers: Record<string, string> };
  /** A busy gateway (429/503): only the contract servers can be told to be. */
  setBusy?(isBusy: boolean): void;
  /** The refunds the provider made for a payment's transaction. */
  refundsOf(transactionReference: string, providerSessionId: string): Promise<number>;
  close(): Promise<void>;
};

const transportTo =
  (app: App, mode: () => DeliveryMode, sent: Delivery[]): Transport =>
  async (delivery) => {
    sent.push(delivery);
    if (mode() === 'unreachable') throw new Error('connect ECONNREFUSED');
    const response = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/payments/webhook`,
      payload: delivery.body,
      headers: delivery.headers,
    });
    // The portal committed and answered, but the answer never reached the provider.
    if (mode() === 'lose-answer') throw new Error('socket hang up');
    return response.statusCode;
  };

async function form(checkoutUrl: string, card: string) {
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card_number: card,
      expiry: '12/30',
      cvc: '123',
      holder: 'Ada Lovelace',
    }).toString(),
  });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get('location') };
}

function sandboxHarness(clock: Clock): ProviderHarness {
  let app: App;
  let database: TestDatabase;
  let worker: Worker;
  let mode: DeliveryMode = 'deliver';
  const sent: Delivery[] = [];
  return {
    name: 'sandbox',
    env: {},
    attach(attached, db) {
      app = attached;
      database = db;
      const transport = transportTo(app, () => mode, sent);
      const webhookTransport: WebhookTransport = { deliver: (request) => transport(request) };
      worker = createTestWorker(database, { clock, webhookTransport });
    },
    async pay(checkoutUrl, outcome) {
      const response = await payOnSandbox(
        app,
        checkoutUrl,
        outcome === 'paid' ? CARDS.success : CARDS.declined,
      );
      return {
        status: response.statusCode,
        location: response.headers.location ?? null,
      };
    },
    async failPayment(checkoutUrl) {
      await payOnSandbox(app, checkoutUrl, CARDS.declined);
    },
    async deliver(given = 'deliver') {
      mode = given;
      await worker.drainOnce();
      mode = 'deliver';
    },
    sent: () => sent,
    async expire() {},
    forgedCompletion: (sessionId) =>
      signedWebhook(database, clock, {
        id: `evt_forged_${sessionId.slice(-8)}`,
        type: 'checkout.completed',
        sessionId,
      }),
    badlySigned: (sessionId) =>
      signedWebhook(
        database,
        clock,
        { id: 'evt_bad', type: 'checkout.completed', sessionId },
        { secret: 'x'.repeat(64) },
      ),
    async refundsOf(_reference, sessionId) {
      const rows = await database.db
        .selectFrom('sandbox_refunds')
        .select('id')
        .where('session_id', '=', sessionId)
        .execute();
      return rows.length;
    },
    async close() {},
  };
}

function stripeHarness(clock: Clock, contract: StripeContract): ProviderHarness {
  let app: App;
  let worker: Worker;
  let mode: DeliveryMode = 'deliver';
  const sent: Delivery[] = [];
  const forged = (sessionId: string, secret: string) => {
    const event = contract.forgedEvent('checkout.session.completed', sessionId, secret);
    return { payload: event.body, headers: event.headers };
  };
  return {
    name: 'stripe',
    env: {
      PAYMENT_PROVIDER: 'stripe',
      PAYMENT_API_KEY: STRIPE_SECRET_KEY,
      PAYMENT_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      PAYMENT_API_URL: contract.url,
    },
    attach(attached, database) {
      app = attached;
      worker = createTestWorker(database, { clock, env: this.env, app });
    },
    pay: (checkoutUrl, outcome) =>
      form(checkoutUrl, outcome === 'paid' ? STRIPE_TEST_CARDS.success : STRIPE_TEST_CARDS.declined),
    async failPayment(_checkoutUrl, sessionId) {
      contract.pay(sessionId, 'processing');
      contract.settleAsync(sessionId, 'failed');
    },
    async deliver(given = 'deliver') {
      mode = given;
      await contract.deliver(transportTo(app, () => mode, sent));
      mode = 'deliver';
      await worker.drainOnce();
    },
    sent: () => sent,
    async expire() {
      contract.expireDue();
    },
    forgedCompletion: (sessionId) => forged(sessionId, STRIPE_WEBHOOK_SECRET),
    badlySigned: (sessionId) => forged(sessionId, `whsec_${'0'.repeat(36)}`),
    setBusy: (isBusy) => contract.setBusy(isBusy),
    refundsOf: async (reference) => contract.refundsOf(reference).length,
    close: () => contract.close(),
  };
}

function nexiHarness(clock: Clock, contract: NexiContract): ProviderHarness {
  let app: App;
  let worker: Worker;
  let mode: DeliveryMode = 'deliver';
  const sent: Delivery[] = [];
  const notification = (orderId: string, token: string) => {
    const forged = contract.forgedNotification(orderId, token);
    return { payload: forged.body, headers: forged.headers };
  };
  return {
    name: 'nexi',
    env: { PAYMENT_PROVIDER: 'nexi', PAYMENT_API_KEY: NEXI_API_KEY, PAYMENT_API_URL: contract.apiUrl },
    attach(attached, database) {
      app = attached;
      worker = createTestWorker(database, { clock, env: this.env, app });
    },
    pay: (checkoutUrl, outcome) =>
      form(checkoutUrl, outcome === 'paid' ? NEXI_TEST_CARDS.success : NEXI_TEST_CARDS.declined),
    async failPayment(checkoutUrl) {
      await form(checkoutUrl, NEXI_TEST_CARDS.declined);
    },
    async deliver(given = 'deliver') {
      mode = given;
      await contract.deliver(transportTo(app, () => mode, sent));
      mode = 'deliver';
      await worker.drainOnce();
    },
    sent: () => sent,
    async expire() {},
    forgedCompletion: (orderId) => notification(orderId, contract.securityTokenOf(orderId)),
    badlySigned: (orderId) => notification(orderId, 'f'.repeat(32)),
    setBusy: (isBusy) => contract.setBusy(isBusy),
    refundsOf: async (_reference, orderId) =>
      contract.operationsOf(orderId).filter((operation) => operation.operationType === 'REFUND').length,
    close: () => contract.close(),
  };
}

/** Starts the provider (its contract server on 127.0.0.1 for Stripe and Nexi) on the tests' clock. */
export async function startProvider(name: PaymentProviderName, clock: Clock): Promise<ProviderHarness> {
  const now = () => clock.now();
  switch (name) {
    case 'sandbox':
      return sandboxHarness(clock);
    case 'stripe':
      return stripeHarness(
        clock,
        await startStripeContract({
          secretKey: STRIPE_SECRET_KEY,
          webhookSecret: STRIPE_WEBHOOK_SECRET,
          now,
        }),
      );
    case 'nexi':
      return nexiHarness(clock, await startNexiContract({ apiKey: NEXI_API_KEY, now }));
  }
}
