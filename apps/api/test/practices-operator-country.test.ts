import { VALIDATION_EN, VALIDATION_IT } from '@lisbon/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { BILLING, callAs, checkout, dataOf, readyDraft, type Payer } from './payments';
import { FILES, multipart, PURPOSE, QUALIFICATION, REFUGEE_DOCUMENTS } from './requests';

// Decision 113: Italy, the operator's own country, is no longer a country of education system to
// choose; a draft made for it before the rule is never paid or submitted, only deleted.

let call: ReturnType<typeof callAs>;
// Tuesday 10 March 2026, 10:00 in Rome.
const clock = new ManualClock('2026-03-10T09:00:00Z');
const t = useTestApp({ clock });
beforeAll(() => {
  call = callAs(t.app);
});
// Each test in a minute of its own: the uploads of the ready drafts stay within the upload budget.
beforeEach(() => clock.advance({ minutes: 1 }));

/** The draft as the data left it from before the rule: its country written in the database (the API refuses it now). */
const fromBeforeTheRule = async (id: number) => {
  await t.database.db.updateTable('practices').set({ country: 'IT' }).where('id', '=', id).execute();
};

const refusedOnCountry = (response: { statusCode: number; json(): unknown }, message: string) => {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { country: [message] } });
};

const paymentsOf = (practiceId: number) =>
  t.database.db.selectFrom('payments').select('id').where('practice_id', '=', practiceId).execute();

const submissionsCount = async () =>
  (
    await t.database.db
      .selectFrom('practice_status_history')
      .select('id')
      .where('to_status', '=', 'unassigned')
      .execute()
  ).length;

/** A refugee's complete draft (free: submitted without paying), FR higher education. */
async function freeDraft(who: Payer): Promise<number> {
  const { id } = dataOf<{ id: number }>(
    await call(who, 'POST', '/practices', { country: 'FR', level: 'higher', replace_draft: true }),
  );
  await call(who, 'PATCH', `/practices/${id}/purpose`, PURPOSE);
  await call(who, 'PATCH', `/practices/${id}/qualification`, QUALIFICATION);
  for (const type of REFUGEE_DOCUMENTS) {
    const body = multipart({ type, practice_id: id }, { name: `${type}.pdf`, content: FILES.pdf });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      remoteAddress: who.address,
      headers: { authorization: `Bearer ${who.token}`, ...body.headers },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
  }
  return id;
}

describe('a draft for the operator’s own country, from before decision 113', () => {
  it('is neither paid nor submitted: checkout and submit answer 422 on `country`, and nothing moves', async () => {
    const ada = await t.applicant();
    const id = await readyDraft(t.app, ada);
    await fromBeforeTheRule(id);
    const before = dataOf(await call(ada, 'GET', `/practices/${id}`));

    refusedOnCountry(
      await call(ada, 'POST', `/practices/${id}/checkout`, { billing: BILLING }),
      VALIDATION_EN.educationSystemNotForeign,
    );
    // Not 409 PAYMENT_REQUIRED, which would send the applicant to pay.
    refusedOnCountry(
      await call(ada, 'POST', `/practices/${id}/submit`),
      VALIDATION_EN.educationSystemNotForeign,
    );
    // Nor back into the review step once left.
    refusedOnCountry(
      await call(ada, 'POST', `/practices/${id}/review`),
      VALIDATION_EN.educationSystemNotForeign,
    );

    expect(await paymentsOf(id)).toEqual([]);
    // The billing information given at the refused checkout is not kept either.
    expect(dataOf(await call(ada, 'GET', `/users/${ada.id}/billing`))).toBeNull();
    const after = dataOf(await call(ada, 'GET', `/practices/${id}`));
    expect(after).toEqual(before);
    expect(after).toMatchObject({
      status: 'draft',
      country: 'IT',
      wizard_step: 'review',
      requested_at: null,
    });
    expect(dataOf<{ id: number }>(await call(ada, 'GET', '/practices/draft')).id).toBe(id);

    // The applicant may still delete it, and start a new request for a foreign country.
    expect((await call(ada, 'DELETE', `/practices/${id}`)).statusCode).toBe(204);
    expect((await call(ada, 'GET', `/practices/${id}`)).statusCode).toBe(404);
    expect((await call(ada, 'POST', '/practices', { country: 'FR', level: 'higher' })).statusCode).toBe(201);
  });

  it('does not reuse a checkout opened before: the open session is not handed out again', async () => {
    const bea = await t.applicant();
    const id = await readyDraft(t.app, bea);
    await checkout(t.app, bea, id);
    await fromBeforeTheRule(id);
    refusedOnCountry(
      await call(bea, 'POST', `/practices/${id}/checkout`, { billing: BILLING }),
      VALIDATION_EN.educationSystemNotForeign,
    );
    expect(dataOf(await call(bea, 'GET', `/practices/${id}`))).toMatchObject({ status: 'draft' });
  });

  it('is not submitted for free either (a refugee’s request), and takes no slot of the day', async () => {
    const cleo = await t.applicant({ category: 'refugee', locale: 'it-IT' });
    const id = await freeDraft(cleo);
    await fromBeforeTheRule(id);
    const submitted = await submissionsCount();
    const slots = await t.database.db.selectFrom('daily_submissions').selectAll().execute();
    const before = dataOf(await call(cleo, 'GET', `/practices/${id}`));

    refusedOnCountry(
      await call(cleo, 'POST', `/practices/${id}/submit`, undefined, { 'accept-language': 'it-IT' }),
      VALIDATION_IT.educationSystemNotForeign,
    );
    expect(await submissionsCount()).toBe(submitted);
    expect(await t.database.db.selectFrom('daily_submissions').selectAll().execute()).toEqual(slots);
    expect(dataOf(await call(cleo, 'GET', `/practices/${id}`))).toEqual(before);
    expect((await call(cleo, 'DELETE', `/practices/${id}`)).statusCode).toBe(204);
  });

  it('leaves a request already submitted for it alone', async () => {
    const dan = await t.applicant({ category: 'refugee' });
    const id = await freeDraft(dan);
    expect((await call(dan, 'POST', `/practices/${id}/submit`)).statusCode).toBe(200);
    await fromBeforeTheRule(id);
    expect(dataOf(await call(dan, 'GET', `/practices/${id}`))).toMatchObject({
      status: 'unassigned',
      country: 'IT',
    });
  });
});
