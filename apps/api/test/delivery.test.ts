import {
  deliveryOverviewSchema,
  fiscalDocumentSchema,
  paymentSchema,
  practiceSchema,
  staffPracticeSchema,
} from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import type { Worker } from '../src/platform/jobs/worker';
import { injectWebhookTransport, type WebhookTransport } from '../src/platform/payments/sandbox/transport';
import type { Db } from '../src/platform/db/database';
import { markPaymentSucceeded, updatePendingPaymentLines } from '../src/modules/payments/repository';
import { recordDeliveryPaid } from '../src/modules/delivery/settlement.service';
import { writeDeliveryCart } from '../src/modules/delivery/service';
import { useTestApp, createTestWorker, isPostgresRun } from './helper';
import { holdRow } from './locks';
import { pdfText } from './pdf';
import {
  BILLING,
  callAs,
  CARDS,
  dataOf,
  payOnSandbox,
  postWebhook,
  sessionIdOf,
  signedWebhook,
  type Payer,
} from './payments';
import { auditOf, practiceIn, queuedMails, type StaffMember } from './staff';

let call: ReturnType<typeof callAs>;
let worker: Worker;
let sent: { body: string; headers: Record<string, string> }[] = [];
// Tuesday 10 March 2026, 10:00 in Rome: no suspension.
const clock = new ManualClock('2026-03-10T09:00:00Z');

let secretary: StaffMember;
let evaluator: StaffMember;
let ada: Payer;
let bob: Payer;

const SHIPPING = {
  recipient_name: 'Ada Lovelace',
  address: 'Rue de Rivoli 1',
  city: 'Paris',
  zip_code: '75001',
  country: 'FR',
};

const t = useTestApp({ clock });
beforeAll(async () => {
  call = callAs(t.app);
  const toApp = injectWebhookTransport((request) => t.app.inject(request), '/api/v1/payments/webhook');
  const transport: WebhookTransport = {
    async deliver(request) {
      sent.push(request);
      return toApp.deliver(request);
    },
  };
  worker = createTestWorker(t.database, { clock, webhookTransport: transport });
  secretary = await t.staff('secretary', { email: 'sec@lisbon.test' });
  evaluator = await t.staff('evaluator', { email: 'eva@lisbon.test' });
  ada = await t.applicant({ email: 'ada@example.org', firstName: 'Ada', locale: 'it-IT' });
  bob = await t.applicant({ email: 'bob@example.org' });
});

