import { checkoutSessionSchema, splitVat } from '@lisbon/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { ProviderBusyError, type PaymentProvider } from '../src/platform/payments/provider';
import { useTestApp } from './helper';
import {
  BILLING,
  callAs,
  CARDS,
  checkout,
  dataOf,
  payer,
  payOnSandbox,
  readyDraft,
  sandboxPath,
  type Payer,
} from './payments';

let call: ReturnType<typeof callAs>;
// Tuesday 10 March 2026, 10:00 in Rome.
const clock = new ManualClock('2026-03-10T09:00:00Z');
let ada: Payer;
let bob: Payer;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = callAs(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  bob = await t.applicant({ email: 'bob@example.org' });
});
// Each test in a minute of its own: one user's uploads here pass the twenty a minute of the upload budget (decision 098).
beforeEach(async () => {
  clock.advance({ minutes: 1 });
  // Each test starts a new draft for the same applicants: the checkouts of the one before are over
  // (an open one keeps its draft from being replaced, decision 020).
  await t.database.db
    .updateTable('payments')
    .set({ status: 'expired', failure_reason: 'expired' })
    .where('status', '=', 'pending')
    .execute();
});

describe('billing information', () => {
  it('is kept on the server for the user, and answers null before any is given', async () => {
    // An account of its own: the file's other tests give Ada's, before this one or after it, shuffled.
    const ada = await t.applicant({ email: 'ada.billing@example.org' });
    expect(dataOf(await call(ada, 'GET', `/users/${ada.id}/billing`))).toBeNull();
    const legal = {
      entity_type: 'legal_entity',
      business_name: 'Studio Bianchi srl',
      vat_number: 'IT 00488410010',
      sdi_code: 'm5uxcr1',
      address: 'Via Roma 1',
      city: 'Roma',
      zip_code: '00100',
      country: 'IT',
    };
    const saved = await call(ada, 'PUT', `/users/${ada.id}/billing`, legal);
    expect(saved.statusCode).toBe(200);
    expect(dataOf(await call(ada, 'GET', `/users/${ada.id}/billing`))).toMatchObject({
      entity_type: 'legal_entity',
      vat_number: '00488410010',
      sdi_code: 'M5UXCR1',
    });
  });

  it('refuses invalid billing information with the field named', async () => {
    const response = await call(ada, 'PUT', `/users/${ada.id}/billing`, { ...BILLING, country: 'IT' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { fiscal_code: ['This field is required'] } });
  });

  it('accepts an 11-digit numeric fiscal code with a right check digit, refuses a wrong one', async () => {
    const numeric = { ...BILLING, country: 'IT', fiscal_code: '00488410010' };
    expect((await call(ada, 'PUT', `/users/${ada.id}/billing`, numeric)).statusCode).toBe(200);
    expect(dataOf(await call(ada, 'GET', `/users/${ada.id}/billing`))).toMatchObject({
      fiscal_code: '00488410010',
    });
    const wrong = await call(ada, 'PUT', `/users/${ada.id}/billing`, {
      ...numeric,
      fiscal_code: '00488410011',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { fiscal_code: ['Invalid Tax ID Number'] } });
  });

  it('asks to confirm an omocodic fiscal code, as the account does, and keeps the confirmation', async () => {
    const omocodic = { ...BILLING, country: 'IT', fiscal_code: 'RSSMRA80A01H50MM' };
    const refused = await call(ada, 'PUT', `/users/${ada.id}/billing`, omocodic);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: {
        fiscal_code: ['This fiscal code is valid but unusual (omocodia): please confirm that it is correct.'],
      },
    });
    const confirmed = { ...omocodic, fiscal_code_omocodia_confirmed: true };
    expect((await call(ada, 'PUT', `/users/${ada.id}/billing`, confirmed)).statusCode).toBe(200);
    expect(dataOf(await call(ada, 'GET', `/users/${ada.id}/billing`))).toMatchObject({
      fiscal_code: 'RSSMRA80A01H50MM',
      fiscal_code_omocodia_confirmed: true,
    });
  });

  it('is only the owner’s: another user’s answers 404', async () => {
    expect((await call(bob, 'GET', `/users/${ada.id}/billing`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/users/${ada.id}/billing`, BILLING)).statusCode).toBe(404);
  });
});

describe('POST /practices/{id}/checkout', () => {
  it('opens a hosted checkout for a ready draft, priced from the configuration with VAT', async () => {
    const id = await readyDraft(t.app, ada);
    const response = await call(ada, 'POST', `/practices/${id}/checkout`, { billing: BILLING });
    expect(response.statusCode).toBe(200);
    const session = checkoutSessionSchema.parse(dataOf(response));
    expect(session.checkout_url).toMatch(
      /^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sandbox_[0-9a-f]{32}$/,
    );
    // Thirty minutes from now.
    expect(session.expires_at).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
    const payment = dataOf(await call(ada, 'GET', `/payments/${session.payment_id}`));
    // Correspondence verification, demo price 150.00 € VAT included.
    expect(payment).toMatchObject({
      status: 'pending',
      practice_id: id,
      purpose: 'practice',
      provider: 'sandbox',
      amount: splitVat(15_000),
      paid_at: null,
    });
    expect(payment.amount).toEqual({ net: 12_295, vat: 2_705, total: 15_000 });
    // The billing information given at checkout is kept for next time.
    expect(dataOf(await call(ada, 'GET', `/users/${ada.id}/billing`))).toMatchObject({
      last_name: 'Lovelace',
    });
  });

  it('adds the urgent supplement to an urgent request', async () => {
    const id = await readyDraft(t.app, bob, { isUrgent: true });
    const session = await checkout(t.app, bob, id);
    const payment = dataOf<{ amount: object }>(await call(bob, 'GET', `/payments/${session.payment_id}`));
    expect(payment.amount).toEqual(splitVat(25_000));
  });

  it('names the request on the provider’s page in the language of the portal’s page the payer pays from, which the page speaks too', async () => {
    const giulia = await t.applicant({ email: 'giulia@example.org', locale: 'it-IT' });
    // An English account on the Italian portal, an Italian account on the English one: the web app
    // asks in the language it shows (Accept-Language) and keeps it in the cookie the page reads.
    for (const [who, language, line, urgent, pay] of [
      [bob, 'it-IT', 'Richiesta n. ', '(urgente)', 'Paga con carta'],
      [giulia, 'en-US', 'Request no. ', '(urgent)', 'Pay by card'],
    ] as const) {
      const id = await readyDraft(t.app, who, { isUrgent: true });
      const started = await call(
        who,
        'POST',
        `/practices/${id}/checkout`,
        { billing: BILLING },
        { 'accept-language': language },
      );
      const session = dataOf<{ checkout_url: string }>(started);
      const page = await t.app.inject({
        method: 'GET',
        url: sandboxPath(session.checkout_url),
        headers: { cookie: `lisbon-language=${language}` },
      });
      expect(page.body).toContain(pay);
      expect(page.body).toContain(`${line}${id}: `);
      expect(page.body).toContain(urgent);
    }
    // An API client that names no language: the account’s.
    const marta = await t.applicant({ email: 'marta@example.org', locale: 'it-IT' });
    const id = await readyDraft(t.app, marta);
    const session = await checkout(t.app, marta, id);
    const page = await t.app.inject({ method: 'GET', url: sandboxPath(session.checkout_url) });
    expect(page.body).toContain(`Richiesta n. ${id}: `);
  });

  it('keeps one open payment per request: a second checkout reuses the open session', async () => {
    const id = await readyDraft(t.app, ada);
    const first = await checkout(t.app, ada, id);
    const second = await checkout(t.app, ada, id);
    expect(second).toEqual(first);
  });

  it('is refused for a request that is not the caller’s (404), not complete (422) or not at review (409)', async () => {
    const id = await readyDraft(t.app, ada);
    expect((await call(bob, 'POST', `/practices/${id}/checkout`, { billing: BILLING })).statusCode).toBe(404);
    const fresh = dataOf<{ id: number }>(
      await call(bob, 'POST', '/practices', { country: 'FR', level: 'higher', replace_draft: true }),
    );
    const incomplete = await call(bob, 'POST', `/practices/${fresh.id}/checkout`, { billing: BILLING });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { purpose: ['This field is required'] },
    });
  });

  it('tells a refugee that the free request is submitted without paying (409 PAYMENT_NOT_REQUIRED)', async () => {
    const refugee = await t.applicant({ email: 'refugee@example.org', category: 'refugee' });
    const created = dataOf<{ id: number }>(
      await call(refugee, 'POST', '/practices', { country: 'FR', level: 'higher' }),
    );
    const response = await call(refugee, 'POST', `/practices/${created.id}/checkout`, { billing: BILLING });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_REQUIRED' });
  });

  it('validates the billing information of the checkout', async () => {
    const id = await readyDraft(t.app, ada);
    const response = await call(ada, 'POST', `/practices/${id}/checkout`, {
      billing: { ...BILLING, entity_type: 'legal_entity', country: 'IT' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toContain('billing.business_name');
  });

  it('refuses an omocodic fiscal code at checkout until it is confirmed', async () => {
    const id = await readyDraft(t.app, ada);
    const billing = { ...BILLING, country: 'IT', fiscal_code: 'RSSMRA80A01H50MM' };
    const refused = await call(ada, 'POST', `/practices/${id}/checkout`, { billing });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['billing.fiscal_code']);
    const accepted = await call(ada, 'POST', `/practices/${id}/checkout`, {
      billing: { ...billing, fiscal_code_omocodia_confirmed: true },
    });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('the sandbox’s hosted checkout page', () => {
  it('is a plain HTML form with labels and a clear sandbox banner, no script', async () => {
    const id = await readyDraft(t.app, ada);
    const session = await checkout(t.app, ada, id);
    const page = await t.app.inject({ method: 'GET', url: sandboxPath(session.checkout_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('SANDBOX — no real money');
    expect(page.body).toContain('<form method="post" action="/sandbox/checkout/');
    for (const label of ['Card number', 'Expiry date', 'Security code (CVC)', 'Name on the card']) {
      expect(page.body).toContain(label);
    }
    expect(page.body).toMatch(/<label for="field-card_number">/);
    expect(page.body).not.toContain('<script');
    // Its icon is inline: the browser asks no /favicon.ico, which the gateway does not serve (issue 33).
    expect(page.body).toContain('<link rel="icon" href="data:,">');
    expect(page.body).toContain('Pay €150.00');
    // The payee is the evaluation body, as a gateway names the merchant.
    expect(page.body).toContain('payee: Demo Evaluation Centre (DEMO)');
    // The test cards before the card's fields, Pay and Cancel: read before paying, in Tab order too.
    const order = [
      '<summary>Test cards</summary>',
      'id="field-card_number"',
      'Pay €150.00',
      'Cancel and go back',
    ];
    const at = order.map((text) => page.body.indexOf(text));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('speaks the language of the portal’s pages (their cookie): Italian words and amounts, Italian refusals', async () => {
    const id = await readyDraft(t.app, ada);
    const session = await checkout(t.app, ada, id);
    const cookie = 'lisbon-language=it-IT';
    const page = await t.app.inject({
      method: 'GET',
      url: sandboxPath(session.checkout_url),
      headers: { cookie },
    });
    expect(page.body).toContain('<html lang="it">');
    expect(page.body).toContain('SANDBOX — nessun denaro reale');
    expect(page.body).toContain('Paga 150,00');
    expect(page.body).toContain('Numero della carta');
    expect(page.body).not.toContain('Pay by card');
    const refused = await t.app.inject({
      method: 'POST',
      url: sandboxPath(session.checkout_url),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({
        card_number: '5555 5555 5555 4444',
        expiry: '01/20',
        cvc: '123',
        holder: 'Ada',
      }).toString(),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Usa una delle carte di prova elencate in questa pagina.');
    expect(refused.body).toContain('Questa carta è scaduta.');
  });

  it('speaks the browser’s language when the visitor has not chosen one (Accept-Language), as the portal’s pages do', async () => {
    const id = await readyDraft(t.app, ada);
    const session = await checkout(t.app, ada, id);
    const italian = await t.app.inject({
      method: 'GET',
      url: sandboxPath(session.checkout_url),
      headers: { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' },
    });
    expect(italian.body).toContain('<html lang="it">');
    expect(italian.body).toContain('Paga con carta');
    expect(italian.body).not.toContain('Pay by card');
    // The language the visitor chose on the portal (its cookie) comes before the browser's.
    const chosen = await t.app.inject({
      method: 'GET',
      url: sandboxPath(session.checkout_url),
      headers: { 'accept-language': 'it-IT', cookie: 'lisbon-language=en-US' },
    });
    expect(chosen.body).toContain('Pay by card');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/sandbox/checkout/cs_sandbox_00000000000000000000000000000000',
      headers: { 'accept-language': 'it' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Sessione di pagamento non trovata');
  });

  it('refuses a card that is not a test card, and a past expiry, on the form (422)', async () => {
    const id = await readyDraft(t.app, ada);
    const session = await checkout(t.app, ada, id);
    const response = await payOnSandbox(t.app, session.checkout_url, '5555 5555 5555 4444', {
      expiry: '01/20',
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Use one of the sandbox test cards');
    expect(response.body).toContain('This card has expired.');
    expect(response.body).toContain('aria-invalid="true"');
    // The problems take the focus as the page opens (no script): the payer starts from them.
    expect(response.body).toContain(
      '<div class="summary" role="alert" tabindex="-1" autofocus><h2>There is a problem</h2>',
    );
    expect(response.body.match(/autofocus/g)).toHaveLength(1);
  });

  it('answers a body that is not a form (a JSON string, number or array) with the form again (422), nothing charged', async () => {
    const id = await readyDraft(t.app, ada);
    const session = await checkout(t.app, ada, id);
    const url = new URL(session.checkout_url).pathname;
    for (const payload of ['"x"', '123', '[]', 'true']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain('aria-invalid="true"');
    }
  });

  it('answers like a gateway under load for the busy card: 503, Retry-After, nothing charged', async () => {
    const id = await readyDraft(t.app, ada);
    const session = await checkout(t.app, ada, id);
    const busy = await payOnSandbox(t.app, session.checkout_url, CARDS.busy);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('120');
    expect(busy.body).toContain('Please try again in a few minutes');
    expect(busy.body).toContain('<div class="notice" role="alert" tabindex="-1" autofocus>');
    const payment = dataOf<{ status: string }>(await call(ada, 'GET', `/payments/${session.payment_id}`));
    expect(payment.status).toBe('pending');
    expect(dataOf<{ status: string }>(await call(ada, 'GET', `/practices/${id}`)).status).toBe('draft');
    // The same session can still be paid a few minutes later.
    const paid = await payOnSandbox(t.app, session.checkout_url, CARDS.success);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3000/service/new/thank-you?payment=${session.payment_id}`,
    );
  });

  it('sends the payer back to the review step on cancel, leaving the session open', async () => {
    const id = await readyDraft(t.app, ada);
    const session = await checkout(t.app, ada, id);
    const cancel = await t.app.inject({ method: 'POST', url: `${sandboxPath(session.checkout_url)}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(
      `http://localhost:3000/service/new/review?payment=${session.payment_id}`,
    );
    expect((await checkout(t.app, ada, id)).checkout_url).toBe(session.checkout_url);
  });

  it('cannot be paid again once declined: the payer is sent back to the review step', async () => {
    const id = await readyDraft(t.app, ada);
    const session = await checkout(t.app, ada, id);
    await payOnSandbox(t.app, session.checkout_url, CARDS.declined);
    const second = await payOnSandbox(t.app, session.checkout_url, CARDS.success);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(
      `http://localhost:3000/service/new/review?payment=${session.payment_id}`,
    );
  });

  it('answers 404 for a session it never issued', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/cs_sandbox_${'0'.repeat(32)}`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a payment provider under load', () => {
  let busyApp: App;
  let isBusy = true;

  beforeAll(async () => {
    const { createContext } = await import('../src/app');
    const { testConfig } = await import('./helper');
    const real = createContext({ config: testConfig(t.database), db: t.database.db, clock }).payments;
    const flaky: PaymentProvider = {
      ...real,
      createCheckoutSession: (request) =>
        isBusy ? Promise.reject(new ProviderBusyError(180)) : real.createCheckoutSession(request),
    };
    busyApp = await t.instance({ paymentProvider: flaky });
  });

  it('answers 429 PROVIDER_BUSY with the high payment volume message; the draft and billing are kept', async () => {
    const carla = await payer(busyApp, t.database, clock, 'carla@example.org', { locale: 'it-IT' });
    const id = await readyDraft(busyApp, carla);
    const billing = { ...BILLING, first_name: 'Carla' };
    const response = await callAs(busyApp)(
      carla,
      'POST',
      `/practices/${id}/checkout`,
      { billing },
      {
        'accept-language': 'it-IT',
      },
    );
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('180');
    expect(response.json()).toEqual({
      code: 'PROVIDER_BUSY',
      message:
        'A causa dell’elevato numero di pagamenti, il servizio di pagamento è occupato. Non è stato addebitato nulla: riprova tra qualche minuto.',
    });
    const english = await callAs(busyApp)(carla, 'POST', `/practices/${id}/checkout`, { billing });
    expect(english.json<{ message: string }>().message).toMatch(/try again in a few minutes/);

    // Nothing lost: the draft as it was, the billing information kept; a later try goes through.
    const draft = dataOf<{ status: string; wizard_step: string }>(
      await callAs(busyApp)(carla, 'GET', `/practices/${id}`),
    );
    expect(draft).toMatchObject({ status: 'draft', wizard_step: 'review' });
    expect(dataOf(await callAs(busyApp)(carla, 'GET', `/users/${carla.id}/billing`))).toMatchObject({
      first_name: 'Carla',
    });
    isBusy = false;
    const later = await checkout(busyApp, carla, id);
    expect(later.checkout_url).toContain('/sandbox/checkout/');
  });
});

describe('GET /payments/{id} while the payment is pending', () => {
  let countingApp: App;
  let asked = 0;

  beforeAll(async () => {
    const { createContext } = await import('../src/app');
    const { testConfig } = await import('./helper');
    const real = createContext({ config: testConfig(t.database), db: t.database.db, clock }).payments;
    const counting: PaymentProvider = {
      ...real,
      getSession: (providerSessionId) => {
        asked += 1;
        return real.getSession(providerSessionId);
      },
    };
    countingApp = await t.instance({ paymentProvider: counting });
  });

  // Each read of a pending payment asked the provider: one payer's loop, at the floor's 300 calls
  // a minute, was 300 calls a minute on the body's account with the provider, whose own limit,
  // once reached, refuses every payer's checkout (429 PROVIDER_BUSY).
  it('asks the provider at most once in PROVIDER_CHECK_INTERVAL_MS, as often as the return page polls', async () => {
    const dora = await payer(countingApp, t.database, clock, 'dora@example.org');
    const id = await readyDraft(countingApp, dora);
    const session = await checkout(countingApp, dora, id);
    const read = async () =>
      dataOf<{ status: string }>(await callAs(countingApp)(dora, 'GET', `/payments/${session.payment_id}`))
        .status;

    asked = 0;
    for (let index = 0; index < 10; index += 1) expect(await read()).toBe('pending');
    expect(asked).toBe(1);

    // The return page's next poll, 2 s on, asks again, and learns the payment went through.
    expect((await payOnSandbox(countingApp, session.checkout_url, CARDS.success)).statusCode).toBe(303);
    expect(await read()).toBe('pending');
    expect(asked).toBe(1);
    clock.advance({ seconds: 2 });
    expect(await read()).toBe('succeeded');
    expect(asked).toBe(2);
  });
});
