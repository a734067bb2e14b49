import { practiceSchema, VALIDATION_MESSAGES } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import {
  apiCall,
  completeDraft,
  dataOf,
  FILES,
  REFUGEE_DOCUMENTS,
  STANDARD_DOCUMENTS,
  upload,
  type Applicant,
} from './requests';
import type { StaffMember } from './staff';

// A refugee whose documents of their studies stayed behind declares them unobtainable (decision
// 119, Lisbon Recognition Convention Article VII): the request goes on without them, staff see why.

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2024-12-10T09:00:00Z');
let refugee: Applicant;
let other: Applicant;
let standard: Applicant;
let secretary: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  refugee = await t.applicant({ email: 'refugee@example.org', category: 'refugee' });
  other = await t.applicant({ email: 'other-refugee@example.org', category: 'refugee' });
  standard = await t.applicant({ email: 'standard@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
});

const NOT_DECLARABLE = VALIDATION_MESSAGES['en-US'].documentNotDeclarable;
const NOT_MISSING = VALIDATION_MESSAGES['en-US'].documentNotMissing;
const practiceOf = (response: { json(): unknown }) => practiceSchema.parse(dataOf(response));
const errorsOf = (response: { json(): unknown }) =>
  (response.json() as { errors: Record<string, string[]> }).errors;
const declare = (who: Applicant, id: number, type: string, payload: object = {}) =>
  call('PUT', `/practices/${id}/unobtainable-documents/${type}`, who, payload);

// In order under --sequence.shuffle too: one refugee's draft, declared, submitted, read by staff.
describe('a refugee declaring a document of their studies unobtainable', { shuffle: false }, () => {
  let id: number;

  it('is refused for the refugee status certificate, which stays required', async () => {
    const studies = REFUGEE_DOCUMENTS.filter(
      (type) => type !== 'diploma' && type !== 'transcript_of_records',
    );
    id = await completeDraft(t.app, refugee, { country: 'FR', documents: studies });
    await t.database.db
      .deleteFrom('documents')
      .where('practice_id', '=', id)
      .where('type', '=', 'refugee_status_certificate')
      .execute();
    const response = await declare(refugee, id, 'refugee_status_certificate');
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ type: [NOT_DECLARABLE] });
    await upload(
      t.app,
      refugee,
      { type: 'refugee_status_certificate', practice_id: id },
      { name: 's.pdf', content: FILES.pdf },
    );
  });

  it('is not found on another applicant’s request', async () => {
    expect((await declare(other, id, 'diploma')).statusCode).toBe(404);
  });

  it('refuses a document already there, and an explanation too long', async () => {
    expect(errorsOf(await declare(refugee, id, 'identity_document'))).toEqual({
      type: [NOT_DECLARABLE],
    });
    await upload(
      t.app,
      refugee,
      { type: 'translation', practice_id: id },
      { name: 't.pdf', content: FILES.pdf },
    );
    expect(errorsOf(await declare(refugee, id, 'translation'))).toEqual({ type: [NOT_MISSING] });
    const long = await declare(refugee, id, 'diploma', { explanation: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(errorsOf(long))).toEqual(['explanation']);
  });

  it('lets the review and the submission go on once every missing document of the studies is declared', async () => {
    const early = await call('POST', `/practices/${id}/review`, refugee);
    expect(Object.keys(errorsOf(early)).sort()).toEqual([
      'documents.diploma',
      'documents.transcript_of_records',
    ]);
    const declared = await declare(refugee, id, 'diploma', { explanation: '  Left in Kabul when I fled.  ' });
    expect(declared.statusCode).toBe(200);
    expect(dataOf<unknown[]>(declared)).toEqual([
      { type: 'diploma', explanation: 'Left in Kabul when I fled.', declared_at: '2024-12-10T09:00:00.000Z' },
    ]);
    expect(Object.keys(errorsOf(await call('POST', `/practices/${id}/submit`, refugee)))).toEqual([
      'documents.transcript_of_records',
    ]);
    expect((await declare(refugee, id, 'transcript_of_records')).statusCode).toBe(200);
    const review = practiceOf(await call('POST', `/practices/${id}/review`, refugee));
    expect(review.missing_documents).toEqual(['diploma', 'transcript_of_records']);
    expect(review.unobtainable_documents?.map((document) => document.type)).toEqual([
      'diploma',
      'transcript_of_records',
    ]);
    const submitted = await call('POST', `/practices/${id}/submit`, refugee);
    expect(submitted.statusCode).toBe(200);
    expect(practiceOf(submitted).status).toBe('unassigned');
    expect((await declare(refugee, id, 'diploma')).json()).toMatchObject({ code: 'PRACTICE_NOT_EDITABLE' });
    // Nor withdrawn once submitted (staff assess the request as it was sent), nor ever by another.
    expect((await call('DELETE', `/practices/${id}/unobtainable-documents/diploma`, other)).statusCode).toBe(
      404,
    );
    const withdrawn = await call('DELETE', `/practices/${id}/unobtainable-documents/diploma`, refugee);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json()).toMatchObject({ code: 'PRACTICE_NOT_EDITABLE' });
  });

  it('is shown to staff beside the documents, and kept in the audit trail', async () => {
    const response = await call('GET', `/staff/practices/${id}`, secretary);
    expect(response.statusCode).toBe(200);
    const workspace = dataOf<{
      unobtainable_documents: { type: string; explanation: string | null }[];
      history: { action: string; details: Record<string, unknown> | null }[];
    }>(response);
    expect(workspace.unobtainable_documents).toMatchObject([
      { type: 'diploma', explanation: 'Left in Kabul when I fled.' },
      { type: 'transcript_of_records', explanation: null },
    ]);
    expect(
      workspace.history
        .filter((entry) => entry.action === 'document_declared_unobtainable')
        .map((entry) => entry.details),
    ).toEqual([
      { type: 'diploma', explanation: 'Left in Kabul when I fled.' },
      { type: 'transcript_of_records', explanation: null },
    ]);
  });
});

