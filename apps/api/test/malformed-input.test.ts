import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { answerClientError } from '../src/platform/http/error-handler';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { BILLING } from './payments';
import { FILES, multipart, PURPOSE, QUALIFICATION, type Applicant } from './requests';

let maria: Applicant;
const clock = new ManualClock('2026-02-10T10:00:00Z');

const t = useTestApp({ clock });
beforeAll(async () => {
  maria = await t.applicant({ email: 'maria@example.org' });
});

const wellFormed = multipart({ practice_id: 1, type: 'other' }, { name: 'a.pdf', content: FILES.pdf });
const boundary = wellFormed.headers['content-type'].split('boundary=')[1] ?? '';

const withBoundary = (other: string) =>
  multipart({ practice_id: 1, type: 'other' }, { name: 'a.pdf', content: FILES.pdf }, other).payload;

/** Bodies a broken client or a prober sends as multipart/form-data. */
const MALFORMED: Record<string, { contentType: string; payload: Buffer }> = {
  'no boundary in the content type': { contentType: 'multipart/form-data', payload: wellFormed.payload },
  'a boundary the body never uses': {
    contentType: 'multipart/form-data; boundary=nothere',
    payload: wellFormed.payload,
  },
  'a body cut in the middle of the file': {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: wellFormed.payload.subarray(0, wellFormed.payload.length - 200),
  },
  // Busboy's search cannot hold a needle past 256 bytes: it threw a 500 (#32 item 2).
  ...Object.fromEntries(
    [71, 253, 300, 5000].map((length) => [
      `a boundary of ${length} characters`,
      {
        contentType: `multipart/form-data; boundary=${'b'.repeat(length)}`,
        payload: withBoundary('b'.repeat(length)),
      },
    ]),
  ),
  'a quoted boundary of 300 characters': {
    contentType: `multipart/form-data; boundary="${'q'.repeat(300)}"`,
    payload: withBoundary('q'.repeat(300)),
  },
  'an empty quoted boundary': {
    contentType: 'multipart/form-data; boundary=""',
    payload: wellFormed.payload,
  },
  'a content type that does not parse': {
    contentType: 'multipart/form-data; boundary',
    payload: wellFormed.payload,
  },
  'a body with no parts': {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.from(''),
  },
};

const ENDPOINTS = [
  { method: 'POST', url: '/api/v1/documents', isPublic: false },
  { method: 'PUT', url: '/api/v1/documents/1', isPublic: false },
  { method: 'DELETE', url: '/api/v1/documents/1', isPublic: false },
  { method: 'POST', url: '/api/v1/verify/LSB-0000-0000', isPublic: true },
  { method: 'POST', url: '/api/v1/verify', isPublic: true },
] as const;

describe('malformed multipart', () => {
  for (const endpoint of ENDPOINTS) {
    for (const [name, body] of Object.entries(MALFORMED)) {
      it(`${endpoint.method} ${endpoint.url} with ${name} answers 4xx in the error contract`, async () => {
        const response = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: { 'content-type': body.contentType, ...(endpoint.isPublic ? {} : bearer(maria.token)) },
          payload: body.payload,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toHaveProperty('code');
        expect(response.body).not.toMatch(/Multipart|Unexpected end|at \w+ \(/);
      });
    }
  }
});

describe('a multipart boundary at the RFC limit', () => {
  it('is read: a 70-character boundary uploads the file', async () => {
    const body = multipart({ type: 'diploma' }, { name: 'a.pdf', content: FILES.pdf }, 'x'.repeat(70));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: { ...body.headers, ...bearer(maria.token) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('a number in an address or a query', () => {
  it('is decimal digits only: 0x1, 0b1, 1e0, 1.0, +1, 01 and a padded 1 are invalid values, not request 1', async () => {
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/practices',
        headers: bearer(maria.token),
        payload: { country: 'FR', level: 'higher' },
      })
    ).json<{ data: { id: number } }>().data.id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/practices/${mine}`, headers: bearer(maria.token) }))
        .statusCode,
    ).toBe(200);
    for (const written of ['0x1', '0b1', '1e0', '1.0', '+1', '01', '%201%20'].map((form) =>
      form.replace('1', String(mine)),
    )) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/practices/${written}`,
        headers: bearer(maria.token),
      });
      expect(response.statusCode, written).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { id: ['Value not valid'] },
      });
    }
  });

  it('is decimal digits only in a list query too: page=0x2 and perPage=1e1 are refused on their fields', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/practices?page=0x2&perPage=1e1',
      headers: bearer(maria.token),
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(['page', 'perPage']);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/v1/practices?page=1&perPage=10',
      headers: bearer(maria.token),
    });
    expect(plain.statusCode).toBe(200);
  });
});

