import { join } from 'node:path';
import { calendarDayOf, userSchema } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { MAX_FIELDS_IN_ERRORS } from '../src/platform/http/error-handler';
import { useTestApp } from './helper';
import { bearer, createUser, login } from './identity';
import { race } from './locks';
import { readMailFiles } from './mail';
import { FILES, storedFiles, upload } from './requests';

const clock = new ManualClock();
let alice: { id: number; token: string };
let bob: { id: number; token: string };
const t = useTestApp({ clock });
/** An Italian-speaking account and a session of it. */
const session = async (email: string) => {
  const id = await createUser(t.database, clock, { email, locale: 'it-IT' });
  return { id, token: (await login(t.app, email)).token };
};
beforeAll(async () => {
  alice = await session('alice@example.org');
  bob = await session('bob@example.org');
});

type Method = 'GET' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const dataOf = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;

describe('GET and PATCH /users/{id}', () => {
  it('shows the user their own record', async () => {
    const response = await call('GET', `/users/${alice.id}`, alice.token);
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(dataOf(response))).toMatchObject({ id: alice.id, email: 'alice@example.org' });
  });

  it('completes the account, normalising phone and tax ID, and asks to confirm an omocodic tax ID', async () => {
    const details = {
      middle_name: 'Maria',
      phone: '+39 06 1234 5678',
      gender: 'female',
      birth_country: 'it',
      residence_country: 'IT',
      city: 'Roma',
      tax_id: 'rssmra85t10a562s',
      marketing_consent: true,
    };
    const response = await call('PATCH', `/users/${alice.id}`, alice.token, details);
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toMatchObject({
      middle_name: 'Maria',
      phone: '+390612345678',
      birth_country: 'IT',
      tax_id: 'RSSMRA85T10A562S',
      marketing_consent: true,
      tax_id_omocodia_confirmed: false,
    });
    const omocodic = await call('PATCH', `/users/${alice.id}`, alice.token, { tax_id: 'RSSMRA85T10A56NH' });
    expect(omocodic.json()).toMatchObject({ errors: { tax_id: [expect.stringMatching(/omocodia/)] } });
    const confirmed = await call('PATCH', `/users/${alice.id}`, alice.token, {
      tax_id: 'RSSMRA85T10A56NH',
      tax_id_omocodia_confirmed: true,
    });
    expect(dataOf(confirmed)).toMatchObject({ tax_id: 'RSSMRA85T10A56NH', tax_id_omocodia_confirmed: true });
  });

  it('keeps the 11-digit numeric tax ID (a provisional code) as billing takes it; a wrong check digit is a 422 on the field', async () => {
    const email = 'nadia.provisional@example.org';
    const id = await createUser(t.database, clock, { email });
    const { token } = await login(t.app, email);
    const wrong = await call('PATCH', `/users/${id}`, token, { tax_id: '00488410011' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { tax_id: [expect.any(String)] } });
    const saved = await call('PATCH', `/users/${id}`, token, { tax_id: '004 884 100 10' });
    expect(saved.statusCode).toBe(200);
    expect(dataOf(saved)).toMatchObject({ tax_id: '00488410010', tax_id_omocodia_confirmed: false });
    expect(dataOf(await call('GET', `/users/${id}`, token))).toMatchObject({ tax_id: '00488410010' });
  });

  it('reads a phone number without its country code in the country of residence, kept in E.164; else 422', async () => {
    const email = 'nora.phone@example.org';
    const id = await createUser(t.database, clock, { email });
    const { token } = await login(t.app, email);
    const patch = (details: object, language = 'en-US') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}`,
        headers: { ...bearer(token), 'accept-language': language },
        payload: details,
      });

    // With the country of residence, as the account form sends them.
    const given = await patch({ residence_country: 'IT', phone: '333 1234567' });
    expect(given.statusCode).toBe(200);
    expect(dataOf(given)).toMatchObject({ residence_country: 'IT', phone: '+393331234567' });
    // The phone alone: read in the account's country of residence.
    const alone = await patch({ phone: '06 1234 5678' });
    expect(alone.statusCode).toBe(200);
    expect(dataOf(alone)).toMatchObject({ phone: '+390612345678' });
    // With its country code, whatever the country of residence.
    expect(dataOf(await patch({ phone: '+33 1 23 45 67 89' }))).toMatchObject({ phone: '+33123456789' });

    // Not a number of the country, or no country to read it in: the field's message, nothing kept.
    for (const [details, language, message] of [
      [{ phone: '12' }, 'en-US', 'Phone number not valid (add country code)'],
      [
        { phone: '333 1234567', residence_country: null },
        'it-IT',
        'Numero di telefono non valido (aggiungi il prefisso internazionale)',
      ],
    ] as const) {
      const refused = await patch(details, language);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { phone: [message] } });
    }
    await t.database.db.updateTable('users').set({ residence_country: null }).where('id', '=', id).execute();
    const withoutCountry = await patch({ phone: '333 1234567' }, 'it-IT');
    expect(withoutCountry.statusCode).toBe(422);
    expect(withoutCountry.json()).toMatchObject({
      errors: { phone: ['Numero di telefono non valido (aggiungi il prefisso internazionale)'] },
    });
    expect(dataOf(await call('GET', `/users/${id}`, token))).toMatchObject({ phone: '+33123456789' });
  });

  it('never changes the email', async () => {
    const response = await call('PATCH', `/users/${alice.id}`, alice.token, { email: 'other@example.org' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { email: ['This field is not accepted'] } });
    expect(dataOf(await call('GET', `/users/${alice.id}`, alice.token))).toMatchObject({
      email: 'alice@example.org',
    });
  });

  it('says only "Date not valid" of a birth date that is not a day, or before 1900, and keeps the old one', async () => {
    const before = dataOf(await call('GET', `/users/${alice.id}`, alice.token)) as { birth_date: unknown };
    for (const birth_date of ['0000-01-01', '1899-12-31', '1990-02-30']) {
      const response = await call('PATCH', `/users/${alice.id}`, alice.token, { birth_date });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { birth_date: ['Date not valid'] } });
    }
    expect(dataOf(await call('GET', `/users/${alice.id}`, alice.token))).toMatchObject({
      birth_date: before.birth_date,
    });
  });

  it('takes the birth date of someone 18 on the API’s clock, not on the real date, and refuses a minor’s (422)', async () => {
    const before = dataOf(await call('GET', `/users/${alice.id}`, alice.token)) as { birth_date: unknown };
    // 15 January 2026 in Rome on the API's clock: born on 16 January 2008, 18 only the next day
    // (and for real, since then).
    expect(calendarDayOf(clock.now())).toBe('2026-01-15');
    const minor = await call('PATCH', `/users/${alice.id}`, alice.token, { birth_date: '2008-01-16' });
    expect(minor.statusCode).toBe(422);
    expect(minor.json()).toMatchObject({
      errors: { birth_date: ['Services are restricted to adults: you must be at least 18 years old.'] },
    });
    const adult = await call('PATCH', `/users/${alice.id}`, alice.token, { birth_date: '2008-01-15' });
    expect(adult.statusCode).toBe(200);
    expect(dataOf(adult)).toMatchObject({ birth_date: '2008-01-15' });
    await call('PATCH', `/users/${alice.id}`, alice.token, { birth_date: before.birth_date });
  });
});

describe('the names and birth date a statement will state', () => {
  it('are kept while a request is being evaluated, other details not; free once its statement is issued or it is closed', async () => {
    const email = 'dario@example.org';
    const id = await createUser(t.database, clock, { email });
    const { token } = await login(t.app, email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/practices',
      headers: bearer(token),
      payload: { country: 'FR', level: 'higher', replace_draft: false },
    });
    const practiceId = created.json<{ data: { id: number } }>().data.id;
    const setRequest = (patch: { status: string; published_at?: string | null }) =>
      t.database.db.updateTable('practices').set(patch).where('id', '=', practiceId).execute();
    const rename = (details: object) => call('PATCH', `/users/${id}`, token, details);
    const held =
      'Your names and birth date cannot be changed while a request of yours is being evaluated: once its statement is issued, correct them here and ask for an amendment';

    // A draft holds nothing yet.
    expect((await rename({ first_name: 'Dario', birth_date: '1990-04-01' })).statusCode).toBe(200);

    for (const status of ['unassigned', 'ready_for_issue', 'pending_student_reply', 'appeal_in_review']) {
      await setRequest({ status });
      const refused = await rename({ first_name: 'Robert', last_name: 'Smith', birth_date: '1980-02-02' });
      expect(refused.statusCode, status).toBe(422);
      expect(refused.json(), status).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { first_name: [held], last_name: [held], birth_date: [held] },
      });
    }
    const account = await call('GET', `/users/${id}`, token);
    expect(dataOf(account)).toMatchObject({ first_name: 'Dario', birth_date: '1990-04-01' });
    // The same names sent again, as the account form does, and any other detail: taken.
    const unchanged = await rename({ first_name: 'Dario', birth_date: '1990-04-01', city: 'Torino' });
    expect(unchanged.statusCode).toBe(200);
    expect(dataOf(unchanged)).toMatchObject({ city: 'Torino' });

    // Its statement issued: the names are the applicant's to correct, then an amendment's to evaluate.
    await setRequest({ status: 'published', published_at: clock.now().toISOString() });
    expect((await rename({ middle_name: 'Maria' })).statusCode).toBe(200);
    await setRequest({ status: 'appeal_requested' });
    expect((await rename({ middle_name: 'Anna' })).statusCode).toBe(422);
    await setRequest({ status: 'closed' });
    expect((await rename({ last_name: 'Rossi' })).statusCode).toBe(200);
  });
});

describe('the category (standard or refugee)', () => {
  it("is the applicant's to change while no request is a draft or being evaluated, and chooses the service", async () => {
    const email = 'rania@example.org';
    const id = await createUser(t.database, clock, { email, category: 'refugee' });
    const { token } = await login(t.app, email);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/practices',
        headers: bearer(token),
        payload: { country: 'FR', level: 'higher', replace_draft: true },
      });
    const created = await create();
    const practiceId = created.json<{ data: { id: number; service: string } }>().data.id;
    expect(created.json<{ data: { service: string } }>().data.service).toBe('refugee_comparability');
    const held = 'The category cannot be changed while a request of yours is a draft or being evaluated';
    const setRequest = (status: string) =>
      t.database.db.updateTable('practices').set({ status }).where('id', '=', practiceId).execute();

    for (const status of ['draft', 'unassigned', 'appeal_in_evaluation']) {
      await setRequest(status);
      const refused = await call('PATCH', `/users/${id}`, token, { category: 'standard' });
      expect(refused.statusCode, status).toBe(422);
      expect(refused.json(), status).toMatchObject({ errors: { category: [held] } });
    }
    // The refugee status could not be confirmed: the request closed, the standard service is open.
    await setRequest('closed');
    const changed = await call('PATCH', `/users/${id}`, token, { category: 'standard' });
    expect(changed.statusCode).toBe(200);
    expect(dataOf(changed)).toMatchObject({ category: 'standard' });
    expect((await create()).json<{ data: { service: string } }>().data.service).toBe(
      'correspondence_verification',
    );
  });
});

describe('the category changed while a draft is created', () => {
  const refugee = async (email: string) => {
    const id = await createUser(t.database, clock, { email, category: 'refugee' });
    const { token } = await login(t.app, email);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/practices',
        headers: bearer(token),
        payload: { country: 'FR', level: 'higher' },
      });
    const becomeStandard = () => call('PATCH', `/users/${id}`, token, { category: 'standard' });
    const state = async () => ({
      category: (
        await t.database.db
          .selectFrom('users')
          .select('category')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).category,
      services: (
        await t.database.db.selectFrom('practices').select('service').where('user_id', '=', id).execute()
      ).map((row) => row.service),
    });
    return { id, create, becomeStandard, state };
  };

  it('refuses the change when the draft came first: the refugee service stays on a refugee account', async () => {
    const rania = await refugee('rania.first@example.org');
    const [created, changed] = await race(t, rania.id, rania.create, rania.becomeStandard);
    expect(created.statusCode).toBe(201);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ errors: { category: [expect.any(String)] } });
    expect(await rania.state()).toEqual({ category: 'refugee', services: ['refugee_comparability'] });
  });

  it('gives the draft made after the change the service of the new category', async () => {
    const rania = await refugee('rania.second@example.org');
    const [changed, created] = await race(t, rania.id, rania.becomeStandard, rania.create);
    expect(changed.statusCode).toBe(200);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ data: { service: 'correspondence_verification' } });
    expect(await rania.state()).toEqual({ category: 'standard', services: ['correspondence_verification'] });
  });
});

describe('ownership', () => {
  it('answers 404 with no data when a user reads, changes or deletes another user', async () => {
    const attempts = [
      await call('GET', `/users/${bob.id}`, alice.token),
      await call('PATCH', `/users/${bob.id}`, alice.token, { first_name: 'Mallory' }),
      await call('GET', `/users/${bob.id}/user-qualification`, alice.token),
      await call('DELETE', `/users/${bob.id}`, alice.token, { email: 'bob@example.org' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    const bobNow = dataOf(await call('GET', `/users/${bob.id}`, bob.token));
    expect(bobNow).toMatchObject({ first_name: 'Ada', email: 'bob@example.org' });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/users/${bob.id}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /profile and the qualification list', () => {
  it('sets the locale and the marketing consent of the session’s own user', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: bearer(bob.token),
      payload: { locale: 'en-US', marketing_consent: false },
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toMatchObject({ id: bob.id, locale: 'en-US', marketing_consent: false });
  });

  it('answers a body of thousands of unknown keys with a bounded field map, the keys it names first', async () => {
    const payload: Record<string, string> = { locale: 'en-US' };
    for (let i = 0; i < 5000; i += 1) payload[`extra${i}`] = 'x';
    const response = await call('PATCH', '/profile', bob.token, payload);
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(errors)).toHaveLength(MAX_FIELDS_IN_ERRORS);
    expect(Object.keys(errors).slice(0, 2)).toEqual(['extra0', 'extra1']);
    expect(response.body.length).toBeLessThan(20_000);
  });

  it('lists the user’s qualifications: empty until the educational history exists', async () => {
    const response = await call('GET', `/users/${bob.id}/user-qualification`, bob.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });
});

describe('DELETE /users/{id}', () => {
  it('refuses when the typed email does not match the account', async () => {
    const response = await call('DELETE', `/users/${bob.id}`, bob.token, { email: 'bobby@example.org' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { email: ['The email address does not match.'] } });
  });

  it('erases personal data, keeps the row id, ends sessions and mails the old address', async () => {
    // An account of this test's own: Alice's is the one the file's other tests read and change.
    const { id, token } = await session('elena@example.org');
    const details = { middle_name: 'Maria', phone: '+39 06 1234 5678', tax_id: 'RSSMRA85T10A562S' };
    const completed = await call('PATCH', `/users/${id}`, token, details);
    expect(dataOf(completed)).toMatchObject({
      middle_name: 'Maria',
      phone: '+390612345678',
      tax_id: 'RSSMRA85T10A562S',
    });
    const elsewhere = (await login(t.app, 'elena@example.org', undefined, '198.51.100.99')).token;
    const response = await call('DELETE', `/users/${id}`, token, { email: ' Elena@Example.org ' });
    expect(response.statusCode).toBe(204);
    for (const session of [token, elsewhere]) {
      expect((await call('GET', '/auth/me', session)).statusCode).toBe(401);
    }
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(`deleted-user-${id}@deleted.invalid`);
    expect(row).toMatchObject({
      password_hash: null,
      phone: null,
      tax_id: null,
      first_name: '',
      middle_name: null,
    });
    expect(row.deleted_at).not.toBeNull();
    const sessions = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(sessions).toEqual([]);
    expect((await login(t.app, 'elena@example.org')).response.statusCode).toBe(401);

    await t.worker.drainOnce();
    const mails = readMailFiles(t.database.tempDir).filter((mail) => mail.to === 'elena@example.org');
    expect(mails.map((mail) => [mail.kind, mail.language])).toEqual([['account-deleted', 'it-IT']]);
    const jobs = await t.database.db.selectFrom('jobs').select('payload').execute();
    expect(jobs.some((job) => job.payload.includes('elena@example.org'))).toBe(false);
  });

  it('closes the requests in progress, appeals included, deletes the draft and leaves final outcomes as they were (decision 052)', async () => {
    const email = 'carla@example.org';
    const id = await createUser(t.database, clock, { email });
    const { token } = await login(t.app, email);
    const requestIn = async (status: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/practices',
        headers: bearer(token),
        payload: { country: 'FR', level: 'higher', replace_draft: false },
      });
      const practiceId = created.json<{ data: { id: number } }>().data.id;
      await t.database.db.updateTable('practices').set({ status }).where('id', '=', practiceId).execute();
      return practiceId;
    };
    const statuses = [
      'in_evaluation',
      'pending_student_reply',
      'appeal_in_review',
      'published',
      'closed',
      'draft',
    ];
    const ids: number[] = [];
    for (const status of statuses) ids.push(await requestIn(status));

    expect((await call('DELETE', `/users/${id}`, token, { email })).statusCode).toBe(204);
    const rows = await t.database.db
      .selectFrom('practices')
      .select(['id', 'status'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['closed', 'closed', 'closed', 'published', 'closed']);
    const closes = await t.database.db
      .selectFrom('practice_status_history')
      .select(['practice_id', 'from_status', 'to_status', 'action', 'by_user_id'])
      .where('practice_id', 'in', ids)
      .where('action', '=', 'close')
      .orderBy('practice_id')
      .execute();
    expect(closes).toEqual(
      ['in_evaluation', 'pending_student_reply', 'appeal_in_review'].map((from, index) => ({
        practice_id: ids[index],
        from_status: from,
        to_status: 'closed',
        action: 'close',
        by_user_id: id,
      })),
    );
  });

  it('deletes the draft and the loose documents with their files, and keeps a submitted request’s (decision 052)', async () => {
    const email = 'dora@example.org';
    const id = await createUser(t.database, clock, { email });
    const who = { id, token: (await login(t.app, email)).token };
    const pdf = (name: string) => ({ name, content: FILES.pdf });
    const create = async () =>
      dataOf(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/practices',
          headers: bearer(who.token),
          payload: { country: 'FR', level: 'higher', replace_draft: false },
        }),
      ) as { id: number };
    // A submitted request, its diploma kept with it; then a draft with identity papers and diploma.
    const submitted = (await create()).id;
    expect(
      (await upload(t.app, who, { type: 'diploma', practice_id: submitted }, pdf('kept.pdf'))).statusCode,
    ).toBe(201);
    await t.database.db
      .updateTable('practices')
      .set({ status: 'closed' })
      .where('id', '=', submitted)
      .execute();
    const draft = (await create()).id;
    for (const type of ['identity_document', 'diploma']) {
      expect((await upload(t.app, who, { type, practice_id: draft }, pdf(`${type}.pdf`))).statusCode).toBe(
        201,
      );
    }
    expect((await upload(t.app, who, { type: 'diploma' }, pdf('loose.pdf'))).statusCode).toBe(201);
    const documents = () =>
      t.database.db
        .selectFrom('documents')
        .select(['practice_id', 'storage_key'])
        .where('user_id', '=', id)
        .orderBy('id')
        .execute();
    const before = await documents();
    expect(before.map((row) => row.practice_id)).toEqual([submitted, draft, draft, null]);
    const stored = (key: string) => storedFiles(t.database).includes(join(key.slice(0, 2), key));
    expect(before.every((row) => stored(row.storage_key))).toBe(true);

    expect((await call('DELETE', `/users/${id}`, who.token, { email })).statusCode).toBe(204);
    const practices = await t.database.db
      .selectFrom('practices')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(practices).toEqual([{ id: submitted }]);
    const after = await documents();
    expect(after).toEqual([before[0]]);
    expect(before.map((row) => stored(row.storage_key))).toEqual([true, false, false, false]);
  });

  it('lets the freed email register again as a new account', async () => {
    // An account of this test's own, deleted here.
    const fiona = await session('fiona@example.org');
    expect(
      (await call('DELETE', `/users/${fiona.id}`, fiona.token, { email: 'fiona@example.org' })).statusCode,
    ).toBe(204);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: 'fiona@example.org',
        first_name: 'Fiona',
        last_name: 'Again',
        birth_date: '1991-01-01',
        accept_terms: true,
      },
    });
    expect(response.statusCode).toBe(202);
    await t.worker.drainOnce();
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'fiona@example.org')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(fiona.id);
  });
});
