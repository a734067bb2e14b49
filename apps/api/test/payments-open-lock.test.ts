import {
  API_PREFIX,
  dashboardSchema,
  fiscalDocumentSchema,
  paymentSchema,
  practiceSchema,
  staffPracticeSchema,
} from '@lisbon/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteDraftWithDocuments } from '../src/modules/documents/service';
import { ManualClock } from '../src/platform/clock';
import { bearer } from './identity';
import { createTestWorker, isPostgresRun, useTestApp } from './helper';
import { holdRow } from './locks';
import { logLines } from './log-lines';
import { readMailFiles } from './mail';
import {
  callAs,
  checkout,
  dataOf,
  readyDraft,
  sessionIdOf,
  STANDARD_DOCUMENTS,
  type Payer,
} from './payments';
import { startProvider, type ProviderHarness } from './providers';
import { FILES, multipart, PURPOSE, QUALIFICATION } from './requests';
import type { StaffMember } from './staff';

/**
 * A draft whose checkout is open (decision 020): the applicant cannot change, replace or delete it,
 * nor its documents, until the provider's session is over (409 PAYMENT_OPEN, naming the wait); a
 * payment that succeeds all the same for a request it can no longer submit (deleted, incomplete)
 * submits nothing and is invoiced and refunded whole, with its credit note, exactly once.
 */
