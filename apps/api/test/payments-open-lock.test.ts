import { API_PREFIX, paymentSchema, practiceSchema } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { bearer } from './identity';
import { useTestApp } from './helper';
import { callAs, checkout, dataOf, readyDraft, STANDARD_DOCUMENTS, type Payer } from './payments';
import { startProvider, type ProviderHarness } from './providers';
import { FILES, multipart, PURPOSE, QUALIFICATION } from './requests';

/**
 * A draft whose checkout is open (decision 020): the applicant cannot change, replace or delete it,
 * nor its documents, until the provider's session is over (409 PAYMENT_OPEN, naming the wait).
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
  beforeAll(() => {
    call = callAs(t.app);
    provider.attach(t.app, t.database);
  });

  const practice = async (who: Payer, id: number) =>
    practiceSchema.parse(dataOf(await call(who, 'GET', `/practices/${id}`)));
  const payment = async (who: Payer, id: number) =>
    paymentSchema.parse(dataOf(await call(who, 'GET', `/payments/${id}`)));
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

  it('lets the draft be changed again once the payment page has closed unpaid', async () => {
    const who = await t.applicant({ email: 'dan.lock@example.org', firstName: 'Dan' });
    const id = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, id);
    clock.advance({ minutes: 20 });
    const waiting = await call(who, 'PATCH', `/practices/${id}/purpose`, PURPOSE);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json<{ message: string }>().message).toContain('within 10 min.');

    clock.advance({ minutes: 10 });
    expect((await call(who, 'PATCH', `/practices/${id}/purpose`, PURPOSE)).statusCode).toBe(200);
    // The expired session is closed by the payments job; it cannot be paid any more.
    await provider.deliver();
    expect((await payment(who, session.payment_id)).status).toBe('expired');
    expect((await call(who, 'DELETE', `/practices/${id}`)).statusCode).toBe(204);
  });
});
