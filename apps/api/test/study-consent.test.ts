import { pdfText } from './pdf';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
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
    await call('POST', base(), ada, {
      ...ENTRY,
      qualification_name: 'Diploma de Ensino Secundário',
      level: 'upper_secondary',
      graduated_at: '2012-06-30',
      enrolled_at: null,
    });
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

  it('checks the fields and the date order, also against the stored entry', async () => {
    const missing = await call('POST', base(), ada, { ...ENTRY, qualification_name: '' });
    expect(missing.json()).toMatchObject({ errors: { qualification_name: ['This field is required'] } });
    const [kept] = dataOf<{ id: number }[]>(await call('GET', base(), ada));
    const reversed = await call('PATCH', `${base()}/${kept?.id}`, ada, { enrolled_at: '2013-01-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toMatchObject({
      errors: { graduated_at: ['The date must be after the enrolment date'] },
    });
  });

  it('belongs to its owner only: any other user gets 404', async () => {
    const [kept] = dataOf<{ id: number }[]>(await call('GET', base(), ada));
    expect((await call('GET', base(), bob)).statusCode).toBe(404);
    expect((await call('POST', base(), bob, ENTRY)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `${base()}/${kept?.id}`, bob, { institution_city: 'Porto' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${base()}/${kept?.id}`, bob)).statusCode).toBe(404);
    expect(
      (
        await call('PATCH', `/users/${bob.id}/user-qualification/${kept?.id}`, bob, {
          institution_city: 'Porto',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', base())).statusCode).toBe(401);
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