describe('a draft with an open payment', () => {
  let call: ReturnType<typeof callAs>;
  let provider: ProviderHarness;
  // Tuesday 10 March 2026, 10:00 in Rome.
  const clock = new ManualClock('2026-03-10T09:00:00Z');

  beforeAll(async () => {
    provider = await startProvider('sandbox', clock);
    t.onClose(() => provider.close());
  });
  const t = useTestApp({ clock, env: () => provider.env });
  let secretary: StaffMember;
  beforeAll(async () => {
    call = callAs(t.app);
    provider.attach(t.app, t.database);
    secretary = await t.staff('secretary');
  });

  const practice = async (who: Payer, id: number) =>
    practiceSchema.parse(dataOf(await call(who, 'GET', `/practices/${id}`)));
  const payment = async (who: Payer, id: number) =>
    paymentSchema.parse(dataOf(await call(who, 'GET', `/payments/${id}`)));
  const fiscalDocuments = async (who: Payer) =>
    (dataOf<unknown[]>(await call(who, 'GET', '/invoices?sort=sequence')) ?? []).map((item) =>
      fiscalDocumentSchema.parse(item),
    );
  const mailsOf = (to: string, kind: string) =>
    readMailFiles(t.database.tempDir).filter((mail) => mail.kind === kind && mail.to === to);
  const upload = (
    who: Payer,
    fields: Record<string, string | number>,
    method: 'POST' | 'PUT' = 'POST',
    url = '/documents',
  ) => {
    const body = multipart(fields, { name: 'diploma.pdf', content: FILES.pdf });
    return t.app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      remoteAddress: who.address,
      headers: { ...bearer(who.token), ...body.headers },
      payload: body.payload,
    });
  };
  const refundsOf = (paymentId: number) =>
    t.database.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();
  const asStaff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      headers: bearer(secretary.token),
      ...(payload ? { payload } : {}),
    });
  /** The refunds the provider refused, as the dashboard of who handles payments lists them. */
  const failedRefundsOnDashboard = async () =>
    dashboardSchema.parse(dataOf(await asStaff('GET', '/staff/dashboard'))).refunds_failed;
  /** A settled payment made as if taken through another provider: its refund fails (made there, by hand). */
  const takenElsewhere = (paymentId: number) =>
    t.database.db.updateTable('payments').set({ provider: 'nexi' }).where('id', '=', paymentId).execute();

  it('refuses every change of the draft and its documents until the payment ends, then submits it whole', async () => {
    const who = await t.applicant({ email: 'ada.lock@example.org', firstName: 'Ada' });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    const before = await practice(who, id);
    expect(before.documents).toHaveLength(STANDARD_DOCUMENTS.length);

    const refusals = [
      ...(await Promise.all(
        before.documents.map((document) => call(who, 'DELETE', `/documents/${document.id}`)),
      )),
      await call(who, 'PATCH', `/practices/${id}/purpose`, {
        ...PURPOSE,
        purpose: 'other',
        purpose_other: 'x',
      }),
      await call(who, 'PATCH', `/practices/${id}/qualification`, QUALIFICATION),
      await call(who, 'POST', `/practices/${id}/review`),
      await call(who, 'DELETE', `/practices/${id}`),
      await call(who, 'POST', '/practices', {
        country: 'FR',
        level: 'higher',
        is_urgent: false,
        replace_draft: true,
      }),
      await upload(who, { type: 'additional', additional_type: 'Other', practice_id: id }),
      await upload(who, {}, 'PUT', `/documents/${before.documents[0]?.id ?? 0}`),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PAYMENT_OPEN',
        message:
          'A payment for this request is in progress: wait for it to finish before changing the request. If you are not paying, you can change it again once its payment page closes, within 30 min.',
      });
    }
    const italian = await call(who, 'DELETE', `/practices/${id}`, undefined, { 'accept-language': 'it-IT' });
    expect(italian.json<{ message: string }>().message).toContain(
      'È in corso un pagamento per questa richiesta',
    );

    // Nothing changed: paying submits the request as it was checked at checkout.
    await provider.pay(session.checkout_url, 'paid');
    await provider.deliver();
    expect((await payment(who, session.payment_id)).status).toBe('succeeded');
    const after = await practice(who, id);
    expect(after.status).toBe('unassigned');
    expect(after.documents).toHaveLength(STANDARD_DOCUMENTS.length);
    expect(after.missing_documents).toEqual([]);
    expect(await refundsOf(session.payment_id)).toEqual([]);
  });

  /**
   * PostgreSQL: a second connection keeps payments from being written (a table lock) until its
   * release, so a checkout stops inside its transaction, once it holds the request.
   */
  const holdPayments = () => holdRow(t, (trx) => sql`lock table payments in share mode`.execute(trx));

  it('makes a change of the draft wait for a checkout writing its payment, then refuses it', async () => {
    type Answer = Awaited<ReturnType<typeof call>>;
    // Each change, made ready before the checkout: what it sends.
    const changes: Record<string, (who: Payer, id: number) => Promise<() => PromiseLike<Answer>>> = {
      step: async (who, id) => () =>
        call(who, 'PATCH', `/practices/${id}/purpose`, { ...PURPOSE, purpose: 'other', purpose_other: 'x' }),
      deletion: async (who, id) => {
        const [first] = (await practice(who, id)).documents;
        return () => call(who, 'DELETE', `/documents/${first?.id ?? 0}`);
      },
      upload: async (who, id) => () =>
        upload(who, { type: 'additional', additional_type: 'Other', practice_id: id }),
    };
    for (const [name, prepare] of Object.entries(changes)) {
      const who = await t.applicant({ email: `gus.${name}.lock@example.org`, firstName: 'Gus' });
      const id = await readyDraft(t.app, who);
      const before = await practice(who, id);
      const send = await prepare(who, id);
      let changed: Answer;
      if (isPostgresRun) {
        // The checkout holds the request, then waits to write its payment; the change comes then.
        const hold = await holdPayments();
        const paying = checkout(t.app, who, id);
        await hold.waiters(1);
        let isAnswered = false;
        const changing = Promise.resolve(send()).then((response) => {
          isAnswered = true;
          return response;
        });
        await Promise.race([changing, hold.waiters(2, () => isAnswered)]);
        const waitedForCheckout = !isAnswered;
        await hold.release();
        await paying;
        changed = await changing;
        expect(waitedForCheckout, name).toBe(true);
      } else {
        // SQLite: one writer, so the checkout's transaction and the change's follow one another.
        await checkout(t.app, who, id);
        changed = await send();
      }
      expect(changed.statusCode, name).toBe(409);
      expect(changed.json(), name).toMatchObject({ code: 'PAYMENT_OPEN' });
      // The draft is as the checkout read it: what its payment will submit.
      const after = await practice(who, id);
      expect(after.purpose, name).toEqual(before.purpose);
      expect(
        after.documents.map((document) => document.id),
        name,
      ).toEqual(before.documents.map((document) => document.id));
    }
  });

  it('refunds, with its credit note and exactly once, a payment whose request was deleted meanwhile', async () => {
    const who = await t.applicant({ email: 'bob.lock@example.org', firstName: 'Bob' });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    await provider.pay(session.checkout_url, 'paid');
    // The request goes before the payment settles (a race, or a draft of before the lock).
    await t.database.db.transaction().execute(async (trx) => {
      await deleteDraftWithDocuments(trx, id);
    });

    await provider.deliver(); // the webhook: succeeded, invoiced, refund asked
    const paid = await payment(who, session.payment_id);
    expect(paid).toMatchObject({ status: 'succeeded', practice_id: null });
    await provider.deliver(); // the refund job
    const [refund, ...more] = await refundsOf(session.payment_id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      reason: 'not_submitted',
      status: 'succeeded',
      practice_id: null,
      requested_by: null,
      amount_total: paid.amount.total,
    });

    // The books: an invoice and a receipt for the money taken, a credit note for the money given back.
    const documents = await fiscalDocuments(who);
    expect(documents.map((document) => document.kind).sort()).toEqual(['credit_note', 'invoice', 'receipt']);
    const invoice = documents.find((document) => document.kind === 'invoice');
    const creditNote = documents.find((document) => document.kind === 'credit_note');
    expect(creditNote?.amount).toEqual(invoice?.amount);
    expect(creditNote?.amount.total).toBe(15_000);
    expect(
      await provider.refundsOf(paid.transaction_reference ?? '', await sessionIdOf(t.database, paid.id)),
    ).toBe(1);
    expect(mailsOf(who.email, 'payment-successful')).toEqual([]);
    const [mail] = mailsOf(who.email, 'payment-refunded');
    expect(mail?.text).toContain('after the request it was for had been deleted');

    // Asked again (the job, the webhook redelivered): nothing more.
    await provider.deliver();
    expect(await refundsOf(session.payment_id)).toHaveLength(1);
    expect(await fiscalDocuments(who)).toHaveLength(3);
    expect(mailsOf(who.email, 'payment-refunded')).toHaveLength(1);
  });

  it('logs a warning naming the ids when the refund of a deleted request’s payment fails', async () => {
    const who = await t.applicant({ email: 'finn.lock@example.org', firstName: 'Finn' });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    await provider.pay(session.checkout_url, 'paid');
    await t.database.db.transaction().execute(async (trx) => {
      await deleteDraftWithDocuments(trx, id);
    });
    // The return page asks the provider: succeeded, invoiced, refund asked (its job not run yet).
    expect((await payment(who, session.payment_id)).status).toBe('succeeded');
    // Taken through another provider than this instance's: refunded there, by hand.
    await t.database.db
      .updateTable('payments')
      .set({ provider: 'nexi' })
      .where('id', '=', session.payment_id)
      .execute();
    const log = logLines<{ level: number; msg: string; refundId?: number; paymentId?: number }>();
    const worker = createTestWorker(t.database, {
      clock,
      env: { ...provider.env, LOG_LEVEL: 'info' },
      logTo: log.stream,
    });
    await worker.drainOnce();

    const [refund] = await refundsOf(session.payment_id);
    expect(refund).toMatchObject({ status: 'failed', practice_id: null, reason: 'not_submitted' });
    const warnings = log.entries().filter((entry) => entry.level === 40 && entry.msg.startsWith('refund'));
    expect(warnings).toMatchObject([
      {
        msg: 'refund failed: give the payment back by hand (the refund row says why)',
        refundId: refund?.id,
        paymentId: session.payment_id,
        practiceId: null,
        reason: 'not_submitted',
      },
    ]);
    expect(log.lines.join('\n')).not.toContain(who.email);

    // Staff who handle payments see it, with no request to open: it was deleted.
    const { refunds } = await failedRefundsOnDashboard();
    expect(refunds.find((listed) => listed.payment_id === session.payment_id)).toEqual({
      id: refund?.id,
      payment_id: session.payment_id,
      reason: 'not_submitted',
      amount_total: 15_000,
      provider: 'nexi',
      transaction_reference: expect.any(String),
      failure_reason: 'paid through nexi: refund it there',
      failed_at: clock.now().toISOString(),
      practice_id: null,
    });
  });

  it('lists on the dashboard each refund the provider refused, naming the request only when staff can open it', async () => {
    // A request that lost a document before its payment settled: refunded, and still a draft,
    // which staff never see (decision 084).
    const hal = await t.applicant({ email: 'hal.lock@example.org', firstName: 'Hal' });
    const draftId = await readyDraft(t.app, hal);
    const unsubmitted = await checkout(t.app, hal, draftId);
    await provider.pay(unsubmitted.checkout_url, 'paid');
    await t.database.db
      .deleteFrom('documents')
      .where('practice_id', '=', draftId)
      .where('type', '=', 'diploma')
      .execute();
    expect((await payment(hal, unsubmitted.payment_id)).status).toBe('succeeded');
    await takenElsewhere(unsubmitted.payment_id);
    await provider.deliver(); // the refund job: refused
    expect((await practice(hal, draftId)).status).toBe('draft');

    // A submitted request closed before its evaluation, whose refund the secretary asked.
    const ivy = await t.applicant({ email: 'ivy.lock@example.org', firstName: 'Ivy' });
    const submittedId = await readyDraft(t.app, ivy);
    const paid = await checkout(t.app, ivy, submittedId);
    await provider.pay(paid.checkout_url, 'paid');
    await provider.deliver();
    expect((await practice(ivy, submittedId)).status).toBe('unassigned');
    const closed = await asStaff('POST', `/staff/practices/${submittedId}/transitions`, {
      action: 'close',
      reason: 'Withdrawn by the applicant before the evaluation.',
    });
    expect(closed.statusCode).toBe(200);
    await takenElsewhere(paid.payment_id);
    expect((await asStaff('POST', `/staff/practices/${submittedId}/refund`)).statusCode).toBe(200);
    await provider.deliver();
    const workspace = staffPracticeSchema.parse(
      dataOf(await asStaff('GET', `/staff/practices/${submittedId}`)),
    );
    expect(workspace.payments[0]?.refund?.status).toBe('failed');

    const listed = await failedRefundsOnDashboard();
    const failedRows = await t.database.db
      .selectFrom('refunds')
      .select('id')
      .where('status', '=', 'failed')
      .execute();
    expect(listed.count).toBe(failedRows.length);
    const ours = listed.refunds.filter((refund) =>
      [unsubmitted.payment_id, paid.payment_id].includes(refund.payment_id),
    );
    // Newest first: the secretary's refund came after the settlement's.
    expect(ours).toMatchObject([
      {
        payment_id: paid.payment_id,
        reason: 'closed_before_evaluation',
        failure_reason: 'paid through nexi: refund it there',
        practice_id: submittedId,
      },
      { payment_id: unsubmitted.payment_id, reason: 'not_submitted', practice_id: null },
    ]);
  });

  it('does not submit a request that lost a document before its payment settled: refunded, and payable again', async () => {
    const who = await t.applicant({ email: 'cleo.lock@example.org', firstName: 'Cleo', locale: 'it-IT' });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    await provider.pay(session.checkout_url, 'paid');
    const diploma = (await practice(who, id)).documents.find((document) => document.type === 'diploma');
    await t.database.db
      .deleteFrom('documents')
      .where('id', '=', diploma?.id ?? 0)
      .execute();

    await provider.deliver();
    await provider.deliver();
    expect((await payment(who, session.payment_id)).status).toBe('succeeded');
    const draft = await practice(who, id);
    expect(draft.status).toBe('draft');
    expect(draft.missing_documents).toEqual(['diploma']);
    expect(await refundsOf(session.payment_id)).toMatchObject([
      { reason: 'not_submitted', status: 'succeeded', practice_id: id },
    ]);
    expect((await fiscalDocuments(who)).map((document) => document.kind).sort()).toEqual([
      'credit_note',
      'invoice',
      'receipt',
    ]);
    expect(mailsOf(who.email, 'payment-refunded')[0]?.text).toContain(
      `la richiesta n. ${id} non poteva più essere inviata con quel pagamento (era stata modificata o era già stata pagata)`,
    );

    // The applicant completes it again and pays: submitted, on a payment of its own.
    expect((await upload(who, { type: 'diploma', practice_id: id })).statusCode).toBe(201);
    const again = await checkout(t.app, who, id);
    expect(again.payment_id).not.toBe(session.payment_id);
    await provider.pay(again.checkout_url, 'paid');
    await provider.deliver();
    const submitted = await practice(who, id);
    expect(submitted.status).toBe('unassigned');
    // The request's own payment is not the refunded one.
    expect(submitted.payment_refund).toBeNull();
    expect(await refundsOf(again.payment_id)).toEqual([]);
  });

  it('submits nothing for an account deleted before its payment settled: refunded, and mailed to nobody', async () => {
    const who = await t.applicant({ email: 'eva.lock@example.org', firstName: 'Eva' });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    await provider.pay(session.checkout_url, 'paid');
    // Deleting the account is not refused by the open checkout (decision 052 keeps no one's data
    // against their wish): the draft goes with its documents, and the payment that arrives
    // afterwards finds its request gone and is given back.
    expect((await call(who, 'DELETE', `/users/${who.id}`, { email: who.email })).statusCode).toBe(204);
    const left = await t.database.db.selectFrom('practices').select('id').where('id', '=', id).execute();
    expect(left).toEqual([]);

    await provider.deliver(); // the webhook: succeeded, invoiced, refund asked
    await provider.deliver(); // the refund job
    const paid = await t.database.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', session.payment_id)
      .executeTakeFirstOrThrow();
    expect(paid.status).toBe('succeeded');
    expect(await refundsOf(session.payment_id)).toMatchObject([
      { reason: 'not_submitted', status: 'succeeded', practice_id: null, requested_by: null },
    ]);
    // No mail to the address erased by the deletion, nor to its anonymised stand-in.
    const after = readMailFiles(t.database.tempDir).filter((mail) =>
      ['payment-successful', 'payment-refunded', 'request-received'].includes(mail.kind),
    );
    expect(after.filter((mail) => mail.to === who.email || mail.to.endsWith('@deleted.invalid'))).toEqual([]);
  });

  /**
   * On PostgreSQL, the deletion's transaction as DELETE /users runs it (the account's row first, then
   * the draft goes, which unnames the request on the payment's row: on delete set null) holds the
   * account's row while the webhook settles the payment, which must wait for that row.
   */
  async function settleWhileDeleting(userId: number, id: number): Promise<void> {
    const deleting = await holdRow(t, { userId }, (trx) => deleteDraftWithDocuments(trx, id));
    const settling = provider.deliver(); // the webhook, which waits for the account's row
    await deleting.waiters(1);
    // Had the settlement held the payment's row before the account's, each would wait for the
    // other, and PostgreSQL would end one of them.
    await deleting.release();
    await settling;
  }

  it('lets a payment settling while the account is deleted wait for the deletion, then refunds it (no deadlock)', async () => {
    const who = await t.applicant({ email: 'ida.lock@example.org', firstName: 'Ida' });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    await provider.pay(session.checkout_url, 'paid');
    if (!isPostgresRun) {
      // SQLite has one writer: the deletion, then the settlement, with the same outcome.
      await t.database.db.transaction().execute((trx) => deleteDraftWithDocuments(trx, id));
      await provider.deliver();
    } else {
      await settleWhileDeleting(who.id, id);
    }
    // Settled by the webhook itself (read from the table: the API's read would ask the provider again).
    const settled = await t.database.db
      .selectFrom('payments')
      .select(['status', 'practice_id'])
      .where('id', '=', session.payment_id)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'succeeded', practice_id: null });
    expect(await refundsOf(session.payment_id)).toMatchObject([
      { reason: 'not_submitted', practice_id: null },
    ]);
  });

  it('lets the draft be changed again once the payment page has closed unpaid', async () => {
    const who = await t.applicant({ email: 'dan.lock@example.org', firstName: 'Dan' });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    // The documents page offers no Replace nor Delete while the lock holds, and says until when.
    const documentsOf = async () =>
      dataOf<{
        practices: {
          is_editable: boolean;
          payment_open_until: string | null;
          payment_open_seconds_left?: number | null;
        }[];
      }>(await call(who, 'GET', `/documents?practice_id=${id}`)).practices[0];
    const isEditable = async () => (await documentsOf())?.is_editable;
    expect(await isEditable()).toBe(false);
    const lockedUntil = (await documentsOf())?.payment_open_until;
    expect(lockedUntil && Date.parse(lockedUntil)).toBe(Date.parse(session.expires_at));
    // How long that is, on the server's clock: the page counts its minutes from it, not the browser's clock.
    expect((await documentsOf())?.payment_open_seconds_left).toBe(
      (Date.parse(session.expires_at) - clock.now().getTime()) / 1000,
    );
    // The payment says when its page closes, for the page the payer comes back to.
    expect((await payment(who, session.payment_id)).expires_at).toBe(session.expires_at);
    clock.advance({ minutes: 20 });
    const waiting = await call(who, 'PATCH', `/practices/${id}/purpose`, PURPOSE);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json<{ message: string }>().message).toContain('within 10 min.');

    clock.advance({ minutes: 10 });
    expect(await documentsOf()).toMatchObject({
      is_editable: true,
      payment_open_until: null,
      payment_open_seconds_left: null,
    });
    expect((await call(who, 'PATCH', `/practices/${id}/purpose`, PURPOSE)).statusCode).toBe(200);
    // The expired session is closed by the payments job; it cannot be paid any more.
    await provider.deliver();
    expect(await payment(who, session.payment_id)).toMatchObject({ status: 'expired', expires_at: null });
    expect((await call(who, 'DELETE', `/practices/${id}`)).statusCode).toBe(204);
  });
});
