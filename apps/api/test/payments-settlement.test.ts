import { fiscalDocumentSchema, paymentSchema, practiceSchema } from '@lisbon/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext, type App } from '../src/app';
import { reconcileStalePayments } from '../src/modules/payments/settlement.service';
import { ManualClock } from '../src/platform/clock';
import type { Worker } from '../src/platform/jobs/worker';
import { injectWebhookTransport, type WebhookTransport } from '../src/platform/payments/sandbox/transport';
import { createTestApp, createTestDatabase, createTestWorker, testConfig, type TestDatabase } from './helper';
import { readMailFiles } from './mail';
import {
  callAs,
  CARDS,
  checkout,
  countRows,
  dataOf,
  payer,
  payOnSandbox,
  postWebhook,
  readyDraft,
  sessionIdOf,
  signedWebhook,
  type Payer,
} from './payments';

let database: TestDatabase;
let app: App;
let call: ReturnType<typeof callAs>;
// Tuesday 10 March 2026, 10:00 in Rome.
const clock = new ManualClock('2026-03-10T09:00:00Z');

/** What the sandbox gateway sent, and what its next deliveries do: reach the app, or fail. */
type Delivery = { body: string; headers: Record<string, string> };
let sent: Delivery[];
let deliveryMode: 'deliver' | 'lose-answer' | 'unreachable';
let worker: Worker;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { clock });
  call = callAs(app);
  const toApp = injectWebhookTransport((request) => app.inject(request), '/api/v1/payments/webhook');
  const transport: WebhookTransport = {
    async deliver(request) {
      sent.push(request);
      if (deliveryMode === 'unreachable') throw new Error('connect ECONNREFUSED');
      const status = await toApp.deliver(request);
      // The server committed and answered, but the answer never reached the gateway (killed, reset).
      if (deliveryMode === 'lose-answer') throw new Error('socket hang up');
      return status;
    },
  };
  worker = createTestWorker(database, { clock, webhookTransport: transport });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  sent = [];
  deliveryMode = 'deliver';
});

const payment = async (who: Payer, id: number) =>
  paymentSchema.parse(dataOf(await call(who, 'GET', `/payments/${id}`)));
const practice = async (who: Payer, id: number) =>
  practiceSchema.parse(dataOf(await call(who, 'GET', `/practices/${id}`)));
const documentsOf = async (who: Payer) =>
  (dataOf<unknown[]>(await call(who, 'GET', '/invoices?sort=sequence')) ?? []).map((item) =>
    fiscalDocumentSchema.parse(item),
  );
const paymentMails = (to: string) =>
  readMailFiles(database.tempDir).filter((mail) => mail.kind === 'payment-successful' && mail.to === to);

/** Effects a settlement has: counted so a test can say "exactly once". */
async function effects(who: Payer, practiceId: number) {
  const detail = await practice(who, practiceId);
  return {
    status: detail.status,
    submissions: detail.history.filter((entry) => entry.to_status === 'unassigned').length,
    documents: (await documentsOf(who)).filter((document) =>
      document.description.startsWith(`Request no. ${practiceId}:`),
    ).length,
    mails: paymentMails(who.email).length,
  };
}