const asStaff = (who: StaffMember, url: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${who.token}` },
  });
const overview = async (who: Payer) =>
  deliveryOverviewSchema.parse(dataOf(await call(who, 'GET', '/delivery')));
const errorOf = (response: { json(): unknown }) => response.json() as { code: string; message: string };

describe('staff open a request to delivery', () => {
  it('records it in the audit trail without changing the status, once, only with staff.delivery', async () => {
    const id = await practiceIn(t.database, { userId: ada.id, status: 'published' });
    expect((await asStaff(evaluator, `/staff/practices/${id}/open-to-delivery`)).statusCode).toBe(403);

    const opened = await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      data: { status: 'published', delivery_opened_at: '2026-03-10T09:00:00.000Z' },
      meta: { notice: 'openToDelivery', message: 'Open to delivery' },
    });
    expect(opened.json<{ data: { allowed_changes: string[] } }>().data.allowed_changes).not.toContain(
      'open_to_delivery',
    );
    expect((await auditOf(t.database, id)).at(-1)).toMatchObject({
      action: 'open_to_delivery',
      from_status: 'published',
      to_status: 'published',
      by_user_id: secretary.id,
    });

    const again = await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('DELIVERY_NOT_AVAILABLE');
  });

  it('mails the applicant once, in their language, that they may now order the originals back', async () => {
    const hal = await t.applicant({ email: 'hal@example.org', firstName: 'Hal', locale: 'it-IT' });
    const id = await practiceIn(t.database, { userId: hal.id, status: 'in_evaluation' });
    // Refused, the change is not committed: no mail.
    expect((await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`)).statusCode).toBe(409);
    expect(await queuedMails(t.database, 'hal@example.org')).toEqual([]);

    await t.database.db.updateTable('practices').set({ status: 'published' }).where('id', '=', id).execute();
    expect((await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`)).statusCode).toBe(200);
    expect((await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`)).statusCode).toBe(409);
    const mails = await queuedMails(t.database, 'hal@example.org');
    expect(mails.map((mail) => mail.kind)).toEqual(['delivery-opened']);
    expect(mails[0]).toMatchObject({
      locale: 'it-IT',
      subject: `Lisbon – Gli originali della richiesta n. ${id} possono esserti restituiti`,
    });
    expect(mails[0]?.text).toContain('30,00');
    expect(mails[0]?.text).toContain('/delivery');
  });

  it('mails the applicant in English when that is their language', async () => {
    const ivy = await t.applicant({ email: 'ivy@example.org', firstName: 'Ivy', locale: 'en-US' });
    const id = await practiceIn(t.database, { userId: ivy.id, status: 'closed' });
    expect((await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`)).statusCode).toBe(200);
    const mails = await queuedMails(t.database, 'ivy@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'delivery-opened',
      locale: 'en-US',
      subject: `Lisbon – The originals of request no. ${id} can be sent back to you`,
    });
    expect(mails[0]?.text).toContain('Your request no.');
    expect(mails[0]?.text).toContain('€30.00');
  });

  it('says in the mail, during a suspension, that deliveries are suspended and from which day the return can be ordered', async () => {
    const kim = await t.applicant({ email: 'kim@example.org', firstName: 'Kim', locale: 'en-US' });
    const lia = await t.applicant({ email: 'lia@example.org', firstName: 'Lia', locale: 'it-IT' });
    const kimsId = await practiceIn(t.database, { userId: kim.id, status: 'closed' });
    const liasId = await practiceIn(t.database, { userId: lia.id, status: 'closed' });
    try {
      // 30 December 2024 in Rome, inside the window of 24 December to 7 January.
      clock.set('2024-12-30T09:00:00Z');
      expect((await asStaff(secretary, `/staff/practices/${kimsId}/open-to-delivery`)).statusCode).toBe(200);
      expect((await asStaff(secretary, `/staff/practices/${liasId}/open-to-delivery`)).statusCode).toBe(200);
    } finally {
      clock.set('2026-03-10T09:00:00Z');
    }
    const [english] = await queuedMails(t.database, 'kim@example.org');
    expect(english?.text).toContain(
      'Return deliveries are suspended: you can order the return from January 8, 2025.',
    );
    expect(english?.text).not.toContain('To have them sent back');
    expect(english?.text).toContain('€30.00');
    const [italian] = await queuedMails(t.database, 'lia@example.org');
    expect(italian?.text).toContain(
      'Le restituzioni degli originali sono sospese: potrai ordinare la restituzione dall’8 gennaio 2025.',
    );
    expect(italian?.text).not.toContain('Per riceverli');
  });

  it('refuses while the evaluation still needs the originals (409)', async () => {
    const id = await practiceIn(t.database, { userId: ada.id, status: 'in_evaluation' });
    const response = await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('TRANSITION_NOT_ALLOWED');
    expect(errorOf(response).message).toBe(
      'The action “Open to delivery” is not possible while the request is in status “In evaluation”.',
    );
  });
});

describe('shipping information', () => {
  /** A request of the applicant's the office opened to delivery: something to ship. */
  const openedFor = async (who: Payer) => {
    const id = await practiceIn(t.database, { userId: who.id, status: 'closed' });
    expect((await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`)).statusCode).toBe(200);
    return id;
  };

  it('is refused with nothing to ship: 409 NOTHING_TO_SHIP, and no shipment is opened', async () => {
    const kim = await t.applicant({ email: 'kim.nothing@example.org' });
    const liv = await t.applicant({ email: 'liv.nothing@example.org' });
    // Liv's request is closed, but its originals were never opened for return.
    await practiceIn(t.database, { userId: liv.id, status: 'closed' });
    // In the reader's language.
    const cases = [
      [
        kim,
        'en-US',
        'None of your requests is open for the return of its originals yet: there is nothing to ship.',
      ],
      [
        liv,
        'it-IT',
        'Nessuna delle tue richieste è ancora aperta alla restituzione degli originali: non c’è nulla da spedire.',
      ],
    ] as const;
    for (const [who, language, message] of cases) {
      const refused = await call(who, 'PUT', '/delivery/shipping', SHIPPING, { 'accept-language': language });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: 'NOTHING_TO_SHIP', message });
      expect((await overview(who)).current).toBeNull();
    }
    const shipments = await t.database.db
      .selectFrom('deliveries')
      .select('id')
      .where('user_id', '=', kim.id)
      .execute();
    expect(shipments).toEqual([]);
    // Once the office opens a request to delivery, the same information opens the shipment.
    await openedFor(kim);
    expect((await call(kim, 'PUT', '/delivery/shipping', SHIPPING)).statusCode).toBe(200);
  });

  it('is given once, then read-only: a change answers 409, the same again 200', async () => {
    const carla = await t.applicant({ email: 'carla@example.org' });
    await openedFor(carla);
    const first = await call(carla, 'PUT', '/delivery/shipping', SHIPPING);
    expect(first.statusCode).toBe(200);
    expect(dataOf(first)).toMatchObject({ status: 'open', shipping: { recipient_name: 'Ada Lovelace' } });

    const change = await call(carla, 'PUT', '/delivery/shipping', { ...SHIPPING, recipient_name: 'Eve' });
    expect(change.statusCode).toBe(409);
    expect(errorOf(change)).toMatchObject({
      code: 'SHIPPING_INFO_LOCKED',
      message: 'Shipping information cannot be modified after submission.',
    });
    expect((await overview(carla)).current?.shipping?.recipient_name).toBe('Ada Lovelace');
    // The same information again (the first answer lost): what was submitted, answered as then.
    const again = await call(carla, 'PUT', '/delivery/shipping', SHIPPING);
    expect(again.statusCode).toBe(200);
    expect(dataOf(again)).toEqual(dataOf(first));
  });

  it('answers 422 with the field map when incomplete', async () => {
    const response = await call(bob, 'PUT', '/delivery/shipping', { ...SHIPPING, recipient_name: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('recipient_name');
  });

  it('refuses a checkout that lists the same request twice, saying so in the field map', async () => {
    const response = await call(bob, 'POST', '/delivery/checkout', {
      practice_ids: [7, 7],
      billing: BILLING,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      practice_ids: ['The same request is listed twice in the cart'],
    });
  });

  it('refuses a courier phone without its country code, as the account does, and keeps nothing (issue 33)', async () => {
    const otto = await t.applicant({ email: 'otto.courier@example.org' });
    const response = await call(otto, 'PUT', '/delivery/shipping', { ...SHIPPING, phone: '12345' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      phone: ['Phone number not valid (add country code)'],
    });
    expect((await overview(otto)).current?.shipping ?? null).toBeNull();
    await openedFor(otto);
    const accepted = await call(otto, 'PUT', '/delivery/shipping', {
      ...SHIPPING,
      phone: '+39 06 1234 5678',
    });
    expect(accepted.statusCode).toBe(200);
    expect(dataOf(accepted)).toMatchObject({ shipping: { phone: '+390612345678' } });
  });

  it('takes a national courier phone of the shipping country, with its prefix (E.164)', async () => {
    const nora = await t.applicant({ email: 'nora.courier@example.org' });
    await openedFor(nora);
    const response = await call(nora, 'PUT', '/delivery/shipping', { ...SHIPPING, phone: '01 23 45 67 89' });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toMatchObject({ shipping: { phone: '+33123456789' } });
  });
});

