import { calendarDayOf, practiceSchema } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import {
  apiCall,
  completeDraft,
  dataOf,
  FILES,
  PURPOSE,
  QUALIFICATION,
  REFUGEE_DOCUMENTS,
  STANDARD_DOCUMENTS,
  upload,
  type Applicant,
} from './requests';

let call: ReturnType<typeof apiCall>;
// Tuesday 10 December 2024, 10:00 in Rome.
const clock = new ManualClock('2024-12-10T09:00:00Z');
let standard: Applicant;
let refugee: Applicant;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  standard = await t.applicant({ email: 'standard@example.org' });
  refugee = await t.applicant({ email: 'refugee@example.org', category: 'refugee' });
});

const practiceOf = (response: { json(): unknown }) => practiceSchema.parse(dataOf(response));

// In order under --sequence.shuffle too: one draft, started, filled step by step, then replaced.
describe('the request wizard', { shuffle: false }, () => {
  let id: number;

  it('asks a visitor to log in before starting a request', async () => {
    expect((await call('POST', '/practices', undefined, { country: 'FR', level: 'higher' })).statusCode).toBe(
      401,
    );
  });

  it('starts a draft with the service of the rule, at the purpose step', async () => {
    const response = await call('POST', '/practices', standard, { country: 'fr', level: 'higher' });
    expect(response.statusCode).toBe(201);
    const draft = practiceOf(response);
    expect(draft).toMatchObject({
      status: 'draft',
      status_label: 'draft',
      service: 'correspondence_verification',
      country: 'FR',
      wizard_step: 'purpose',
      purpose: null,
      requested_at: null,
      missing_documents: STANDARD_DOCUMENTS,
    });
    expect(draft.history).toEqual([
      { from_status: null, to_status: 'draft', at: '2024-12-10T09:00:00.000Z' },
    ]);
    id = draft.id;
  });

  it('saves each step as completed and resumes from GET /practices/draft', async () => {
    const purpose = await call('PATCH', `/practices/${id}/purpose`, standard, PURPOSE);
    expect(practiceOf(purpose)).toMatchObject({
      wizard_step: 'qualification',
      purpose: { purpose: 'further_studies' },
    });
    let resumed = practiceOf(await call('GET', '/practices/draft', standard));
    expect(resumed).toMatchObject({
      id,
      wizard_step: 'qualification',
      purpose: { italian_institution: 'Università di Bologna' },
    });

    const qualification = await call('PATCH', `/practices/${id}/qualification`, standard, QUALIFICATION);
    expect(qualification.statusCode).toBe(200);
    resumed = practiceOf(await call('GET', '/practices/draft', standard));
    expect(resumed).toMatchObject({
      wizard_step: 'documents',
      qualification: { institution_city: 'São Paulo' },
    });

    // Going back to an earlier step keeps the furthest step reached.
    await call('PATCH', `/practices/${id}/purpose`, standard, { ...PURPOSE, programme_name: 'Biologia' });
    expect(practiceOf(await call('GET', '/practices/draft', standard)).wizard_step).toBe('documents');
  });

  it('keeps half credits (7.5 ECTS), up to two decimals, and refuses a third', async () => {
    const half = await call('PATCH', `/practices/${id}/qualification`, standard, {
      ...QUALIFICATION,
      credits: 180.5,
    });
    expect(half.statusCode).toBe(200);
    expect(practiceOf(await call('GET', '/practices/draft', standard)).qualification?.credits).toBe(180.5);
    const third = await call('PATCH', `/practices/${id}/qualification`, standard, {
      ...QUALIFICATION,
      credits: 180.125,
    });
    expect(third.statusCode).toBe(422);
    expect(Object.keys(third.json().errors)).toEqual(['credits']);
    // The bound is inclusive and the field takes decimals: the message must hold for -0.5 too.
    const negative = await call('PATCH', `/practices/${id}/qualification`, standard, {
      ...QUALIFICATION,
      credits: -0.5,
    });
    expect(negative.json()).toMatchObject({ errors: { credits: ['Must be greater than or equal to 0'] } });
    await call('PATCH', `/practices/${id}/qualification`, standard, QUALIFICATION);
  });

  it("derives the flag that the institution's country differs from the two countries, whatever is sent", async () => {
    // The draft is for France (FR); the institution is in Brazil, then in France.
    const elsewhere = await call('PATCH', `/practices/${id}/qualification`, standard, {
      ...QUALIFICATION,
      is_institution_country_different: false,
    });
    expect(practiceOf(elsewhere).qualification?.is_institution_country_different).toBe(true);
    const same = await call('PATCH', `/practices/${id}/qualification`, standard, {
      ...QUALIFICATION,
      institution_country: 'FR',
      is_institution_country_different: true,
    });
    expect(practiceOf(same).qualification?.is_institution_country_different).toBe(false);
    const stored = await t.database.db
      .selectFrom('practices')
      .select('qualification')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.qualification ?? '{}')).toMatchObject({
      is_institution_country_different: false,
    });

    // A row saved while the client's answer was kept is read with the derived flag.
    await t.database.db
      .updateTable('practices')
      .set({ qualification: JSON.stringify({ ...QUALIFICATION, is_institution_country_different: false }) })
      .where('id', '=', id)
      .execute();
    const read = practiceOf(await call('GET', '/practices/draft', standard));
    expect(read.qualification?.is_institution_country_different).toBe(true);
    await call('PATCH', `/practices/${id}/qualification`, standard, QUALIFICATION);
  });

  it('refuses a step that breaks its rules, with the field named', async () => {
    const response = await call('PATCH', `/practices/${id}/qualification`, standard, {
      ...QUALIFICATION,
      graduated_at: '2014-01-01',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { graduated_at: ['The date must be after the enrolment date'] },
    });
  });

  it('refuses a graduation or an award after the day on the API’s clock, not on the real date (422 on each field)', async () => {
    // 10 December 2024 in Rome on the API's clock: the days after it are still to come there,
    // though long gone for real.
    expect(calendarDayOf(clock.now())).toBe('2024-12-10');
    const later = await call('PATCH', `/practices/${id}/qualification`, standard, {
      ...QUALIFICATION,
      graduated_at: '2024-12-11',
      issued_at: '2025-01-15',
    });
    expect(later.statusCode).toBe(422);
    expect(later.json()).toMatchObject({
      errors: {
        graduated_at: ['The date must be today or earlier'],
        issued_at: ['The date must be today or earlier'],
      },
    });
    // The day itself is taken.
    const today = await call('PATCH', `/practices/${id}/qualification`, standard, {
      ...QUALIFICATION,
      graduated_at: '2024-12-10',
      issued_at: '2024-12-10',
    });
    expect(today.statusCode).toBe(200);
    expect((await call('PATCH', `/practices/${id}/qualification`, standard, QUALIFICATION)).statusCode).toBe(
      200,
    );
  });

  it('moves to review only once the required documents are there, listing the missing ones', async () => {
    await upload(
      t.app,
      standard,
      { type: 'diploma', practice_id: id },
      { name: 'diploma.pdf', content: FILES.pdf },
    );
    const early = await call('POST', `/practices/${id}/review`, standard);
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json<{ errors: object }>().errors).sort()).toEqual([
      'documents.consent_form',
      'documents.identity_document',
      'documents.transcript_of_records',
    ]);
    expect(early.json()).toMatchObject({
      errors: { 'documents.consent_form': ['This document is required'] },
    });
    for (const type of ['identity_document', 'transcript_of_records', 'consent_form']) {
      await upload(t.app, standard, { type, practice_id: id }, { name: `${type}.png`, content: FILES.png });
    }
    const review = await call('POST', `/practices/${id}/review`, standard);
    expect(practiceOf(review)).toMatchObject({ wizard_step: 'review', missing_documents: [] });
  });

  it('hands a paid request over to payment: 409 PAYMENT_REQUIRED, still a draft', async () => {
    const response = await call('POST', `/practices/${id}/submit`, standard);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect(practiceOf(await call('GET', `/practices/${id}`, standard)).status).toBe('draft');
  });

  it('keeps one draft at a time: 409 DRAFT_EXISTS, unless the applicant confirms replacing it', async () => {
    const refused = await call('POST', '/practices', standard, { country: 'BR', level: 'upper_secondary' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DRAFT_EXISTS' });
    const files = await t.database.db
      .selectFrom('documents')
      .select('storage_key')
      .where('practice_id', '=', id)
      .execute();
    expect(files).toHaveLength(4);

    const replaced = await call('POST', '/practices', standard, {
      country: 'BR',
      level: 'upper_secondary',
      replace_draft: true,
    });
    expect(practiceOf(replaced)).toMatchObject({
      service: 'comparability_verification',
      level: 'upper_secondary',
    });
    expect((await call('GET', `/practices/${id}`, standard)).statusCode).toBe(404);
    const left = await t.database.db
      .selectFrom('documents')
      .select('id')
      .where('practice_id', '=', id)
      .execute();
    expect(left).toHaveLength(0);
    expect(practiceOf(await call('GET', '/practices/draft', standard)).id).toBe(practiceOf(replaced).id);
  });

  it('refuses a country with no service (422 on country) and urgency where it is not offered', async () => {
    const none = await call('POST', '/practices', standard, {
      country: 'KP',
      level: 'higher',
      replace_draft: true,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ errors: { country: ['No service available'] } });
    const urgent = await call('POST', '/practices', refugee, {
      country: 'FR',
      level: 'higher',
      is_urgent: true,
    });
    expect(urgent.json()).toMatchObject({ errors: { is_urgent: [expect.stringMatching(/Urgent/)] } });
  });

  it('refuses Italy, the operator’s own country, as the country of education system (422 on country)', async () => {
    const applicant = await t.applicant({ email: 'italian-diploma@example.org' });
    for (const country of ['IT', 'it']) {
      const refused = await call('POST', '/practices', applicant, { country, level: 'higher' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: { country: ['Choose one of the options offered'] } });
    }
    expect(dataOf(await call('GET', '/practices/draft', applicant))).toBeNull();
  });
});