describe('a successful payment', () => {
  it('is settled by the signed webhook: the request is submitted with paid_at, invoice, receipt and a mail', async () => {
    const ada = await payer(app, database, clock, 'ada@example.org', { firstName: 'Ada' });
    const id = await readyDraft(app, ada);
    const session = await checkout(app, ada, id);
    const redirect = await payOnSandbox(app, session.checkout_url, CARDS.success);
    expect(redirect.statusCode).toBe(303);

    // The redirect decides nothing: until the webhook comes the request is a draft.
    expect(
      (
        await database.db
          .selectFrom('practices')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('draft');
    await worker.drainOnce();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ type: 'checkout.completed' });
    expect(sent[0]?.headers['x-sandbox-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    expect(await payment(ada, session.payment_id)).toMatchObject({
      status: 'succeeded',
      paid_at: '2026-03-10T09:00:00.000Z',
    });
    const submitted = await practice(ada, id);
    expect(submitted).toMatchObject({
      status: 'unassigned',
      paid_at: '2026-03-10T09:00:00.000Z',
      requested_at: '2026-03-10T09:00:00.000Z',
      // 60 working days from Tuesday 10 March 2026 (Easter Monday and 25 April, 1 May, 2 June off).
      expected_deadline: expect.stringMatching(/^2026-06-\d{2}$/),
    });
    expect(submitted.history.at(-1)).toMatchObject({ from_status: 'draft', to_status: 'unassigned' });

    const documents = await documentsOf(ada);
    expect(documents.map((document) => [document.kind, document.number])).toEqual([
      ['invoice', '2026/000001'],
      ['receipt', '2026/000001'],
    ]);
    expect(documents[0]).toMatchObject({
      payment_id: session.payment_id,
      amount: { net: 12_295, vat: 2_705, total: 15_000 },
    });

    const [mail] = paymentMails('ada@example.org');
    expect(mail?.subject).toBe(`Lisbon – Payment successful: request no. ${id} received`);
    expect(mail?.text).toContain('€150.00');
    expect(mail?.text).toContain('Invoice 2026/000001 and receipt 2026/000001');
    expect(mail?.text).toContain(`http://localhost:3000/practices/${id}`);
  });

  it('is processed once when the webhook is delivered twice', async () => {
    const bob = await payer(app, database, clock, 'bob@example.org');
    const id = await readyDraft(app, bob);
    const session = await checkout(app, bob, id);
    await payOnSandbox(app, session.checkout_url, CARDS.success);
    await worker.drainOnce();
    const once = await effects(bob, id);
    expect(once).toEqual({ status: 'unassigned', submissions: 1, documents: 2, mails: 1 });

    const [delivery] = sent;
    if (!delivery) throw new Error('no webhook was sent');
    const again = await postWebhook(app, { payload: delivery.body, headers: delivery.headers });
    expect(again.statusCode).toBe(200);
    expect(dataOf(again)).toEqual({ received: true, duplicate: true });
    await worker.drainOnce();
    expect(await effects(bob, id)).toEqual(once);
  });

  it('is processed once when the server is killed between committing and answering', async () => {
    const carla = await payer(app, database, clock, 'carla@example.org');
    const id = await readyDraft(app, carla);
    const session = await checkout(app, carla, id);
    await payOnSandbox(app, session.checkout_url, CARDS.success);
    const events = await countRows(database, 'payment_events');

    // The webhook's transaction commits; the answer is lost, so the gateway will send it again.
    deliveryMode = 'lose-answer';
    await worker.drainOnce();
    expect(await countRows(database, 'payment_events')).toBe(events + 1);
    const event = await database.db
      .selectFrom('sandbox_events')
      .select(['delivered_at', 'attempts'])
      .where('session_id', '=', await sessionIdOf(database, session.payment_id))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ delivered_at: null, attempts: 1 });

    // The gateway retries after its backoff; the portal recognises the event and changes nothing.
    deliveryMode = 'deliver';
    clock.advance({ seconds: 31 });
    await worker.drainOnce();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect(await countRows(database, 'payment_events')).toBe(events + 1);
    expect(await effects(carla, id)).toEqual({
      status: 'unassigned',
      submissions: 1,
      documents: 2,
      mails: 1,
    });
    const delivered = await database.db
      .selectFrom('sandbox_events')
      .select(['delivered_at', 'attempts', 'last_status'])
      .where('session_id', '=', await sessionIdOf(database, session.payment_id))
      .executeTakeFirstOrThrow();
    expect(delivered).toMatchObject({ attempts: 2, last_status: 200 });
    expect(delivered.delivered_at).not.toBeNull();
  });

  it('is settled when the webhook arrives before the payer is back: the return page reads it', async () => {
    const dan = await payer(app, database, clock, 'dan@example.org');
    const id = await readyDraft(app, dan);
    const session = await checkout(app, dan, id);
    await payOnSandbox(app, session.checkout_url, CARDS.success);
    await worker.drainOnce();
    expect((await payment(dan, session.payment_id)).status).toBe('succeeded');
    expect(await effects(dan, id)).toEqual({ status: 'unassigned', submissions: 1, documents: 2, mails: 1 });
  });

  it('is settled by asking the provider when the payer is back before any webhook', async () => {
    const eve = await payer(app, database, clock, 'eve@example.org');
    const id = await readyDraft(app, eve);
    const session = await checkout(app, eve, id);
    await payOnSandbox(app, session.checkout_url, CARDS.success);

    // No webhook yet: the return page's GET /payments/{id} asks the provider and settles.
    expect((await payment(eve, session.payment_id)).status).toBe('succeeded');
    await worker.drainOnce();
    expect(await effects(eve, id)).toEqual({ status: 'unassigned', submissions: 1, documents: 2, mails: 1 });
    // The webhook came afterwards, was answered 200 and changed nothing.
    expect(sent).toHaveLength(1);
    expect(await countRows(database, 'payment_events')).toBeGreaterThan(0);
  });

  it('answers 404 for another user’s payment', async () => {
    const fay = await payer(app, database, clock, 'fay@example.org');
    const gus = await payer(app, database, clock, 'gus@example.org');
    const session = await checkout(app, fay, await readyDraft(app, fay));
    expect((await call(gus, 'GET', `/payments/${session.payment_id}`)).statusCode).toBe(404);
  });
});

