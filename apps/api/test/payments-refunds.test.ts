import {
  fiscalDocumentSchema,
  paymentProviderLabel,
  paymentSchema,
  practiceSchema,
  staffPracticeSchema,
  type StaffPractice,
} from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { settleRefund } from '../src/modules/payments/refund-settlement.service';
import { ManualClock } from '../src/platform/clock';
import { testConfig, useTestApp } from './helper';
import { readMailFiles } from './mail';
import { BILLING, callAs, checkout, dataOf, readyDraft, sessionIdOf, type Payer } from './payments';
import { pdfText } from './pdf';
import { PROVIDER_NAMES, startProvider, type ProviderHarness } from './providers';
import { auditOf, practiceIn, type StaffMember } from './staff';

/**
 * Refunds through the payment port (decision 068), with each provider: staff holding
 * `payments.refund` give back the whole payment of a request closed before its evaluation
 * started, or the fee of a cancelled return delivery; each refund is made once by the provider
 * however often it is asked, and issues one credit note in its own unbroken yearly sequence, one
 * mail in the applicant's language and its audit entries.
 */
describe.each(PROVIDER_NAMES)('refunds with the %s provider', (name) => {
  let call: ReturnType<typeof callAs>;
  let provider: ProviderHarness;
  let secretary: StaffMember;
  let admin: StaffMember;
  let evaluator: StaffMember;
  // Tuesday 10 March 2026, 10:00 in Rome.
  const clock = new ManualClock('2026-03-10T09:00:00Z');

  beforeAll(async () => {
    provider = await startProvider(name, clock);
    t.onClose(() => provider.close());
  });
  const t = useTestApp({ clock, env: () => provider.env });
  beforeAll(async () => {
    call = callAs(t.app);
    provider.attach(t.app, t.database);
    secretary = await t.staff('secretary');
    admin = await t.staff('admin');
    evaluator = await t.staff('evaluator');
  });

  const asStaff = (who: StaffMember, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload ? { payload } : {}),
    });
  const workspace = async (id: number): Promise<StaffPractice> =>
    staffPracticeSchema.parse(dataOf(await asStaff(secretary, 'GET', `/staff/practices/${id}`)));
  const documentsOf = async (who: Payer) =>
    (dataOf<unknown[]>(await call(who, 'GET', '/invoices?sort=sequence')) ?? []).map((item) =>
      fiscalDocumentSchema.parse(item),
    );
  const refundMails = (to: string) =>
    readMailFiles(t.database.tempDir).filter((mail) => mail.kind === 'payment-refunded' && mail.to === to);
  const ctx = () => createContext({ config: testConfig(t.database, provider.env), db: t.database.db, clock });

  /** An applicant's request, paid through the provider and submitted (unassigned). */
  async function paidRequest(local: string, locale: 'en-US' | 'it-IT' = 'en-US') {
    const who = await t.applicant({ email: `${local}.${name}@example.org`, firstName: local, locale });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    await provider.pay(session.checkout_url, 'paid');
    await provider.deliver();
    const payment = paymentSchema.parse(dataOf(await call(who, 'GET', `/payments/${session.payment_id}`)));
    expect(payment.status).toBe('succeeded');
    return { who, id, payment, sessionId: await sessionIdOf(t.database, session.payment_id) };
  }
  const close = (id: number) =>
    asStaff(secretary, 'POST', `/staff/practices/${id}/transitions`, {
      action: 'close',
      reason: 'Withdrawn by the applicant before the evaluation.',
    });

  describe('of a request closed before its evaluation started', () => {
    it('gives the whole payment back once, with a credit note, an Italian mail and the audit entries', async () => {
      // The next credit note's number, refunded now: the file's other tests refund theirs and move
      // the clock on, before this one or after it, shuffled.
      const issued = await t.database.db
        .selectFrom('fiscal_documents')
        .select('id')
        .where('kind', '=', 'credit_note')
        .execute();
      const number = `2026/${String(issued.length + 1).padStart(6, '0')}`;
      const fileNumber = number.replace('/', '-');
      const now = clock.now().toISOString();
      const { who, id, payment, sessionId } = await paidRequest('lucia', 'it-IT');
      expect((await close(id)).statusCode).toBe(200);
      // The applicant's request says whether its payment was given back (issue 33): not yet.
      const ownRequest = async () => practiceSchema.parse(dataOf(await call(who, 'GET', `/practices/${id}`)));
      expect((await ownRequest()).payment_refund).toBeNull();
      const before = await workspace(id);
      expect(before.allowed_changes).toContain('refund_payment');
      expect(before.payments).toMatchObject([
        { id: payment.id, purpose: 'practice', provider: name, refund: null, amount: { total: 15_000 } },
      ]);

      const asked = await asStaff(secretary, 'POST', `/staff/practices/${id}/refund`);
      expect(asked.statusCode).toBe(200);
      expect(asked.json<{ meta: { notice: string } }>().meta.notice).toBe('refundRequested');
      const pending = staffPracticeSchema.parse(dataOf(asked));
      expect(pending.allowed_changes).not.toContain('refund_payment');
      expect(pending.payments[0]?.refund).toMatchObject({
        status: 'pending',
        reason: 'closed_before_evaluation',
      });

      // Asked again, or by an administrator at the same time: nothing more.
      const again = await asStaff(admin, 'POST', `/staff/practices/${id}/refund`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'REFUND_NOT_AVAILABLE' });

      await provider.deliver();
      const settled = await workspace(id);
      expect(settled.payments[0]?.refund).toMatchObject({
        status: 'succeeded',
        amount: { net: 12_295, vat: 2_705, total: 15_000 },
        credit_note_number: number,
        refunded_at: now,
      });
      expect(await provider.refundsOf(payment.transaction_reference ?? '', sessionId)).toBe(1);
      expect((await ownRequest()).payment_refund).toMatchObject({
        status: 'succeeded',
        reason: 'closed_before_evaluation',
        amount: { total: 15_000 },
        credit_note_number: number,
      });

      const documents = await documentsOf(who);
      const invoice = documents.find((document) => document.kind === 'invoice');
      const creditNote = documents.find((document) => document.kind === 'credit_note');
      expect(creditNote).toMatchObject({
        number,
        payment_id: payment.id,
        amount: { net: 12_295, vat: 2_705, total: 15_000 },
        provider: name,
        corrects_number: invoice?.number,
      });
      const pdf = await call(who, 'GET', `/invoices/${creditNote?.id}/pdf`);
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="nota-di-credito-credit-note-${fileNumber}.pdf"; filename*=UTF-8''nota-di-credito-credit-note-${fileNumber}.pdf`,
      );
      const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain(`Nota di credito n. ${number} / Credit note no. ${number}`);
      expect(text).toContain(`Corrects invoice no. ${invoice?.number}`);
      expect(text).toContain(
        `Refunded to the card through ${paymentProviderLabel(name)}, refund reference: ${creditNote?.transaction_reference}`,
      );

      const mails = refundMails(who.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toMatch(/^Lisbon – Rimborso di 150,00\s€$/);
      expect(mails[0]?.text).toContain('chiusa prima dell’inizio della valutazione');
      expect(mails[0]?.text).toContain(`nota di credito ${number}`);

      const audit = await auditOf(t.database, id);
      expect(audit.map((entry) => [entry.action, entry.by_user_id])).toEqual(
        expect.arrayContaining([
          ['refund_payment', secretary.id],
          ['refund_issued', null],
        ]),
      );

      // The job again (a lease taken over, a retry): the refund is settled, nothing more happens.
      expect(await settleRefund(ctx(), settled.payments[0]?.refund?.id ?? 0)).toBe('none');
      await provider.deliver();
      expect((await documentsOf(who)).filter((document) => document.kind === 'credit_note')).toHaveLength(1);
      expect(refundMails(who.email)).toHaveLength(1);
      expect(await provider.refundsOf(payment.transaction_reference ?? '', sessionId)).toBe(1);
    });

    it('is made once when the server dies between the provider’s refund and its own commit', async () => {
      const { who, id, payment, sessionId } = await paidRequest('marco');
      await close(id);
      await asStaff(secretary, 'POST', `/staff/practices/${id}/refund`);
      const refundId = (await workspace(id)).payments[0]?.refund?.id ?? 0;
      // The provider refunded under the refund's key; the portal died before it wrote anything.
      const refunded = await ctx().payments.refund({
        providerSessionId: sessionId,
        transactionReference: payment.transaction_reference,
        amountCents: 15_000,
        idempotencyKey: `lisbon-refund-${refundId}-payment-${payment.id}`,
        description: `Refund of payment ${payment.id}`,
      });
      expect(refunded.state).toBe('succeeded');
      // The job's retry finds that refund rather than making another.
      await provider.deliver();
      expect(await provider.refundsOf(payment.transaction_reference ?? '', sessionId)).toBe(1);
      expect((await workspace(id)).payments[0]?.refund?.status).toBe('succeeded');
      expect((await documentsOf(who)).filter((document) => document.kind === 'credit_note')).toHaveLength(1);
    });

    if (name !== 'sandbox')
      it('waits for a busy provider and refunds once it answers', async () => {
        const { who, id } = await paidRequest('nina');
        await close(id);
        await asStaff(secretary, 'POST', `/staff/practices/${id}/refund`);
        provider.setBusy?.(true);
        await provider.deliver();
        expect((await workspace(id)).payments[0]?.refund?.status).toBe('pending');
        provider.setBusy?.(false);
        clock.advance({ minutes: 2 });
        await provider.deliver();
        expect((await workspace(id)).payments[0]?.refund?.status).toBe('succeeded');
        expect((await documentsOf(who)).filter((document) => document.kind === 'credit_note')).toHaveLength(
          1,
        );
      });

    it('numbers credit notes in their own unbroken sequence, apart from invoices and receipts', async () => {
      // Two refunds of its own, whichever of the file's other tests ran before it.
      for (const local of ['pia', 'quirino']) {
        const { id } = await paidRequest(local);
        expect((await close(id)).statusCode).toBe(200);
        expect((await asStaff(secretary, 'POST', `/staff/practices/${id}/refund`)).statusCode).toBe(200);
        await provider.deliver();
        expect((await workspace(id)).payments[0]?.refund?.status).toBe('succeeded');
      }
      const numbers = await t.database.db
        .selectFrom('fiscal_documents')
        .select(['kind', 'sequence'])
        .where('kind', '=', 'credit_note')
        .orderBy('sequence')
        .execute();
      expect(numbers.map((row) => row.sequence)).toEqual(numbers.map((_, index) => index + 1));
      expect(numbers.length).toBeGreaterThanOrEqual(2);
    });

    it('is refused once the evaluation has started, before the request is closed, without the ability, or unpaid', async () => {
      const started = await paidRequest('olga');
      const assigned = await asStaff(secretary, 'POST', `/staff/practices/${started.id}/transitions`, {
        action: 'assign',
        evaluator_id: evaluator.id,
        reviewer_id: admin.id,
      });
      expect(assigned.statusCode).toBe(200);
      const open = await asStaff(admin, 'POST', `/staff/practices/${started.id}/refund`);
      expect(open.statusCode).toBe(409);
      expect(open.json()).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
      expect(
        (await asStaff(evaluator, 'POST', `/staff/practices/${started.id}/transitions`, { action: 'start' }))
          .statusCode,
      ).toBe(200);
      await close(started.id);
      expect((await workspace(started.id)).allowed_changes).not.toContain('refund_payment');
      const late = await asStaff(secretary, 'POST', `/staff/practices/${started.id}/refund`);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'REFUND_NOT_AVAILABLE' });

      const paid = await paidRequest('piero');
      await close(paid.id);
      expect((await asStaff(evaluator, 'POST', `/staff/practices/${paid.id}/refund`)).statusCode).toBe(403);

      const free = await practiceIn(t.database, { userId: paid.who.id, status: 'closed' });
      const unpaid = await asStaff(secretary, 'POST', `/staff/practices/${free}/refund`);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json()).toMatchObject({ code: 'REFUND_NOT_AVAILABLE' });
    });
  });

  describe('of a cancelled return delivery', () => {
    it('refunds the fee once, releases the requests for a new order, and closes the waybill', async () => {
      const rosa = await t.applicant({ email: `rosa.${name}@example.org`, firstName: 'Rosa' });
      const first = await practiceIn(t.database, { userId: rosa.id, status: 'published' });
      const second = await practiceIn(t.database, { userId: rosa.id, status: 'published' });
      for (const id of [first, second])
        expect((await asStaff(secretary, 'POST', `/staff/practices/${id}/open-to-delivery`)).statusCode).toBe(
          200,
        );
      await call(rosa, 'PUT', '/delivery/shipping', {
        recipient_name: 'Rosa Rossi',
        address: 'Via Roma 1',
        city: 'Bologna',
        zip_code: '40100',
        country: 'IT',
      });
      const started = await call(rosa, 'POST', '/delivery/checkout', {
        practice_ids: [first, second],
        billing: BILLING,
      });
      expect(started.statusCode).toBe(200);
      const session = dataOf<{ payment_id: number; checkout_url: string }>(started);
      await provider.pay(session.checkout_url, 'paid');
      await provider.deliver();
      const shipments = dataOf<{ shipments: { id: number; payment_id: number | null }[] }>(
        await call(rosa, 'GET', '/delivery'),
      ).shipments;
      const shipmentId = shipments.find((shipment) => shipment.payment_id === session.payment_id)?.id;
      expect((await workspace(second)).allowed_changes).toContain('cancel_delivery');
      expect(
        (await asStaff(evaluator, 'POST', `/staff/practices/${second}/cancel-delivery`)).statusCode,
      ).toBe(403);

      const cancelled = await asStaff(secretary, 'POST', `/staff/practices/${second}/cancel-delivery`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json<{ meta: { notice: string } }>().meta.notice).toBe('deliveryCancelled');
      expect((await asStaff(admin, 'POST', `/staff/practices/${first}/cancel-delivery`)).statusCode).toBe(
        409,
      );
      await provider.deliver();

      const view = await workspace(second);
      expect(view.payments.find((payment) => payment.purpose === 'delivery')).toMatchObject({
        id: session.payment_id,
        delivery_id: shipmentId,
        amount: { net: 2459, vat: 541, total: 3000 },
        refund: { status: 'succeeded', reason: 'delivery_cancelled' },
      });
      expect(view).toMatchObject({ delivery_paid_at: null });
      const overview = dataOf<{ deliverable: { id: number }[]; shipments: { id: number; status: string }[] }>(
        await call(rosa, 'GET', '/delivery'),
      );
      expect(overview.deliverable.map((practice) => practice.id).sort()).toEqual([first, second].sort());
      expect(overview.shipments.find((shipment) => shipment.id === shipmentId)?.status).toBe('cancelled');
      expect((await call(rosa, 'GET', `/delivery/${shipmentId}/waybill`)).statusCode).toBe(404);

      const creditNotes = (await documentsOf(rosa)).filter((document) => document.kind === 'credit_note');
      expect(creditNotes).toMatchObject([{ payment_id: session.payment_id, amount: { total: 3000 } }]);
      const [mail] = refundMails(rosa.email);
      expect(mail?.subject).toBe('Lisbon – Refund of €30.00');
      expect(mail?.text).toContain(`return delivery no. ${shipmentId}`);
      expect((await auditOf(t.database, second)).map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['cancel_delivery', 'refund_issued']),
      );
    });

    it('is refused once an original of the shipment was delivered', async () => {
      const sara = await t.applicant({ email: `sara.${name}@example.org` });
      const id = await practiceIn(t.database, { userId: sara.id, status: 'published' });
      await asStaff(secretary, 'POST', `/staff/practices/${id}/open-to-delivery`);
      await call(sara, 'PUT', '/delivery/shipping', {
        recipient_name: 'Sara',
        address: 'Via Roma 2',
        city: 'Bologna',
        zip_code: '40100',
        country: 'IT',
      });
      const session = dataOf<{ checkout_url: string }>(
        await call(sara, 'POST', '/delivery/checkout', { practice_ids: [id], billing: BILLING }),
      );
      await provider.pay(session.checkout_url, 'paid');
      await provider.deliver();
      expect((await asStaff(secretary, 'POST', `/staff/practices/${id}/delivered`)).statusCode).toBe(200);
      expect((await workspace(id)).allowed_changes).not.toContain('cancel_delivery');
      const refused = await asStaff(secretary, 'POST', `/staff/practices/${id}/cancel-delivery`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'DELIVERY_NOT_AVAILABLE' });
    });
  });
});