describe('an upper-secondary request', () => {
  it('asks for the 12th grade certificate and the final examination, not the transcript of records', async () => {
    const leaver = await t.applicant({ email: 'school-leaver@example.org' });
    const id = await completeDraft(t.app, leaver, {
      country: 'BR',
      level: 'upper_secondary',
      documents: STANDARD_DOCUMENTS,
    });
    const early = await call('POST', `/practices/${id}/review`, leaver);
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json<{ errors: object }>().errors).sort()).toEqual([
      'documents.final_examination',
      'documents.grade_12_certificate',
    ]);
    for (const type of ['grade_12_certificate', 'final_examination']) {
      await upload(t.app, leaver, { type, practice_id: id }, { name: `${type}.pdf`, content: FILES.pdf });
    }
    const review = await call('POST', `/practices/${id}/review`, leaver);
    expect(practiceOf(review)).toMatchObject({ wizard_step: 'review', missing_documents: [] });
  });

  it('keeps the list it was submitted with when the list of its level changes afterwards', async () => {
    const leaver = await t.applicant({ email: 'refugee-leaver@example.org', category: 'refugee' });
    const id = await completeDraft(t.app, leaver, {
      country: 'BR',
      level: 'upper_secondary',
      documents: [
        ...REFUGEE_DOCUMENTS.filter((type) => type !== 'transcript_of_records'),
        'grade_12_certificate',
        'final_examination',
      ],
    });
    expect((await call('POST', `/practices/${id}/submit`, leaver)).statusCode).toBe(200);
    await t.database.db
      .insertInto('required_documents')
      .values({ level: 'upper_secondary', document_type: 'apostille', position: 6 })
      .execute();
    expect(practiceOf(await call('GET', `/practices/${id}`, leaver)).missing_documents).toEqual([]);
    const draft = await call('POST', '/practices', leaver, { country: 'BR', level: 'upper_secondary' });
    expect(practiceOf(draft).missing_documents).toContain('apostille');
    await t.database.db
      .deleteFrom('required_documents')
      .where('level', '=', 'upper_secondary')
      .where('document_type', '=', 'apostille')
      .execute();
  });
});