describe('paying the cart', () => {
  it('checks ownership and eligibility of every request in it', async () => {
    const bobs = await practiceIn(t.database, { userId: bob.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${bobs}/open-to-delivery`);
    const notOpened = await practiceIn(t.database, { userId: ada.id, status: 'closed' });
    await call(ada, 'PUT', '/delivery/shipping', SHIPPING);

    const foreign = await call(ada, 'POST', '/delivery/checkout', { practice_ids: [bobs], billing: BILLING });
    expect(foreign.statusCode).toBe(404);
    const closed = await call(ada, 'POST', '/delivery/checkout', {
      practice_ids: [notOpened],
      billing: BILLING,
    });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).code).toBe('DELIVERY_NOT_AVAILABLE');
    expect((await overview(bob)).deliverable.map((practice) => practice.id)).toEqual([bobs]);
    expect((await asStaff(secretary, '/staff/practices/0/open-to-delivery')).statusCode).toBe(422);
  });

  it('is refused during a suspension window, or when a checkout opened now would close in one (409, saying from which day)', async () => {
    const dora = await t.applicant({ email: 'dora@example.org' });
    const id = await practiceIn(t.database, { userId: dora.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(dora, 'PUT', '/delivery/shipping', SHIPPING);
    try {
      // 23:45 on 23 December 2024 in Rome: a checkout opened now would still be payable on the 24th.
      clock.set('2024-12-23T22:45:00Z');
      expect((await overview(dora)).suspension).toEqual({
        from: '2024-12-24',
        to: '2025-01-07',
        orderable_on: '2025-01-08',
      });
      const early = await call(dora, 'POST', '/delivery/checkout', { practice_ids: [id], billing: BILLING });
      expect(early.statusCode).toBe(409);
      expect(errorOf(early)).toMatchObject({ code: 'DELIVERY_SUSPENDED' });
      // 23:15 in Rome: the checkout's 30 minutes end before the window begins.
      clock.set('2024-12-23T22:15:00Z');
      expect((await overview(dora)).suspension).toBeNull();

      // 23:30 on 7 January 2025 in Rome, already the 8th nowhere but still the 7th there.
      clock.set('2025-01-07T22:30:00Z');
      expect((await overview(dora)).suspension).toEqual({
        from: '2024-12-24',
        to: '2025-01-07',
        orderable_on: '2025-01-08',
      });
      const refused = await call(
        dora,
        'POST',
        '/delivery/checkout',
        { practice_ids: [id], billing: BILLING },
        { 'accept-language': 'it-IT' },
      );
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: 'DELIVERY_SUSPENDED' });
      // From which day, in the words of the applicant's language.
      expect(errorOf(refused).message).toContain('potrai ordinare la restituzione dall’8 gennaio 2025');
      // No payment of hers was opened (the file's other tests open theirs, before this one or after it).
      const hers = await t.database.db
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', dora.id)
        .execute();
      expect(hers).toEqual([]);

      // Midnight in Rome: the window is over.
      clock.set('2025-01-07T23:00:00Z');
      expect((await overview(dora)).suspension).toBeNull();
      const allowed = await call(dora, 'POST', '/delivery/checkout', {
        practice_ids: [id],
        billing: BILLING,
      });
      expect(allowed.statusCode).toBe(200);
    } finally {
      clock.set('2026-03-10T09:00:00Z');
    }
  });

  it('names, during a suspension, the same day in the same words on the page, in the 409 and in the mail', async () => {
    const max = await t.applicant({ email: 'max@example.org', firstName: 'Max', locale: 'en-US' });
    const noa = await t.applicant({ email: 'noa@example.org', firstName: 'Noa', locale: 'it-IT' });
    const sentences = {
      'en-US': 'Return deliveries are suspended: you can order the return from January 8, 2025.',
      'it-IT':
        'Le restituzioni degli originali sono sospese: potrai ordinare la restituzione dall’8 gennaio 2025.',
    };
    try {
      // 30 December 2024 in Rome, inside the window of 24 December to 7 January.
      clock.set('2024-12-30T09:00:00Z');
      for (const [who, locale] of [
        [max, 'en-US'],
        [noa, 'it-IT'],
      ] as const) {
        const id = await practiceIn(t.database, { userId: who.id, status: 'closed' });
        expect((await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`)).statusCode).toBe(200);
        await call(who, 'PUT', '/delivery/shipping', SHIPPING);
        const [mail] = await queuedMails(t.database, who.email);
        expect(mail?.text).toContain(sentences[locale]);
        // The page writes the day the overview names, as the mail does (`orderableAgainOn`).
        expect((await overview(who)).suspension?.orderable_on).toBe('2025-01-08');
        const refused = await call(
          who,
          'POST',
          '/delivery/checkout',
          { practice_ids: [id], billing: BILLING },
          { 'accept-language': locale },
        );
        expect(refused.statusCode).toBe(409);
        expect(errorOf(refused).message).toContain(sentences[locale]);
      }
    } finally {
      clock.set('2026-03-10T09:00:00Z');
    }
  });

  it('settles once through the webhook, with its invoice and receipt, and the waybill is the owner’s', async () => {
    const [first, second] = [
      await practiceIn(t.database, { userId: ada.id, status: 'published' }),
      await practiceIn(t.database, { userId: ada.id, status: 'appeal_rejected' }),
    ];
    for (const id of [first, second]) await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    // Her shipping information, given here too (the same again answers 200): the test that gives it
    // first may run after this one, shuffled.
    expect((await call(ada, 'PUT', '/delivery/shipping', SHIPPING)).statusCode).toBe(200);
    const started = await call(ada, 'POST', '/delivery/checkout', {
      practice_ids: [second, first],
      billing: BILLING,
    });
    expect(started.statusCode).toBe(200);
    const session = dataOf<{ payment_id: number; checkout_url: string }>(started);
    expect((await payOnSandbox(t.app, session.checkout_url, CARDS.success)).statusCode).toBe(303);
    sent = [];
    await worker.drainOnce();

    const paid = paymentSchema.parse(dataOf(await call(ada, 'GET', `/payments/${session.payment_id}`)));
    expect(paid).toMatchObject({
      purpose: 'delivery',
      practice_id: null,
      status: 'succeeded',
      amount: { net: 2459, vat: 541, total: 3000 },
    });
    const documentsNow = async () =>
      (dataOf<unknown[]>(await call(ada, 'GET', '/invoices?sort=sequence')) ?? []).map((item) =>
        fiscalDocumentSchema.parse(item),
      );
    const documents = await documentsNow();
    expect(documents.map((document) => [document.kind, document.payment_id, document.amount.total])).toEqual([
      ['invoice', session.payment_id, 3000],
      ['receipt', session.payment_id, 3000],
    ]);
    // What they were paid for, as a fact each language words: this shipment.
    const delivery = (await overview(ada)).shipments.find(
      (shipment) => shipment.payment_id === session.payment_id,
    );
    expect(documents.map((document) => document.subject)).toEqual([
      { kind: 'delivery', delivery_id: delivery?.id },
      { kind: 'delivery', delivery_id: delivery?.id },
    ]);

    // The same event again, and the provider's answer asked afterwards: nothing more happens.
    const [webhook] = sent;
    if (!webhook) throw new Error('no webhook was sent');
    const again = await postWebhook(t.app, { payload: webhook.body, headers: webhook.headers });
    expect(dataOf(again)).toEqual({ received: true, duplicate: true });
    const other = signedWebhook(t.database, clock, {
      id: 'evt_other',
      type: 'checkout.completed',
      sessionId: await sessionIdOf(t.database, session.payment_id),
    });
    expect((await postWebhook(t.app, other)).statusCode).toBe(200);
    expect(await documentsNow()).toHaveLength(2);

    const view = await overview(ada);
    expect(view.deliverable.map((practice) => practice.id)).not.toContain(first);
    expect(view.current).toBeNull();
    const [shipment] = view.shipments;
    expect(shipment).toMatchObject({
      status: 'paid',
      practice_ids: [first, second],
      payment_id: session.payment_id,
      waybill_number: expect.stringMatching(/^RD-2026-\d{6}$/),
    });
    if (!shipment) throw new Error('no shipment');

    const waybill = await call(ada, 'GET', `/delivery/${shipment.id}/waybill`);
    expect(waybill.statusCode).toBe(200);
    expect(waybill.headers['content-type']).toBe('application/pdf');
    expect(waybill.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(bob, 'GET', `/delivery/${shipment.id}/waybill`)).statusCode).toBe(404);

    // A new shipment, of a request opened to delivery afterwards, takes new shipping information.
    const next = await practiceIn(t.database, { userId: ada.id, status: 'closed' });
    expect((await asStaff(secretary, `/staff/practices/${next}/open-to-delivery`)).statusCode).toBe(200);
    expect((await call(ada, 'PUT', '/delivery/shipping', SHIPPING)).statusCode).toBe(200);
  });
  it('prints the courier phone on the waybill grouped for reading, not in E.164', async () => {
    const ivo = await t.applicant({ email: 'ivo@example.org' });
    const id = await practiceIn(t.database, { userId: ivo.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    const shipping = await call(ivo, 'PUT', '/delivery/shipping', { ...SHIPPING, phone: '+39 3331234567' });
    expect(dataOf(shipping)).toMatchObject({ shipping: { phone: '+393331234567' } });
    const started = await call(ivo, 'POST', '/delivery/checkout', { practice_ids: [id], billing: BILLING });
    const session = dataOf<{ checkout_url: string }>(started);
    await payOnSandbox(t.app, session.checkout_url, CARDS.success);
    await worker.drainOnce();
    const [shipment] = (await overview(ivo)).shipments;
    if (!shipment) throw new Error('no shipment');

    const waybill = await call(ivo, 'GET', `/delivery/${shipment.id}/waybill`);
    expect(waybill.statusCode).toBe(200);
    const text = (await pdfText(waybill.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Tel. +39 333 123 4567');
    expect(text).not.toContain('+393331234567');

    // A number kept without its country code (as older shipments may hold it) is read in the
    // shipping country (France), on the applicant's waybill and on the workspace's.
    await t.database.db
      .updateTable('deliveries')
      .set({ phone: '0472000000' })
      .where('id', '=', shipment.id)
      .execute();
    for (const again of [
      await call(ivo, 'GET', `/delivery/${shipment.id}/waybill`),
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/staff/practices/${id}/waybill`,
        headers: { authorization: `Bearer ${secretary.token}` },
      }),
    ]) {
      expect(again.statusCode).toBe(200);
      expect((await pdfText(again.rawPayload)).replace(/\s+/g, ' ')).toContain('Tel. +33 4 72 00 00 00');
    }
  });

  it('takes a shipping and a billing address from Ghana without a zip code, and prints them without one', async () => {
    const kofi = await t.applicant({ email: 'kofi@example.org' });
    const id = await practiceIn(t.database, { userId: kofi.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    const inAccra = { address: 'Ring Road 5', city: 'Accra', country: 'GH' };
    const shipping = await call(kofi, 'PUT', '/delivery/shipping', { ...SHIPPING, ...inAccra, zip_code: '' });
    expect(shipping.statusCode).toBe(200);
    expect(dataOf(shipping)).toMatchObject({ shipping: { city: 'Accra', zip_code: null } });
    const billing = { ...BILLING, ...inAccra, zip_code: undefined, province: null };
    const started = await call(kofi, 'POST', '/delivery/checkout', { practice_ids: [id], billing });
    expect(started.statusCode).toBe(200);
    await payOnSandbox(t.app, dataOf<{ checkout_url: string }>(started).checkout_url, CARDS.success);
    await worker.drainOnce();
    const [shipment] = (await overview(kofi)).shipments;
    if (!shipment) throw new Error('no shipment');

    const waybill = await pdfText((await call(kofi, 'GET', `/delivery/${shipment.id}/waybill`)).rawPayload);
    expect(waybill.replace(/\s+/g, ' ')).toContain('Recipient: Ada Lovelace, Ring Road 5, Accra, GH ');
    const documents = fiscalDocumentSchema.array().parse(dataOf(await call(kofi, 'GET', '/invoices')));
    for (const document of documents) {
      const text = await pdfText((await call(kofi, 'GET', `/invoices/${document.id}/pdf`)).rawPayload);
      expect(text).toContain('Bill to\nAda Lovelace\nRing Road 5\nAccra\nGhana\n');
      expect(text).not.toMatch(/null|undefined/);
    }
    expect(documents).toHaveLength(2);
  });

  it('still asks a shipping and a billing address in Italy for its zip code, in the field map', async () => {
    const gia = await t.applicant({ email: 'gia.zip@example.org' });
    const inRome = { address: 'Via Roma 1', city: 'Roma', country: 'IT', zip_code: '' };
    const shipping = await call(gia, 'PUT', '/delivery/shipping', { ...SHIPPING, ...inRome });
    expect(shipping.statusCode).toBe(422);
    expect(shipping.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      zip_code: ['This field is required'],
    });
    const billing = { ...BILLING, ...inRome, fiscal_code: 'RSSMRA85T10A562S' };
    const refused = await call(gia, 'PUT', `/users/${gia.id}/billing`, billing);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      zip_code: ['This field is required'],
    });
  });

  it('names the shipment on the provider’s page in the language of the portal’s page the payer pays from', async () => {
    // An English account paying from the Italian portal: the web app asks in Italian and keeps it in the cookie.
    const lea = await t.applicant({ email: 'lea@example.org' });
    const id = await practiceIn(t.database, { userId: lea.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(lea, 'PUT', '/delivery/shipping', SHIPPING);
    const started = await call(
      lea,
      'POST',
      '/delivery/checkout',
      { practice_ids: [id], billing: BILLING },
      { 'accept-language': 'it-IT' },
    );
    const session = dataOf<{ checkout_url: string }>(started);
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(session.checkout_url).pathname,
      headers: { cookie: 'lisbon-language=it-IT' },
    });
    expect(page.body).toContain('Paga con carta');
    expect(page.body).toMatch(/Restituzione degli originali, spedizione n\. \d+/);
    expect(page.body).not.toContain('Return delivery');
  });

  it('sends the payer who cancels on the provider’s page back to the delivery page marked cancelled', async () => {
    const noa = await t.applicant({ email: 'noa.cancels@example.org' });
    const id = await practiceIn(t.database, { userId: noa.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(noa, 'PUT', '/delivery/shipping', SHIPPING);
    const started = await call(noa, 'POST', '/delivery/checkout', { practice_ids: [id], billing: BILLING });
    const session = dataOf<{ payment_id: number; checkout_url: string }>(started);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${new URL(session.checkout_url).pathname}/cancel`,
    });
    expect(cancelled.statusCode).toBe(303);
    // The page tells a payment left unpaid from one still being confirmed by this mark.
    expect(new URL(String(cancelled.headers.location)).search).toBe(
      `?payment=${session.payment_id}&cancelled=1`,
    );
  });

  it('opens a new checkout a minute after one whose instance died before its provider session opened', async () => {
    const gus = await t.applicant({ email: 'gus@example.org' });
    const id = await practiceIn(t.database, { userId: gus.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(gus, 'PUT', '/delivery/shipping', SHIPPING);
    const checkout = () => call(gus, 'POST', '/delivery/checkout', { practice_ids: [id], billing: BILLING });
    const first = dataOf<{ payment_id: number }>(await checkout());
    // What a kill between the payment's row and the provider's answer leaves: a row with no session.
    await t.database.db
      .updateTable('payments')
      .set({ provider_session_id: null, checkout_url: null, expires_at: null })
      .where('id', '=', first.payment_id)
      .execute();
    const meanwhile = await checkout();
    expect(meanwhile.statusCode).toBe(409);
    expect(errorOf(meanwhile).code).toBe('PAYMENT_IN_PROGRESS');
    const before = clock.now();
    clock.advance({ seconds: 61 });
    const retried = await checkout().finally(() => clock.set(before));
    expect(retried.statusCode).toBe(200);
    const second = dataOf<{ payment_id: number; checkout_url: string }>(retried);
    expect(second.payment_id).not.toBe(first.payment_id);
    const closed = await t.database.db
      .selectFrom('payments')
      .select(['status'])
      .where('id', '=', first.payment_id)
      .executeTakeFirstOrThrow();
    expect(closed.status).toBe('failed');
    await payOnSandbox(t.app, second.checkout_url, CARDS.success);
    await worker.drainOnce();
    expect((await overview(gus)).shipments[0]?.paid_at).toEqual(expect.any(String));
  });

  it('prints the cart as paid on the invoice when an open checkout is reused after the cart changed', async () => {
    const fay = await t.applicant({ email: 'fay@example.org' });
    const [kept, removed] = [
      await practiceIn(t.database, { userId: fay.id, status: 'closed' }),
      await practiceIn(t.database, { userId: fay.id, status: 'closed' }),
    ];
    for (const id of [kept, removed]) await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(fay, 'PUT', '/delivery/shipping', SHIPPING);
    const first = dataOf<{ payment_id: number; checkout_url: string }>(
      await call(fay, 'POST', '/delivery/checkout', { practice_ids: [kept, removed], billing: BILLING }),
    );
    // Back from the provider's page without paying, one request taken out of the cart.
    const second = dataOf<{ payment_id: number; checkout_url: string }>(
      await call(fay, 'POST', '/delivery/checkout', { practice_ids: [kept], billing: BILLING }),
    );
    expect(second.payment_id).toBe(first.payment_id);
    await payOnSandbox(t.app, second.checkout_url, CARDS.success);
    await worker.drainOnce();

    const shipment = (await overview(fay)).shipments[0];
    expect(shipment?.practice_ids).toEqual([kept]);
    const printed = await t.database.db
      .selectFrom('fiscal_documents')
      .select('lines')
      .where('payment_id', '=', first.payment_id)
      .execute();
    expect(printed).toHaveLength(2);
    for (const { lines } of printed) {
      const [line] = JSON.parse(lines) as { description: string }[];
      expect(line?.description).toContain(`(richieste ${kept}) / `);
      expect(line?.description).toMatch(new RegExp(`\\(requests ${kept}\\)$`));
    }
  });

  /** The requests a shipment holds, and those its invoice and receipt name: one list each. */
  const paidFor = async (paymentId: number) => {
    const shipment = await t.database.db
      .selectFrom('deliveries')
      .select(['id', 'status'])
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const held = await t.database.db
      .selectFrom('delivery_practices')
      .select('practice_id')
      .where('delivery_id', '=', shipment.id)
      .orderBy('practice_id')
      .execute();
    const printed = await t.database.db
      .selectFrom('fiscal_documents')
      .select('lines')
      .where('payment_id', '=', paymentId)
      .execute();
    return {
      status: shipment.status,
      held: held.map((row) => row.practice_id),
      printed: printed.map(({ lines }) => (JSON.parse(lines) as { description: string }[])[0]?.description),
    };
  };
  const printedLine = (shipmentOf: number, ids: number[]) =>
    expect.stringContaining(
      `(richieste ${ids.join(', ')}) / Return delivery of originals, shipment no. ${shipmentOf}`,
    );

  it('keeps what was paid for when the cart changes after paying, before the settlement (409 DELIVERY_ALREADY_PAID)', async () => {
    const una = await t.applicant({ email: 'una.cart@example.org', locale: 'it-IT' });
    const [paid, later] = [
      await practiceIn(t.database, { userId: una.id, status: 'closed' }),
      await practiceIn(t.database, { userId: una.id, status: 'closed' }),
    ];
    for (const id of [paid, later]) await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(una, 'PUT', '/delivery/shipping', SHIPPING);
    const session = dataOf<{ payment_id: number; checkout_url: string }>(
      await call(una, 'POST', '/delivery/checkout', { practice_ids: [paid], billing: BILLING }),
    );
    await payOnSandbox(t.app, session.checkout_url, CARDS.success);
    const shipmentId = (await overview(una)).current?.id ?? 0;

    // Another tab, before the webhook: the cart grows. The provider is asked first; the payment is
    // settled with the cart it paid for, and the change is refused in the payer's language.
    const changed = await call(
      una,
      'POST',
      '/delivery/checkout',
      { practice_ids: [paid, later], billing: BILLING },
      { 'accept-language': 'it-IT' },
    );
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed)).toMatchObject({
      code: 'DELIVERY_ALREADY_PAID',
      message:
        'Questa spedizione è già stata pagata: le sue richieste non possono più essere cambiate. Le richieste rimaste fuori possono andare nella prossima spedizione.',
    });
    // Sent again once paid: the same answer, in English too.
    const again = await call(
      una,
      'POST',
      '/delivery/checkout',
      { practice_ids: [paid, later], billing: BILLING },
      { 'accept-language': 'en-US' },
    );
    expect(errorOf(again)).toMatchObject({
      code: 'DELIVERY_ALREADY_PAID',
      message:
        'This shipment has already been paid: its requests can no longer be changed. Requests left out can go in your next shipment.',
    });
    await worker.drainOnce();

    expect(await paidFor(session.payment_id)).toEqual({
      status: 'paid',
      held: [paid],
      printed: [printedLine(shipmentId, [paid]), printedLine(shipmentId, [paid])],
    });
    const view = await overview(una);
    expect(view.shipments.map((shipment) => shipment.practice_ids)).toEqual([[paid]]);
    // The request left out goes in the next shipment.
    expect(view.deliverable.map((practice) => practice.id)).toEqual([later]);
  });

  it('writes a cart change and a settlement one after the other: the invoice names the requests the shipment holds', async () => {
    const vic = await t.applicant({ email: 'vic.cart@example.org' });
    const [first, added] = [
      await practiceIn(t.database, { userId: vic.id, status: 'closed' }),
      await practiceIn(t.database, { userId: vic.id, status: 'closed' }),
    ];
    for (const id of [first, added]) await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(vic, 'PUT', '/delivery/shipping', SHIPPING);
    const session = dataOf<{ payment_id: number; checkout_url: string }>(
      await call(vic, 'POST', '/delivery/checkout', { practice_ids: [first], billing: BILLING }),
    );
    const shipmentId = (await overview(vic)).current?.id ?? 0;
    const change = () =>
      call(
        vic,
        'POST',
        '/delivery/checkout',
        { practice_ids: [first, added], billing: BILLING },
        { 'accept-language': 'en-US' },
      );
    // The settlement as the webhook's transaction makes it: the payment's row, then the shipment's.
    const settle = async (trx: Db) => {
      await markPaymentSucceeded(trx, {
        id: session.payment_id,
        transactionReference: 'tr_vic',
        now: clock.now().toISOString(),
      });
      await recordDeliveryPaid(trx, {
        deliveryId: shipmentId,
        paymentId: session.payment_id,
        at: clock.now(),
      });
    };
    let changed: Awaited<ReturnType<typeof change>>;
    if (isPostgresRun) {
      // The settlement holds the rows (the provider's session still says open to the change, which
      // then waits for it); once it commits, the change finds the shipment paid.
      const hold = await holdRow(t, settle);
      let isAnswered = false;
      const changing = change().then((response) => {
        isAnswered = true;
        return response;
      });
      await Promise.race([changing, hold.waiters(1, () => isAnswered)]);
      const waited = !isAnswered;
      await hold.release();
      changed = await changing;
      expect(waited).toBe(true);
    } else {
      // SQLite: one writer, so the settlement's transaction and the change's follow one another.
      await t.database.db.transaction().execute(settle);
      changed = await change();
    }
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed)).toMatchObject({
      code: 'DELIVERY_ALREADY_PAID',
      message:
        'This shipment has already been paid: its requests can no longer be changed. Requests left out can go in your next shipment.',
    });
    expect(await paidFor(session.payment_id)).toMatchObject({ status: 'paid', held: [first] });
    // Two changes at once, on a new shipment's open checkout: one cart wins, whole, and its
    // payment's invoice names it.
    await call(vic, 'PUT', '/delivery/shipping', SHIPPING);
    const next = dataOf<{ payment_id: number; checkout_url: string }>(
      await call(vic, 'POST', '/delivery/checkout', { practice_ids: [added], billing: BILLING }),
    );
    const nextShipment = (await overview(vic)).current?.id ?? 0;
    const third = await practiceIn(t.database, { userId: vic.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${third}/open-to-delivery`);
    const answers = await Promise.all([
      call(vic, 'POST', '/delivery/checkout', { practice_ids: [added, third], billing: BILLING }),
      call(vic, 'POST', '/delivery/checkout', { practice_ids: [third], billing: BILLING }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    await payOnSandbox(t.app, next.checkout_url, CARDS.success);
    await worker.drainOnce();
    const settled = await paidFor(next.payment_id);
    expect([[added, third], [third]]).toContainEqual(settled.held);
    expect(settled.printed).toEqual([
      printedLine(nextShipment, settled.held),
      printedLine(nextShipment, settled.held),
    ]);
  });

  it('prints the cart the shipment holds when the cart changed between the webhook’s read and its transaction', async () => {
    const wes = await t.applicant({ email: 'wes.cart@example.org' });
    const [first, added] = [
      await practiceIn(t.database, { userId: wes.id, status: 'closed' }),
      await practiceIn(t.database, { userId: wes.id, status: 'closed' }),
    ];
    for (const id of [first, added]) await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(wes, 'PUT', '/delivery/shipping', SHIPPING);
    const session = dataOf<{ payment_id: number; checkout_url: string }>(
      await call(wes, 'POST', '/delivery/checkout', { practice_ids: [first], billing: BILLING }),
    );
    const shipmentId = (await overview(wes)).current?.id ?? 0;
    await payOnSandbox(t.app, session.checkout_url, CARDS.success);
    // A cart change's writes, as the checkout makes them in its transaction: the payment's lines,
    // then the shipment's cart.
    const { lines } = await t.database.db
      .selectFrom('payments')
      .select('lines')
      .where('id', '=', session.payment_id)
      .executeTakeFirstOrThrow();
    const changeCart = async (trx: Db) => {
      const now = clock.now().toISOString();
      await updatePendingPaymentLines(trx, {
        id: session.payment_id,
        billing: JSON.stringify(BILLING),
        lines: lines
          .replaceAll(`richieste ${first})`, `richieste ${first}, ${added})`)
          .replace(`requests ${first})`, `requests ${first}, ${added})`),
        now,
      });
      await writeDeliveryCart(trx, { deliveryId: shipmentId, practiceIds: [first, added], at: now });
    };
    if (isPostgresRun) {
      // The change holds the payment's row; the webhook reads the payment (its old lines) before its
      // transaction, then waits for the row, and settles once the change has committed.
      const hold = await holdRow(t, changeCart);
      let isDrained = false;
      const draining = worker.drainOnce().then(() => {
        isDrained = true;
      });
      await Promise.race([draining, hold.waiters(1, () => isDrained)]);
      const waited = !isDrained;
      await hold.release();
      await draining;
      expect(waited).toBe(true);
    } else {
      // SQLite: one writer, so the change's transaction and the settlement's follow one another.
      await t.database.db.transaction().execute(changeCart);
      await worker.drainOnce();
    }
    const settled = await paidFor(session.payment_id);
    expect(settled).toEqual({
      status: 'paid',
      held: [first, added],
      printed: [printedLine(shipmentId, [first, added]), printedLine(shipmentId, [first, added])],
    });
  });
});

describe('staff set as delivered', () => {
  it('records delivered_at once the shipment is paid, mails the applicant in their language', async () => {
    const eve = await t.applicant({ email: 'eve@example.org', locale: 'it-IT' });
    const id = await practiceIn(t.database, { userId: eve.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    const early = await asStaff(secretary, `/staff/practices/${id}/delivered`);
    expect(errorOf(early).code).toBe('DELIVERY_NOT_AVAILABLE');

    await call(eve, 'PUT', '/delivery/shipping', SHIPPING);
    const session = dataOf<{ checkout_url: string }>(
      await call(eve, 'POST', '/delivery/checkout', { practice_ids: [id], billing: BILLING }),
    );
    await payOnSandbox(t.app, session.checkout_url, CARDS.success);
    await worker.drainOnce();
    clock.advance({ minutes: 30 });

    expect((await asStaff(evaluator, `/staff/practices/${id}/delivered`)).statusCode).toBe(403);
    const delivered = await asStaff(secretary, `/staff/practices/${id}/delivered`);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({
      meta: { notice: 'setAsDelivered', message: 'Set as delivered' },
    });

    const detail = practiceSchema.parse(dataOf(await call(eve, 'GET', `/practices/${id}`)));
    expect(detail.delivered_at).toBe('2026-03-10T09:30:00.000Z');
    expect((await overview(eve)).shipments[0]).toMatchObject({
      status: 'delivered',
      delivered_at: '2026-03-10T09:30:00.000Z',
    });
    expect((await queuedMails(t.database, 'eve@example.org')).map((mail) => mail.kind)).toContain(
      'delivered',
    );
    const mail = (await queuedMails(t.database, 'eve@example.org')).find((item) => item.kind === 'delivered');
    expect(mail?.locale).toBe('it-IT');
    expect((await asStaff(secretary, `/staff/practices/${id}/delivered`)).statusCode).toBe(409);
    clock.set('2026-03-10T09:00:00Z');
  });
});

describe('staff sending the originals back', () => {
  const staffGet = (who: StaffMember, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${who.token}` } });

  it('see where to and the waybill number in the workspace, and download the waybill (staff.delivery only)', async () => {
    const una = await t.applicant({ email: 'una@example.org' });
    const id = await practiceIn(t.database, { userId: una.id, status: 'closed' });
    await asStaff(secretary, `/staff/practices/${id}/open-to-delivery`);
    await call(una, 'PUT', '/delivery/shipping', { ...SHIPPING, phone: '+39 3331234567' });
    const before = staffPracticeSchema.parse(dataOf(await staffGet(secretary, `/staff/practices/${id}`)));
    expect(before.shipment).toBeNull();
    expect((await staffGet(secretary, `/staff/practices/${id}/waybill`)).statusCode).toBe(404);

    const session = dataOf<{ checkout_url: string }>(
      await call(una, 'POST', '/delivery/checkout', { practice_ids: [id], billing: BILLING }),
    );
    await payOnSandbox(t.app, session.checkout_url, CARDS.success);
    await worker.drainOnce();

    const workspace = staffPracticeSchema.parse(dataOf(await staffGet(secretary, `/staff/practices/${id}`)));
    expect(workspace.shipment).toMatchObject({
      status: 'paid',
      waybill_number: expect.stringMatching(/^RD-2026-\d{6}$/),
      shipping: {
        recipient_name: 'Ada Lovelace',
        address: 'Rue de Rivoli 1',
        city: 'Paris',
        phone: '+393331234567',
      },
    });
    // An evaluator has no use for the applicant's address: the workspace leaves it out.
    const asEvaluator = staffPracticeSchema.parse(
      dataOf(await staffGet(evaluator, `/staff/practices/${id}`)),
    );
    expect(asEvaluator.shipment).toBeNull();

    const waybill = await staffGet(secretary, `/staff/practices/${id}/waybill`);
    expect(waybill.statusCode).toBe(200);
    expect(waybill.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(waybill.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(workspace.shipment?.waybill_number ?? 'no waybill');
    expect((await staffGet(evaluator, `/staff/practices/${id}/waybill`)).statusCode).toBe(403);
    const other = await practiceIn(t.database, { userId: una.id, status: 'closed' });
    expect((await staffGet(secretary, `/staff/practices/${other}/waybill`)).statusCode).toBe(404);
  });
});