describe('input no database column can hold', () => {
  const TOO_LARGE = 2 ** 31;

  it.each([
    ['GET', `/api/v1/practices/${TOO_LARGE}`],
    ['GET', `/api/v1/documents/${TOO_LARGE}/download`],
    ['DELETE', `/api/v1/documents/${TOO_LARGE}`],
    ['GET', `/api/v1/documents?practice_id=${TOO_LARGE}`],
  ] as const)('%s %s with an id of 2^31 answers 422 on the id', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: bearer(maria.token) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 2^31 - 1 as an id that is not found, not as an invalid one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/practices/${TOO_LARGE - 1}`,
      headers: bearer(maria.token),
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers a NUL in a public path parameter with 422', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/verify/%00' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { id: [expect.any(String)] },
    });
  });

  it('answers a NUL inside a JSON string with 422 on that field', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${maria.id}`,
      headers: bearer(maria.token),
      payload: { first_name: 'Ma\u0000ria' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { first_name: [expect.any(String)] } });
  });

  it('refuses JSON nested past any input of the portal with 422, even where a route takes no body', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/documents/1',
      headers: { ...bearer(maria.token), 'content-type': 'application/json' },
      payload: `${'['.repeat(64)}${']'.repeat(64)}`,
    });
    expect(response.statusCode).toBe(422);
  });

  it('refuses JSON nested deeper than 64 with 400 JSON_TOO_DEEP before it is parsed, and reads the rest', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const login = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    // A megabyte of brackets: half a million arrays, which took JSON.parse up to 400 ms.
    const megabyte = await login(nested(500_000));
    expect([megabyte.statusCode, megabyte.json()]).toEqual([
      400,
      {
        code: 'JSON_TOO_DEEP',
        message: 'The request’s data is nested too deeply: no form of the portal sends data this deep.',
      },
    ]);
    const inItalian = await login(nested(65), {
      'accept-language': 'it-IT',
      'content-type': 'application/json; charset=utf-8',
    });
    expect([inItalian.statusCode, inItalian.json().code]).toEqual([400, 'JSON_TOO_DEEP']);
    expect(inItalian.json().message).toMatch(/^I dati della richiesta sono annidati troppo/);
    const objects = await login(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`);
    expect(objects.json().code).toBe('JSON_TOO_DEEP');
    // Brackets inside a string are text, escaped quotes and all; 64 levels are read (then refused
    // by the storable-input check, past 32, with 422), and so is an ordinary body.
    const inString = await login(
      JSON.stringify({ email: `${'['.repeat(1000)}"\\"${'{'.repeat(1000)}@example.org`, password: 'x' }),
    );
    expect(inString.statusCode).not.toBe(400);
    expect(inString.json().code).not.toBe('JSON_TOO_DEEP');
    expect((await login(nested(64))).statusCode).toBe(422);
    const ordinary = await login(JSON.stringify({ email: 'maria@example.org', password: 'wrong password' }));
    expect(ordinary.statusCode).toBe(401);
    // Malformed JSON is still told so by the parser.
    expect((await login('{"email":')).json().code).toBe('BAD_REQUEST');
  });

  it('ends the session on a logout whose route holds a NUL', async () => {
    const session = await t.applicant({ email: 'nul-logout@example.org' });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(session.token),
      payload: { route: '/account\u0000', cause: 'user' },
    });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(session.token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('ends the session on a logout whose body does not validate', async () => {
    const session = await t.applicant({ email: 'bad-logout@example.org' });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(session.token),
      payload: { cause: 'not-a-cause', extra: true },
    });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(session.token),
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('a country code that upper-cases to more letters than it had', () => {
  // 'ß' upper-cases to 'SS' and 'ŉ' to 'ʼN': two characters typed, three kept, which no country
  // code is and which the request's own page then could not read back.
  it.each(['ßa', 'ŉa'])(
    'is refused on its field, as typed (%s), in the request, the study path, billing, shipping and the staff filter',
    async (typed) => {
      const call = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: bearer(maria.token),
          ...(payload ? { payload } : {}),
        });
      const draft = await t.applicant({ email: `country-${typed.codePointAt(0)}@example.org` });
      const own = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: bearer(draft.token),
          ...(payload ? { payload } : {}),
        });
      const id = (await own('POST', '/practices', { country: 'FR', level: 'higher' })).json<{
        data: { id: number };
      }>().data.id;
      expect((await own('PATCH', `/practices/${id}/purpose`, PURPOSE)).statusCode).toBe(200);
      const refusals = [
        [
          'institution_country',
          await own('PATCH', `/practices/${id}/qualification`, {
            ...QUALIFICATION,
            institution_country: typed,
          }),
        ],
        [
          'awarding_body_country',
          await own('PATCH', `/practices/${id}/qualification`, {
            ...QUALIFICATION,
            is_awarding_body_different: true,
            awarding_body_name: 'Ministério da Educação',
            awarding_body_country: typed,
          }),
        ],
        [
          'institution_country',
          await call('POST', `/users/${maria.id}/user-qualification`, {
            qualification_name: 'Laurea',
            institution_name: 'Università di Bologna',
            institution_country: typed,
            level: 'higher',
          }),
        ],
        ['country', await call('PUT', `/users/${maria.id}/billing`, { ...BILLING, country: typed })],
        [
          'country',
          await call('PUT', '/delivery/shipping', {
            recipient_name: 'Maria Rossi',
            address: 'Rue de Rivoli 1',
            city: 'Paris',
            zip_code: '75001',
            country: typed,
          }),
        ],
      ] as const;
      for (const [index, [field, response]] of refusals.entries()) {
        expect(
          [response.statusCode, response.json<{ errors?: object }>().errors],
          `refusal ${index}: ${field}`,
        ).toEqual([422, { [field]: [expect.any(String)] }]);
      }
      // The request is read back as the applicant left it.
      expect((await own('GET', `/practices/${id}`)).statusCode).toBe(200);
      expect((await own('GET', '/practices/draft')).statusCode).toBe(200);
      // The staff queues' filter reads it as the forms do: refused, not a filter on 'SSA'.
      const staff = await t.staff('secretary', { email: `staff-${typed.codePointAt(0)}@example.org` });
      const filtered = await t.app.inject({
        method: 'GET',
        url: `/api/v1/staff/practices?country=${encodeURIComponent(typed)}`,
        headers: bearer(staff.token),
      });
      expect([filtered.statusCode, filtered.json<{ errors?: object }>().errors]).toEqual([
        422,
        { country: [expect.any(String)] },
      ]);
    },
  );
});

describe('a country code that is no country the portal knows', () => {
  const as = (who: Applicant) => (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(who.token),
      ...(payload ? { payload } : {}),
    });

  // Two characters, as an earlier release took them, but no ISO 3166-1 country.
  it.each(['ZZ', '!!'])(
    'is refused on each field that writes a country (%s), with the words of the account’s countries',
    async (typed) => {
      const who = await t.applicant({ email: `unknown-country-${typed.codePointAt(0)}@example.org` });
      const call = as(who);
      const id = (await call('POST', '/practices', { country: 'FR', level: 'higher' })).json<{
        data: { id: number };
      }>().data.id;
      expect((await call('PATCH', `/practices/${id}/purpose`, PURPOSE)).statusCode).toBe(200);
      // The account's own country fields, which always checked the code against the list.
      const account = await call('PATCH', `/users/${who.id}`, { birth_country: typed });
      const words = account.json<{ errors: { birth_country: string[] } }>().errors.birth_country;
      expect([account.statusCode, words]).toEqual([422, ['Choose one of the options offered']]);
      const refusals = [
        [
          'institution_country',
          await call('PATCH', `/practices/${id}/qualification`, {
            ...QUALIFICATION,
            institution_country: typed,
          }),
        ],
        [
          'teaching_institution_country',
          await call('PATCH', `/practices/${id}/qualification`, {
            ...QUALIFICATION,
            is_teaching_institution_different: true,
            teaching_institution_name: 'Universidade Federal do Rio de Janeiro',
            teaching_institution_country: typed,
          }),
        ],
        [
          'awarding_body_country',
          await call('PATCH', `/practices/${id}/qualification`, {
            ...QUALIFICATION,
            is_awarding_body_different: true,
            awarding_body_name: 'Ministério da Educação',
            awarding_body_country: typed,
          }),
        ],
        [
          'institution_country',
          await call('POST', `/users/${who.id}/user-qualification`, {
            qualification_name: 'Laurea',
            institution_name: 'Università di Bologna',
            institution_country: typed,
            level: 'higher',
          }),
        ],
        ['country', await call('PUT', `/users/${who.id}/billing`, { ...BILLING, country: typed })],
        [
          'billing.country',
          await call('POST', `/practices/${id}/checkout`, { billing: { ...BILLING, country: typed } }),
        ],
        [
          'country',
          await call('PUT', '/delivery/shipping', {
            recipient_name: 'Maria Rossi',
            address: 'Rue de Rivoli 1',
            city: 'Paris',
            zip_code: '75001',
            country: typed,
          }),
        ],
      ] as const;
      for (const [index, [field, response]] of refusals.entries()) {
        expect(
          [response.statusCode, response.json<{ errors?: object }>().errors],
          `refusal ${index}: ${field}`,
        ).toEqual([422, { [field]: words }]);
      }
      const entry = await call('POST', `/users/${who.id}/user-qualification`, {
        qualification_name: 'Laurea',
        institution_name: 'Università di Bologna',
        institution_country: 'IT',
        level: 'higher',
      });
      expect(entry.statusCode).toBe(201);
      const entryId = entry.json<{ data: { id: number } }>().data.id;
      const changed = await call('PATCH', `/users/${who.id}/user-qualification/${entryId}`, {
        institution_country: typed,
      });
      expect([changed.statusCode, changed.json<{ errors?: object }>().errors]).toEqual([
        422,
        { institution_country: words },
      ]);
      const staff = await t.staff('secretary', {
        email: `unknown-filter-${typed.codePointAt(0)}@example.org`,
      });
      const filtered = await as(staff)('GET', `/staff/practices?country=${encodeURIComponent(typed)}`);
      expect([filtered.statusCode, filtered.json<{ errors?: object }>().errors]).toEqual([
        422,
        { country: words },
      ]);
      expect((await as(staff)('GET', '/staff/practices?country=br')).statusCode).toBe(200);
    },
  );

  it('is still read back where an earlier release stored it: the request, the draft, the study path, billing and the staff queue', async () => {
    const who = await t.applicant({ email: 'stored-zz@example.org' });
    const call = as(who);
    const draft = (await call('POST', '/practices', { country: 'FR', level: 'higher' })).json<{
      data: { id: number };
    }>().data.id;
    expect((await call('PATCH', `/practices/${draft}/purpose`, PURPOSE)).statusCode).toBe(200);
    expect((await call('PATCH', `/practices/${draft}/qualification`, QUALIFICATION)).statusCode).toBe(200);
    expect((await call('PUT', `/users/${who.id}/billing`, BILLING)).statusCode).toBe(200);
    const entry = await call('POST', `/users/${who.id}/user-qualification`, {
      qualification_name: 'Laurea',
      institution_name: 'Università di Bologna',
      institution_country: 'IT',
      level: 'higher',
    });
    expect(entry.statusCode).toBe(201);
    // What an earlier release let be written, put straight into the rows.
    const { db } = t.database;
    await db
      .updateTable('practices')
      .set({
        qualification: JSON.stringify({
          ...QUALIFICATION,
          institution_country: 'ZZ',
          is_awarding_body_different: true,
          awarding_body_name: 'Ministério da Educação',
          // 'ßa', as the release before countryCodeField stored it: counted, then upper-cased.
          awarding_body_country: 'SSA',
        }),
      })
      .where('id', '=', draft)
      .execute();
    await db
      .updateTable('billing_profiles')
      .set({ info: JSON.stringify({ ...BILLING, country: 'ZZ' }) })
      .where('user_id', '=', who.id)
      .execute();
    await db
      .updateTable('study_entries')
      .set({ institution_country: 'ZZ' })
      .where('user_id', '=', who.id)
      .execute();

    const read = async (url: string, caller = call) => {
      const response = await caller('GET', url);
      expect(response.statusCode, url).toBe(200);
      return response.json<{ data: unknown }>().data;
    };
    expect(await read(`/practices/${draft}`)).toMatchObject({
      qualification: { institution_country: 'ZZ', awarding_body_country: 'SSA' },
    });
    expect(await read('/practices/draft')).toMatchObject({
      id: draft,
      qualification: { institution_country: 'ZZ' },
    });
    expect(await read(`/users/${who.id}/billing`)).toMatchObject({ country: 'ZZ' });
    expect(await read(`/users/${who.id}/user-qualification`)).toEqual([
      expect.objectContaining({ institution_country: 'ZZ' }),
    ]);
    // Submitted, the request is in the staff's queue and workspace with its country as stored.
    await db.updateTable('practices').set({ status: 'unassigned' }).where('id', '=', draft).execute();
    const staff = await t.staff('secretary', { email: 'stored-zz-staff@example.org' });
    const queue = (await read('/staff/practices', as(staff))) as { id: number }[];
    expect(queue.map((row) => row.id)).toContain(draft);
    expect(await read(`/staff/practices/${draft}`, as(staff))).toMatchObject({
      qualification: { institution_country: 'ZZ', awarding_body_country: 'SSA' },
    });
  });
});

describe('a request Node refuses before any route runs', () => {
  it('answers in the error contract with the security headers (a header too long: 431)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((done, fail) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /api/v1/countries HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let received = '';
      socket.on('data', (chunk) => (received += String(chunk)));
      socket.on('close', () => done(received));
      socket.on('error', fail);
    });
    const [head = '', body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/^x-content-type-options: nosniff$/m);
    expect(head).toMatch(/^content-security-policy: default-src 'self'/m);
    expect(head).toMatch(/^x-frame-options: DENY$/m);
    // Its own words, not those of a request that could not be read.
    expect(JSON.parse(body ?? '')).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: 'The request’s address or headers are too long.',
    });
  });

  it('writes nothing into an answer already under way on the connection (a broken request pipelined behind it)', () => {
    const answerTo = (inFlight: { headersSent: boolean } | undefined) => {
      const socket = Object.assign(new PassThrough(), { _httpMessage: inFlight });
      socket.on('error', () => undefined);
      const written: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => written.push(chunk));
      answerClientError(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' }), socket, {});
      expect(socket.destroyed).toBe(true);
      return Buffer.concat(written).toString();
    };
    expect(answerTo({ headersSent: true })).toBe('');
    expect(answerTo({ headersSent: false })).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answerTo(undefined)).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });
});
