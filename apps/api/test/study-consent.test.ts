import { pdfText } from './pdf';
import { PDFDocument } from 'pdf-lib';
import { STUDY_ENTRIES_MAX } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { isPostgresRun, useTestApp } from './helper';
import { bearer } from './identity';
import { holdRow } from './locks';
import { apiCall, dataOf, type Applicant } from './requests';

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let bob: Applicant;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org', locale: 'it-IT', firstName: 'Niccolò' });
  bob = await t.applicant({ email: 'bob@example.org' });
});

const ENTRY = {
  qualification_name: 'Licenciatura em Biologia',
  institution_name: 'Universidade de Lisboa',
  institution_country: 'pt',
  level: 'higher',
  enrolled_at: '2012-09-15',
  graduated_at: '2016-07-10',
};

/** A school-leaving diploma, with no enrolment date: earlier than any given it then fails. */
const SECONDARY = {
  ...ENTRY,
  qualification_name: 'Diploma de Ensino Secundário',
  level: 'upper_secondary',
  graduated_at: '2012-06-30',
  enrolled_at: null,
};

describe('My study path (users/{id}/user-qualification)', () => {
  let entryId: number;
  const base = () => `/users/${ada.id}/user-qualification`;

  it('starts empty, then adds, lists, changes and removes entries', async () => {
    expect(dataOf(await call('GET', base(), ada))).toEqual([]);
    const added = await call('POST', base(), ada, ENTRY);
    expect(added.statusCode).toBe(201);
    const entry = dataOf<{ id: number }>(added);
    expect(entry).toMatchObject({
      ...ENTRY,
      institution_country: 'PT',
      created_at: '2025-03-03T09:00:00.000Z',
    });
    entryId = entry.id;
    await call('POST', base(), ada, SECONDARY);
    const listed = dataOf<{ qualification_name: string }[]>(await call('GET', base(), ada));
    expect(listed.map((item) => item.qualification_name)).toEqual([
      'Licenciatura em Biologia',
      'Diploma de Ensino Secundário',
    ]);

    const changed = await call('PATCH', `${base()}/${entryId}`, ada, { institution_city: 'Lisboa' });
    expect(dataOf(changed)).toMatchObject({
      id: entryId,
      institution_city: 'Lisboa',
      qualification_name: ENTRY.qualification_name,
    });
    expect((await call('DELETE', `${base()}/${entryId}`, ada)).statusCode).toBe(204);
    expect(dataOf<unknown[]>(await call('GET', base(), ada))).toHaveLength(1);
  });

  /** An applicant of the test's own, with its secondary diploma stored: its id, and the study path's path. */
  const ownerWithEntry = async (email: string) => {
    const owner = await t.applicant({ email });
    const path = `/users/${owner.id}/user-qualification`;
    const added = await call('POST', path, owner, SECONDARY);
    expect(added.statusCode).toBe(201);
    return { owner, path, entryId: dataOf<{ id: number }>(added).id };
  };

  it('checks the fields and the date order, also against the stored entry', async () => {
    const { owner, path, entryId: kept } = await ownerWithEntry('erin@example.org');
    const missing = await call('POST', path, owner, { ...ENTRY, qualification_name: '' });
    expect(missing.json()).toMatchObject({ errors: { qualification_name: ['This field is required'] } });
    const reversed = await call('PATCH', `${path}/${kept}`, owner, { enrolled_at: '2013-01-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toMatchObject({
      errors: { graduated_at: ['The date must be after the enrolment date'] },
    });
  });

  it('belongs to its owner only: any other user gets 404', async () => {
    const { path, entryId: kept } = await ownerWithEntry('fay@example.org');
    expect((await call('GET', path, bob)).statusCode).toBe(404);
    expect((await call('POST', path, bob, ENTRY)).statusCode).toBe(404);
    expect((await call('PATCH', `${path}/${kept}`, bob, { institution_city: 'Porto' })).statusCode).toBe(404);
    expect((await call('DELETE', `${path}/${kept}`, bob)).statusCode).toBe(404);
    expect(
      (
        await call('PATCH', `/users/${bob.id}/user-qualification/${kept}`, bob, {
          institution_city: 'Porto',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', path)).statusCode).toBe(401);
  });
});

describe('How many qualifications a study path holds', () => {
  /** `count` entries of `who` stored straight in the database, as many POSTs would have added them. */
  const stored = async (who: Applicant, count: number) => {
    const at = clock.now().toISOString();
    const rows = Array.from({ length: count }, (_, index) => ({
      user_id: who.id,
      qualification_name: `Qualification ${index + 1}`,
      institution_name: ENTRY.institution_name,
      institution_country: 'PT',
      level: 'higher',
      created_at: at,
      updated_at: at,
    }));
    await t.database.db.insertInto('study_entries').values(rows).execute();
  };
  const entriesOf = async (who: Applicant) =>
    dataOf<{ id: number }[]>(await call('GET', `/users/${who.id}/user-qualification`, who));

  // Each entry is a row kept until it is removed, and the page and the wizard read them all: without
  // a ceiling, one applicant's loop stored the global limit's 300 a minute for every session it opened.
  it('holds at most STUDY_ENTRIES_MAX: one more answers 409 STUDY_ENTRIES_LIMIT, in the caller’s language, and stores nothing', async () => {
    const carla = await t.applicant({ email: 'carla@example.org' });
    const base = `/users/${carla.id}/user-qualification`;
    await stored(carla, STUDY_ENTRIES_MAX - 1);
    expect((await call('POST', base, carla, ENTRY)).statusCode).toBe(201);

    const refused = await call('POST', base, carla, ENTRY);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'STUDY_ENTRIES_LIMIT',
      message: `Your study path holds at most ${STUDY_ENTRIES_MAX} qualifications: delete one you no longer need to add another.`,
    });
    expect(await entriesOf(carla)).toHaveLength(STUDY_ENTRIES_MAX);
    const italian = await t.app.inject({
      method: 'POST',
      url: `/api/v1${base}`,
      headers: { ...bearer(carla.token), 'accept-language': 'it-IT' },
      payload: ENTRY,
    });
    expect(italian.json()).toMatchObject({
      code: 'STUDY_ENTRIES_LIMIT',
      message: `Il tuo percorso di studi contiene al massimo ${STUDY_ENTRIES_MAX} titoli: eliminane uno che non ti serve più per aggiungerne un altro.`,
    });

    // Changing and deleting stay open; a deletion makes room for one more.
    const [first] = await entriesOf(carla);
    const changed = await call('PATCH', `${base}/${first?.id}`, carla, { institution_city: 'Lisboa' });
    expect(changed.statusCode).toBe(200);
    expect((await call('DELETE', `${base}/${first?.id}`, carla)).statusCode).toBe(204);
    expect((await call('POST', base, carla, ENTRY)).statusCode).toBe(201);
    expect((await call('POST', base, carla, ENTRY)).statusCode).toBe(409);
  });

  /**
   * Two additions at once for the last place. On PostgreSQL a transaction holds the account's row,
   * both calls start and wait for it, then go on together; on SQLite (one writer) one, then the other.
   */
  it('lets one of two additions at once take the last place, on both databases', async () => {
    const dora = await t.applicant({ email: 'dora@example.org' });
    await stored(dora, STUDY_ENTRIES_MAX - 1);
    const add = () => call('POST', `/users/${dora.id}/user-qualification`, dora, ENTRY);
    let answers: Awaited<ReturnType<typeof add>>[];
    if (isPostgresRun) {
      const holding = await holdRow(t, { userId: dora.id });
      const both = [add(), add()];
      await holding.waiters(2);
      await holding.release();
      answers = await Promise.all(both);
    } else {
      answers = [await add(), await add()];
    }
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await entriesOf(dora)).toHaveLength(STUDY_ENTRIES_MAX);
  });
});

describe('GET /consent/form', () => {
  it('gives a PDF in the account’s language with the holder’s name and a signature line', async () => {
    const response = await call('GET', '/consent/form', ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="consent-form\.pdf"/);
    // A file like every other the API sends (decision 058).
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Consenso al trattamento dei dati personali');
    expect(text).toContain('Niccolò Lovelace');
    expect(text).toMatch(/Firma: _+/);
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getSubject()).toContain('Niccolò Lovelace');
  });

  it('speaks English to an English account, and needs a login', async () => {
    const text = await pdfText((await call('GET', '/consent/form', bob)).rawPayload);
    expect(text).toContain('Consent to the processing of personal data');
    expect(text).toContain('Ada Lovelace');
    expect((await call('GET', '/consent/form')).statusCode).toBe(401);
  });
});