describe('a declined payment', () => {
  it('says the payment failed, leaves the draft intact, and a retry succeeds', async () => {
    const hal = await payer(app, database, clock, 'hal@example.org');
    const id = await readyDraft(app, hal);
    const before = await practice(hal, id);
    const first = await checkout(app, hal, id);
    const declined = await payOnSandbox(app, first.checkout_url, CARDS.declined);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(
      `http://localhost:3000/service/new/review?payment=${first.payment_id}`,
    );
    await worker.drainOnce();
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ type: 'checkout.failed' });

    expect(await payment(hal, first.payment_id)).toMatchObject({ status: 'failed', paid_at: null });
    const after = await practice(hal, id);
    expect(after).toEqual(before);
    expect(await documentsOf(hal)).toEqual([]);

    const retry = await checkout(app, hal, id);
    expect(retry.payment_id).not.toBe(first.payment_id);
    expect(retry.checkout_url).not.toBe(first.checkout_url);
    await payOnSandbox(app, retry.checkout_url, CARDS.success);
    await worker.drainOnce();
    expect((await payment(hal, retry.payment_id)).status).toBe('succeeded');
    expect((await payment(hal, first.payment_id)).status).toBe('failed');
    expect(await effects(hal, id)).toEqual({ status: 'unassigned', submissions: 1, documents: 2, mails: 1 });
  });

  it('cannot be paid again on the gateway once declined', async () => {
    const ivy = await payer(app, database, clock, 'ivy@example.org');
    const session = await checkout(app, ivy, await readyDraft(app, ivy));
    await payOnSandbox(app, session.checkout_url, CARDS.declined);
    const second = await payOnSandbox(app, session.checkout_url, CARDS.success);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toContain('/service/new/review?payment=');
  });
});

