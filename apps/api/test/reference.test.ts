import { discoverySchema } from '@lisbon/domain';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { runSeeds } from '../src/seeds';
import { useTestApp } from './helper';
import { apiCall, dataOf } from './requests';

// Tuesday 10 December 2024 in Rome, just before the closure of spec §9.
const clock = new ManualClock('2024-12-10T09:00:00Z');
const t = useTestApp({ clock });

const call = (url: string, locale = 'en-US') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'accept-language': locale } });
const discover = async (country: string, level: string) => {
  const response = await call(`/services/discovery?country=${country}&level=${level}`);
  expect(response.statusCode).toBe(200);
  return discoverySchema.parse(dataOf(response));
};

describe('the Lisbon Recognition Convention states', () => {
  it('seeds the 55 parties of spec §9, without Monaco or Greece, and answers the count as a figure', async () => {
    const lisbon = await t.database.db
      .selectFrom('countries')
      .select('code')
      .where('is_lisbon_state', '=', 1)
      .execute();
    expect(lisbon).toHaveLength(55);
    expect(lisbon.map((row) => row.code)).not.toContain('MC');
    expect(lisbon.map((row) => row.code)).not.toContain('GR');
    const figures = await call('/reference/figures');
    expect(figures.statusCode).toBe(200);
    expect(dataOf(figures)).toEqual({ lisbon_states_count: 55 });
  });
});

describe('GET /services/discovery, as a visitor', () => {
  it.each([
    ['higher', ['identity_document', 'diploma', 'transcript_of_records', 'consent_form']],
    [
      'upper_secondary',
      ['identity_document', 'diploma', 'grade_12_certificate', 'final_examination', 'consent_form'],
    ],
  ])(
    'offers correspondence and verification for a Lisbon state, with the documents of the level (%s)',
    async (level, documents) => {
      const found = await discover('FR', level);
      expect(found.country).toMatchObject({ code: 'FR', name: 'France', is_lisbon_state: true });
      expect(found.service).toMatchObject({
        kind: 'correspondence_verification',
        includes_verification: true,
        is_free: false,
        price: { total: 15_000, net: 12_295, vat: 2_705 },
        urgent_price: { total: 25_000, net: 20_492, vat: 4_508 },
        urgent_supplement: { total: 10_000, net: 8_197, vat: 1_803 },
        ordinary_working_days: 60,
        urgent_working_days: 30,
        required_documents: documents,
      });
      expect(found.refugee_alternative).toMatchObject({
        kind: 'refugee_comparability',
        is_free: true,
        price: { total: 0, net: 0, vat: 0 },
        urgent_price: null,
        urgent_supplement: null,
        urgent_working_days: null,
      });
      expect(found.refugee_alternative?.required_documents).toContain('refugee_status_certificate');
      expect(found.lisbon_states_count).toBe(55);
      expect(found.are_prices_demo).toBe(true);
    },
  );

  it.each(['higher', 'upper_secondary'])(
    'offers comparability and verification elsewhere (%s)',
    async (level) => {
      const found = await discover('BR', level);
      expect(found.service?.kind).toBe('comparability_verification');
      expect(found.service?.price.total).toBe(20_000);
      expect(found.refugee_alternative?.kind).toBe('refugee_comparability');
    },
  );

  it.each(['higher', 'upper_secondary'])(
    'offers comparability only where verification is impossible (%s)',
    async (level) => {
      const found = await discover('SO', level);
      expect(found.service).toMatchObject({ kind: 'comparability', includes_verification: false });
    },
  );

  it.each(['higher', 'upper_secondary'])(
    'says no service is available for some countries (%s)',
    async (level) => {
      const found = await discover('KP', level);
      expect(found.service).toBeNull();
      expect(found.refugee_alternative).toBeNull();
      expect(found.country.is_service_available).toBe(false);
    },
  );

  it('counts the deadline in working days across the closure of spec §9', async () => {
    // 3 working days before the closure, none until 12 January, then 57 more.
    expect((await discover('FR', 'higher')).service?.expected_deadline).toBe('2025-04-01');
  });

  it('skips the local holiday of 29 June and the national ones', async () => {
    const spring = new ManualClock('2026-04-20T08:00:00Z');
    const other = await t.instance({ clock: spring });
    const response = await other.inject({
      method: 'GET',
      url: '/api/v1/services/discovery?country=BR&level=higher',
    });
    // 1 May, 2 June and 29 June (Rome) fall on weekdays: without the last one it would be 15 July.
    expect(dataOf<{ service: { expected_deadline: string } }>(response).service.expected_deadline).toBe(
      '2026-07-16',
    );
  });

  it('names the country in the caller’s language, and answers 404 for a code the data lacks', async () => {
    const italian = await call('/services/discovery?country=fr&level=higher', 'it-IT');
    expect(dataOf<{ country: { name: string } }>(italian).country.name).toBe('Francia');
    expect((await call('/services/discovery?country=XX&level=higher')).statusCode).toBe(404);
    expect((await call('/services/discovery?country=FR&level=doctorate')).statusCode).toBe(422);
  });
});

