import { fiscalDocumentSchema, paymentProviderLabel, paymentSchema, practiceSchema } from '@lisbon/domain';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContext } from '../src/app';
import { reconcileStalePayments } from '../src/modules/payments/settlement.service';
import { ManualClock } from '../src/platform/clock';
import { isJsonTooDeep, MAX_JSON_DEPTH } from '../src/platform/http/json-depth';
import { testConfig, useTestApp } from './helper';
import { readMailFiles } from './mail';
import {
  BILLING,
  callAs,
  checkout,
  countRows,
  dataOf,
  postWebhook,
  readyDraft,
  sessionIdOf,
  type Payer,
} from './payments';
import { pdfText } from './pdf';
import { PROVIDER_NAMES, startProvider, type ProviderHarness } from './providers';

/**
 * The provider test suite (decision 067): the guarantees of the payment port, run against each
 * adapter — the sandbox, and Stripe and Nexi through the real adapters pointed at their contract
 * servers (test/contract/) — with the same assertions: exactly once per event, webhook before
 * redirect, redirect without webhook, a kill between commit and answer, an authentic event
 * confirmed with the provider before settling, reconciliation by asking the provider.
 */
describe.each(PROVIDER_NAMES)('with the %s provider', (name) => {
  let call: ReturnType<typeof callAs>;
  let provider: ProviderHarness;
  // Tuesday 10 March 2026, 10:00 in Rome.
  const clock = new ManualClock('2026-03-10T09:00:00Z');

  beforeAll(async () => {
    provider = await startProvider(name, clock);
    t.onClose(() => provider.close());
  });
  const t = useTestApp({ clock, env: () => provider.env });
  beforeAll(() => {
    call = callAs(t.app);
    provider.attach(t.app, t.database);
  });
  beforeEach(() => {
    provider.sent().length = 0;
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
    readMailFiles(t.database.tempDir).filter((mail) => mail.kind === 'payment-successful' && mail.to === to);
  const paymentStatusInDatabase = async (id: number) =>
    (
      await t.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const email = (local: string) => `${local}.${name}@example.org`;

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
  const ONCE = { status: 'unassigned', submissions: 1, documents: 2, mails: 1 };

  describe('a successful payment', () => {
    it('is settled by the provider’s webhook: the request is submitted with paid_at, invoice, receipt and a mail', async () => {
      // Paid now: the file's other tests move the clock on, before this one or after it, shuffled.
      const now = clock.now().toISOString();
      const ada = await t.applicant({ email: email('ada'), firstName: 'Ada' });
      const id = await readyDraft(t.app, ada);
      const session = await checkout(t.app, ada, id);
      const redirect = await provider.pay(session.checkout_url, 'paid');
      expect(redirect).toEqual({
        status: 303,
        location: `http://localhost:3000/service/new/thank-you?payment=${session.payment_id}`,
      });

      // The redirect decides nothing: until the webhook comes the request is a draft.
      expect(
        (
          await t.database.db
            .selectFrom('practices')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('draft');
      await provider.deliver();
      expect(provider.sent()).toHaveLength(1);

      expect(await payment(ada, session.payment_id)).toMatchObject({
        status: 'succeeded',
        provider: name,
        paid_at: now,
        transaction_reference: expect.any(String),
      });
      const submitted = await practice(ada, id);
      expect(submitted).toMatchObject({
        status: 'unassigned',
        paid_at: now,
        requested_at: now,
        expected_deadline: expect.stringMatching(/^2026-06-\d{2}$/),
      });
      expect(submitted.history.at(-1)).toMatchObject({ from_status: 'draft', to_status: 'unassigned' });

      const documents = await documentsOf(ada);
      expect(documents.map((document) => document.kind)).toEqual(['invoice', 'receipt']);
      expect(documents[0]).toMatchObject({
        payment_id: session.payment_id,
        amount: { net: 12_295, vat: 2_705, total: 15_000 },
      });

      const [mail] = paymentMails(email('ada'));
      expect(mail?.subject).toBe(`Lisbon – Payment successful: request no. ${id} received`);
      expect(mail?.text).toContain('€150.00');
      expect(mail?.text).toContain(`http://localhost:3000/practices/${id}`);
    });

    it('prints on the invoice and the receipt, PDF and API, which provider and which transaction paid them', async () => {
      const bea = await t.applicant({ email: email('bea') });
      const session = await checkout(t.app, bea, await readyDraft(t.app, bea));
      await provider.pay(session.checkout_url, 'paid');
      await provider.deliver();
      const { transaction_reference: reference } = await payment(bea, session.payment_id);
      expect(reference).toMatch({ sandbox: /^cs_sandbox_/, stripe: /^pi_test_/, nexi: /^\d{10}$/ }[name]);
      const documents = await documentsOf(bea);
      expect(documents).toHaveLength(2);
      for (const document of documents) {
        expect(document).toMatchObject({
          provider: name,
          transaction_reference: reference,
          corrects_number: null,
        });
        const pdf = await call(bea, 'GET', `/invoices/${document.id}/pdf`);
        const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
        expect(text).toContain(
          `Paid by card through ${paymentProviderLabel(name)}, transaction reference: ${reference}`,
        );
      }
    });

    it('is processed once when the webhook is delivered twice', async () => {
      const bob = await t.applicant({ email: email('bob') });
      const id = await readyDraft(t.app, bob);
      const session = await checkout(t.app, bob, id);
      await provider.pay(session.checkout_url, 'paid');
      await provider.deliver();
      expect(await effects(bob, id)).toEqual(ONCE);

      const [delivery] = provider.sent();
      if (!delivery) throw new Error('no webhook was sent');
      const again = await postWebhook(t.app, { payload: delivery.body, headers: delivery.headers });
      expect(again.statusCode).toBe(200);
      expect(dataOf(again)).toEqual({ received: true, duplicate: true });
      await provider.deliver();
      expect(await effects(bob, id)).toEqual(ONCE);
    });

    it('is processed once when the server is killed between committing and answering', async () => {
      const carla = await t.applicant({ email: email('carla') });
      const id = await readyDraft(t.app, carla);
      const session = await checkout(t.app, carla, id);
      await provider.pay(session.checkout_url, 'paid');
      const events = await countRows(t.database, 'payment_events');

      // The webhook's transaction commits; the answer is lost, so the provider sends it again.
      await provider.deliver('lose-answer');
      expect(await countRows(t.database, 'payment_events')).toBe(events + 1);
      clock.advance({ seconds: 31 });
      await provider.deliver();
      expect(provider.sent()).toHaveLength(2);
      expect(provider.sent()[1]?.body).toBe(provider.sent()[0]?.body);
      expect(await countRows(t.database, 'payment_events')).toBe(events + 1);
      expect(await effects(carla, id)).toEqual(ONCE);
      // Answered 2xx at last: nothing is left to send.
      await provider.deliver();
      expect(provider.sent()).toHaveLength(2);
    });

    it('is settled when the webhook arrives before the payer is back: the return page reads it', async () => {
      const dan = await t.applicant({ email: email('dan') });
      const id = await readyDraft(t.app, dan);
      const session = await checkout(t.app, dan, id);
      await provider.pay(session.checkout_url, 'paid');
      await provider.deliver();
      expect((await payment(dan, session.payment_id)).status).toBe('succeeded');
      expect(await effects(dan, id)).toEqual(ONCE);
    });

    it('is settled by asking the provider when the payer is back before any webhook', async () => {
      const eve = await t.applicant({ email: email('eve') });
      const id = await readyDraft(t.app, eve);
      const session = await checkout(t.app, eve, id);
      await provider.pay(session.checkout_url, 'paid');

      // No webhook yet: the return page's GET /payments/{id} asks the provider and settles.
      expect((await payment(eve, session.payment_id)).status).toBe('succeeded');
      await provider.deliver();
      expect(await effects(eve, id)).toEqual(ONCE);
      // The webhook came afterwards, was answered 200 and changed nothing.
      expect(provider.sent()).toHaveLength(1);
    });

    it('answers 404 for another user’s payment', async () => {
      const fay = await t.applicant({ email: email('fay') });
      const gus = await t.applicant({ email: email('gus') });
      const session = await checkout(t.app, fay, await readyDraft(t.app, fay));
      expect((await call(gus, 'GET', `/payments/${session.payment_id}`)).statusCode).toBe(404);
    });
  });

  describe('a failed payment', () => {
    it('says the payment failed, leaves the draft intact, and a retry succeeds', async () => {
      const hal = await t.applicant({ email: email('hal') });
      const id = await readyDraft(t.app, hal);
      const before = await practice(hal, id);
      const first = await checkout(t.app, hal, id);
      await provider.failPayment(first.checkout_url, await sessionIdOf(t.database, first.payment_id));
      await provider.deliver();

      expect(await payment(hal, first.payment_id)).toMatchObject({ status: 'failed', paid_at: null });
      expect(await practice(hal, id)).toEqual(before);
      expect(await documentsOf(hal)).toEqual([]);

      const retry = await checkout(t.app, hal, id);
      expect(retry.payment_id).not.toBe(first.payment_id);
      expect(retry.checkout_url).not.toBe(first.checkout_url);
      await provider.pay(retry.checkout_url, 'paid');
      await provider.deliver();
      expect((await payment(hal, retry.payment_id)).status).toBe('succeeded');
      expect((await payment(hal, first.payment_id)).status).toBe('failed');
      expect(await effects(hal, id)).toEqual(ONCE);
    });
  });

  describe('the periodic settlement job', () => {
    const ctx = () =>
      createContext({ config: testConfig(t.database, provider.env), db: t.database.db, clock });

    it('settles a paid session whose webhook never arrived and whose payer never came back', async () => {
      const jay = await t.applicant({ email: email('jay') });
      const id = await readyDraft(t.app, jay);
      const session = await checkout(t.app, jay, id);
      await provider.pay(session.checkout_url, 'paid');
      await provider.deliver('unreachable');
      expect(await paymentStatusInDatabase(session.payment_id)).toBe('pending');

      clock.advance({ minutes: 31 });
      const { outcomes } = await reconcileStalePayments(ctx());
      expect(outcomes).toContainEqual({ isDuplicate: false, effect: 'succeeded' });
      expect(await effects(jay, id)).toMatchObject({ status: 'unassigned', submissions: 1, documents: 2 });
      // The provider's retry, once it gets through, is a duplicate.
      await provider.deliver();
      expect(await effects(jay, id)).toMatchObject({ status: 'unassigned', submissions: 1, documents: 2 });
    });

    it('expires an abandoned session; the draft stays and a new checkout opens a new session', async () => {
      const kim = await t.applicant({ email: email('kim') });
      const id = await readyDraft(t.app, kim);
      const session = await checkout(t.app, kim, id);
      clock.advance({ minutes: 31 });
      await provider.expire();
      await reconcileStalePayments(ctx());
      expect((await payment(kim, session.payment_id)).status).toBe('expired');
      expect((await practice(kim, id)).status).toBe('draft');
      const next = await checkout(t.app, kim, id);
      expect(next.payment_id).not.toBe(session.payment_id);
      // Whatever the provider says of the expiry later changes nothing.
      await provider.deliver();
      expect((await payment(kim, session.payment_id)).status).toBe('expired');
    });
  });

  describe('the webhook’s authenticity', () => {
    it('is required: a missing or wrong signature (or token), or altered bytes, are refused with 400 and nothing recorded', async () => {
      const ned = await t.applicant({ email: email('ned') });
      const session = await checkout(t.app, ned, await readyDraft(t.app, ned));
      const sessionId = await sessionIdOf(t.database, session.payment_id);
      const events = await countRows(t.database, 'payment_events');
      const good = provider.forgedCompletion(sessionId);

      const unsigned = await postWebhook(t.app, {
        payload: good.payload.replace(/"securityToken":"\w+",/, ''),
        headers: { 'content-type': 'application/json' },
      });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      expect((await postWebhook(t.app, provider.badlySigned(sessionId))).statusCode).toBe(400);
      if (name !== 'nexi') {
        // Signatures cover the bytes; Nexi's token is in them, so altering it is the wrong token above.
        const tampered = { ...good, payload: good.payload.replace('"checkout', '"checkouT') };
        expect((await postWebhook(t.app, tampered)).statusCode).toBe(400);
      }
      expect(await countRows(t.database, 'payment_events')).toBe(events);
    });

    it('refuses a body nested too deeply before it is parsed, signed or not (400 JSON_TOO_DEEP): Nexi parses its body before it knows who sent it', async () => {
      const parse = JSON.parse;
      const parsed: string[] = [];
      const spy = vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver) => {
        parsed.push(String(text));
        return parse(text, reviver) as unknown;
      });
      try {
        for (const depth of [MAX_JSON_DEPTH + 1, 30_000]) {
          const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
          const response = await postWebhook(t.app, {
            payload: deep,
            headers: { ...provider.badlySigned('cs_x').headers, 'content-type': 'application/json' },
          });
          expect([response.statusCode, response.json().code]).toEqual([400, 'JSON_TOO_DEEP']);
        }
      } finally {
        spy.mockRestore();
      }
      expect(parsed.filter((text) => isJsonTooDeep(text))).toEqual([]);
    });

    it('refuses a NUL in an id alike on both databases, before it is looked up: 422 in an authentic event, 400 in a Nexi order id', async () => {
      const nia = await t.applicant({ email: email('nul') });
      const session = await checkout(t.app, nia, await readyDraft(t.app, nia));
      const sessionId = await sessionIdOf(t.database, session.payment_id);
      const events = await countRows(t.database, 'payment_events');
      // Signed with the real secret (or carrying the order's token), an id no column can hold.
      const good = provider.forgedCompletion(sessionId);
      const forged =
        name === 'nexi'
          ? { ...good, payload: good.payload.replace(sessionId, `${sessionId}\\u0000`) }
          : provider.forgedCompletion(`${sessionId}\u0000`);
      const response = await postWebhook(t.app, forged);
      if (name === 'nexi') {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      } else {
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: { session_id: ['This field holds a character that is not accepted'] },
        });
      }
      expect(await countRows(t.database, 'payment_events')).toBe(events);
    });

    if (name !== 'nexi')
      it('refuses a signature older than five minutes, so a captured call cannot be replayed later', async () => {
        const otto = await t.applicant({ email: email('otto') });
        const session = await checkout(t.app, otto, await readyDraft(t.app, otto));
        const stale = provider.forgedCompletion(await sessionIdOf(t.database, session.payment_id));
        clock.advance({ minutes: 6 });
        expect((await postWebhook(t.app, stale)).statusCode).toBe(400);
      });

    it('settles nothing on an authentic completion the provider does not confirm', async () => {
      const una = await t.applicant({ email: email('unconfirmed') });
      const id = await readyDraft(t.app, una);
      const session = await checkout(t.app, una, id);
      const sessionId = await sessionIdOf(t.database, session.payment_id);
      // Signed with the real secret, or carrying the order's token (a leak, a replaying insider), but never paid.
      const response = await postWebhook(t.app, provider.forgedCompletion(sessionId));
      expect(response.statusCode).toBe(200);
      expect(await payment(una, session.payment_id)).toMatchObject({ status: 'pending' });
      expect((await practice(una, id)).status).toBe('draft');
      expect(await documentsOf(una)).toEqual([]);

      // The event was not recorded: once the payer really pays, the provider's own event settles it.
      await provider.pay(session.checkout_url, 'paid');
      await provider.deliver();
      expect(await payment(una, session.payment_id)).toMatchObject({ status: 'succeeded' });
      expect(await effects(una, id)).toMatchObject({ status: 'unassigned', submissions: 1, documents: 2 });
    });

    if (name !== 'nexi')
      it('acknowledges and ignores an authentic event for a session the provider never issued', async () => {
        const webhook = provider.forgedCompletion(
          name === 'sandbox' ? 'cs_sandbox_unknown' : 'cs_test_unknown',
        );
        const response = await postWebhook(t.app, webhook);
        expect(response.statusCode).toBe(200);
        expect(dataOf(response)).toEqual({ received: true, duplicate: false });
      });
  });

  if (name === 'nexi')
    it('refuses a notification for an order the portal never opened: nothing can vouch for it', async () => {
      const response = await postWebhook(t.app, {
        payload: JSON.stringify({
          eventId: '4b3c1c0e-1111-4a4a-9b9b-000000000000',
          eventTime: '2026-03-10T09:00:00.000Z',
          securityToken: 'a'.repeat(32),
          operation: {
            orderId: 'Lunknownx00000000',
            operationId: '1234567890',
            operationType: 'AUTHORIZATION',
            operationResult: 'EXECUTED',
          },
        }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    });

  if (name !== 'sandbox')
    describe('the provider under load', () => {
      it('answers 429 PROVIDER_BUSY with Retry-After; the draft and billing are kept, and a later try goes through', async () => {
        const pia = await t.applicant({ email: email('pia') });
        const id = await readyDraft(t.app, pia);
        provider.setBusy?.(true);
        const busy = await call(pia, 'POST', `/practices/${id}/checkout`, { billing: BILLING });
        provider.setBusy?.(false);
        expect(busy.statusCode).toBe(429);
        expect(busy.headers['retry-after']).toBe('2');
        expect(busy.json()).toMatchObject({ code: 'PROVIDER_BUSY' });
        expect((await practice(pia, id)).status).toBe('draft');
        const later = await checkout(t.app, pia, id);
        await provider.pay(later.checkout_url, 'paid');
        await provider.deliver();
        expect(await effects(pia, id)).toEqual(ONCE);
      });
    });
});