describe('a declaration withdrawn', () => {
  it('goes when the document is uploaded, and the document is required again when withdrawn', async () => {
    const id = await completeDraft(t.app, other, {
      country: 'FR',
      documents: REFUGEE_DOCUMENTS.filter((type) => type !== 'diploma' && type !== 'transcript_of_records'),
    });
    await declare(other, id, 'diploma');
    await declare(other, id, 'transcript_of_records');
    await upload(t.app, other, { type: 'diploma', practice_id: id }, { name: 'd.pdf', content: FILES.pdf });
    const overview = dataOf<{ practices: { unobtainable_documents: { type: string }[] }[] }>(
      await call('GET', `/documents?practice_id=${id}`, other),
    );
    expect(overview.practices[0]?.unobtainable_documents.map((document) => document.type)).toEqual([
      'transcript_of_records',
    ]);
    expect(
      dataOf<unknown[]>(
        await call('DELETE', `/practices/${id}/unobtainable-documents/transcript_of_records`, other),
      ),
    ).toEqual([]);
    expect(
      (await call('DELETE', `/practices/${id}/unobtainable-documents/transcript_of_records`, other))
        .statusCode,
    ).toBe(404);
    expect(Object.keys(errorsOf(await call('POST', `/practices/${id}/review`, other)))).toEqual([
      'documents.transcript_of_records',
    ]);
  });
});

describe('a standard request', () => {
  it('declares nothing unobtainable', async () => {
    const id = await completeDraft(t.app, standard, {
      country: 'FR',
      documents: STANDARD_DOCUMENTS.filter((type) => type !== 'diploma'),
    });
    const response = await declare(standard, id, 'diploma');
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ type: [NOT_DECLARABLE] });
    expect(Object.keys(errorsOf(await call('POST', `/practices/${id}/review`, standard)))).toEqual([
      'documents.diploma',
    ]);
  });
});