describe('the periodic settlement job', () => {
  const ctx = () => createContext({ config: testConfig(database), db: database.db, clock });

  it('settles a paid session whose webhook never arrived and whose payer never came back', async () => {
    const jay = await payer(app, database, clock, 'jay@example.org');
    const id = await readyDraft(app, jay);
    const session = await checkout(app, jay, id);
    await payOnSandbox(app, session.checkout_url, CARDS.success);
    deliveryMode = 'unreachable';
    await worker.drainOnce();
    expect(
      (
        await database.db
          .selectFrom('payments')
          .select('status')
          .where('id', '=', session.payment_id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('pending');

    clock.advance({ minutes: 31 });
    const { outcomes } = await reconcileStalePayments(ctx());
    expect(outcomes).toContainEqual({ isDuplicate: false, effect: 'succeeded' });
    expect(await effects(jay, id)).toMatchObject({ status: 'unassigned', submissions: 1, documents: 2 });
  });

  it('expires an abandoned session; the draft stays and a new checkout opens a new session', async () => {
    const kim = await payer(app, database, clock, 'kim@example.org');
    const id = await readyDraft(app, kim);
    const session = await checkout(app, kim, id);
    clock.advance({ minutes: 31 });
    await reconcileStalePayments(ctx());
    expect((await payment(kim, session.payment_id)).status).toBe('expired');
    expect((await practice(kim, id)).status).toBe('draft');
    const page = await app.inject({ method: 'GET', url: new URL(session.checkout_url).pathname });
    expect(page.statusCode).toBe(410);
    const next = await checkout(app, kim, id);
    expect(next.payment_id).not.toBe(session.payment_id);
  });
});

describe('the webhook’s signature', () => {
  it('is required: a missing, wrong or stale signature is refused with 400 and nothing recorded', async () => {
    const events = await countRows(database, 'payment_events');
    const event = { id: 'evt_forged', type: 'checkout.completed', sessionId: 'cs_sandbox_forged' };
    const good = signedWebhook(database, clock, event);

    const unsigned = await postWebhook(app, {
      payload: good.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const wrongSecret = signedWebhook(database, clock, event, { secret: 'x'.repeat(64) });
    expect((await postWebhook(app, wrongSecret)).statusCode).toBe(400);
    const tampered = { ...good, payload: good.payload.replace('evt_forged', 'evt_forgee') };
    expect((await postWebhook(app, tampered)).statusCode).toBe(400);
    clock.advance({ minutes: 6 });
    expect((await postWebhook(app, good)).statusCode).toBe(400);
    expect(await countRows(database, 'payment_events')).toBe(events);
  });

  it('settles nothing on a validly signed completion the provider does not confirm', async () => {
    const eve = await payer(app, database, clock, 'unconfirmed@example.org');
    const id = await readyDraft(app, eve);
    const session = await checkout(app, eve, id);
    const sessionId = await sessionIdOf(database, session.payment_id);
    // Signed with the real secret (a leaked secret, a replaying insider), but the payer never paid.
    const forged = signedWebhook(database, clock, {
      id: 'evt_unpaid',
      type: 'checkout.completed',
      sessionId,
    });
    const response = await postWebhook(app, forged);
    expect(response.statusCode).toBe(200);
    expect(await payment(eve, session.payment_id)).toMatchObject({ status: 'pending' });
    expect((await practice(eve, id)).status).toBe('draft');
    expect(await documentsOf(eve)).toEqual([]);

    // The event was not recorded: once the payer really pays, the gateway's own event settles it.
    await payOnSandbox(app, session.checkout_url, CARDS.success);
    await worker.drainOnce();
    expect(await payment(eve, session.payment_id)).toMatchObject({ status: 'succeeded' });
    expect(await effects(eve, id)).toMatchObject({ status: 'unassigned', submissions: 1, documents: 2 });
  });

  it('is checked over the exact bytes: a valid event for an unknown session is acknowledged and ignored', async () => {
    const webhook = signedWebhook(database, clock, {
      id: 'evt_stray',
      type: 'checkout.completed',
      sessionId: 'cs_sandbox_unknown',
    });
    const response = await postWebhook(app, webhook);
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ received: true, duplicate: false });
  });
});