describe('GET /countries', () => {
  it('needs 2 characters to search (spec §5)', async () => {
    const response = await call('/countries?search=a');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { search: ['Minimum length 2 characters'] } });
  });

  it('searches the names of the caller’s language, ignoring case and accents', async () => {
    const english = dataOf<{ code: string; name: string }[]>(await call('/countries?search=GERM'));
    expect(english.map((country) => country.code)).toEqual(['DE']);
    const italian = dataOf<{ code: string; name: string }[]>(await call('/countries?search=svizz', 'it-IT'));
    expect(italian).toEqual([
      expect.objectContaining({ code: 'CH', name: 'Svizzera', is_lisbon_state: true }),
    ]);
    const accents = dataOf<{ code: string }[]>(await call('/countries?search=cote d'));
    expect(accents.map((country) => country.code)).toContain('CI');
  });

  it('lists every country sorted by name, and gives one by its code', async () => {
    const all = await call('/countries', 'it-IT');
    const names = dataOf<{ name: string }[]>(all).map((country) => country.name);
    expect(names).toHaveLength(249);
    expect(names).toEqual([...names].sort(new Intl.Collator('it-IT').compare));
    expect(all.json()).toMatchObject({ meta: { total: 249 } });
    const one = await apiCall(t.app)('GET', '/countries/kp');
    expect(dataOf(one)).toMatchObject({ code: 'KP', is_service_available: false, levels: [] });
    expect((await call('/countries/XX')).statusCode).toBe(404);
  });

  it('never offers Italy, the operator’s own country, though its data stays (a Lisbon state)', async () => {
    const all = dataOf<{ code: string }[]>(await call('/countries'));
    expect(all.map((country) => country.code)).not.toContain('IT');
    expect(dataOf<unknown[]>(await call('/countries?search=ital'))).toEqual([]);
    expect(dataOf<unknown[]>(await call('/countries?search=it', 'it-IT'))).not.toContainEqual(
      expect.objectContaining({ code: 'IT' }),
    );
    const stored = await t.database.db
      .selectFrom('countries')
      .select('code')
      .where('code', '=', 'IT')
      .execute();
    expect(stored).toHaveLength(1);
  });
});

describe('reference seed', () => {
  it('inserts nothing the second time and keeps an administrator’s correction', async () => {
    // The corrections undone once it ends: the discovery's tests offer Brazil's service and the
    // consent form, before this one or after it, shuffled.
    const db = t.database.db;
    const brazil = await db
      .selectFrom('countries')
      .select(['is_service_available', 'levels'])
      .where('code', '=', 'BR')
      .executeTakeFirstOrThrow();
    const consentForms = await db
      .selectFrom('required_documents')
      .selectAll()
      .where('level', '=', 'higher')
      .where('document_type', '=', 'consent_form')
      .execute();
    onTestFinished(async () => {
      await db.updateTable('countries').set(brazil).where('code', '=', 'BR').execute();
      await db
        .deleteFrom('required_documents')
        .where('level', '=', 'higher')
        .where('document_type', '=', 'consent_form')
        .execute();
      if (consentForms.length > 0) await db.insertInto('required_documents').values(consentForms).execute();
    });
    await t.database.db
      .updateTable('countries')
      .set({ is_service_available: 0, levels: '' })
      .where('code', '=', 'BR')
      .execute();
    await t.database.db
      .deleteFrom('required_documents')
      .where('level', '=', 'higher')
      .where('document_type', '=', 'consent_form')
      .execute();
    expect(await runSeeds(t.database.db)).toEqual({
      cmsEntries: 0,
      countries: 0,
      requiredDocuments: 0,
      closures: 0,
    });
    expect((await discover('BR', 'higher')).service).toBeNull();
    expect((await discover('FR', 'higher')).service?.required_documents).not.toContain('consent_form');
  });
});