// In order under --sequence.shuffle too: the account's two requests, then a third refused.
describe('refugee requests', { shuffle: false }, () => {
  it('get the free comparability service and are submitted with a deadline of 60 working days', async () => {
    const id = await completeDraft(t.app, refugee, { country: 'FR', documents: REFUGEE_DOCUMENTS });
    expect(practiceOf(await call('GET', `/practices/${id}`, refugee)).service).toBe('refugee_comparability');
    const response = await call('POST', `/practices/${id}/submit`, refugee);
    expect(response.statusCode).toBe(200);
    const submitted = practiceOf(response);
    expect(submitted).toMatchObject({
      status: 'unassigned',
      status_label: 'in evaluation',
      requested_at: '2024-12-10T09:00:00.000Z',
      expected_deadline: '2025-04-01',
      days_to_go: 60,
    });
    expect(submitted.history.map((entry) => [entry.from_status, entry.to_status])).toEqual([
      [null, 'draft'],
      ['draft', 'unassigned'],
    ]);
    expect((await call('POST', `/practices/${id}/submit`, refugee)).json()).toMatchObject({
      code: 'PRACTICE_NOT_EDITABLE',
    });
  });

  it('need the refugee status certificate', async () => {
    const id = await completeDraft(t.app, refugee, { country: 'BR', documents: STANDARD_DOCUMENTS });
    const response = await call('POST', `/practices/${id}/submit`, refugee);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual([
      'documents.refugee_status_certificate',
    ]);
    await upload(
      t.app,
      refugee,
      { type: 'refugee_status_certificate', practice_id: id },
      { name: 'status.jpg', content: FILES.jpeg },
    );
    expect((await call('POST', `/practices/${id}/submit`, refugee)).statusCode).toBe(200);
  });

  it('are limited to two per account: the third answers Limit reached', async () => {
    const third = await call('POST', '/practices', refugee, { country: 'SO', level: 'higher' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ code: 'LIMIT_REACHED', message: 'Limit reached' });
    const italian = await t.app.inject({
      method: 'POST',
      url: '/api/v1/practices',
      headers: { authorization: `Bearer ${refugee.token}`, 'accept-language': 'it-IT' },
      payload: { country: 'SO', level: 'higher' },
    });
    expect(italian.json()).toMatchObject({ message: 'Limite raggiunto' });
  });
});
