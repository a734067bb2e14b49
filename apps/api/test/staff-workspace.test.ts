import { latestAwardYear } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { apiCall, dataOf, FILES, upload, type Applicant } from './requests';
import { auditOf, practiceIn, type StaffMember } from './staff';

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let bob: Applicant;
let secretary: StaffMember;
let eva: StaffMember;
let ezio: StaffMember;
let rita: StaffMember;
type Request = 'evaluating' | 'asked' | 'closed';
const ids = {} as Record<Request, number>;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  bob = await t.applicant({ email: 'bob@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org', firstName: 'Eva' });
  ezio = await t.staff('evaluator', { email: 'ezio@example.org' });
  rita = await t.staff('reviewer', { email: 'rita@example.org' });
  const mine = { assigneeId: eva.id, reviewerId: rita.id };
  ids.evaluating = await practiceIn(t.database, { userId: ada.id, status: 'in_evaluation', ...mine });
  ids.asked = await practiceIn(t.database, { userId: bob.id, status: 'pending_student_reply', ...mine });
  ids.closed = await practiceIn(t.database, { userId: ada.id, status: 'closed', ...mine });
});

describe('the request workspace', () => {
  it('shows the applicant, the documents and what this staff member may do', async () => {
    const workspace = dataOf<Record<string, unknown>>(
      await call('GET', `/staff/practices/${ids.evaluating}`, eva),
    );
    expect(workspace).toMatchObject({
      applicant: { id: ada.id, email: 'ada@example.org', first_name: 'Ada' },
      assignee: { id: eva.id, first_name: 'Eva' },
      reviewer: { id: rita.id },
      allowed_changes: ['file_check', 'verification', 'assessment', 'note'],
    });
    expect((workspace.available_actions as { action: string }[]).map((action) => action.action)).toEqual([
      'ask_applicant',
      'send_in_review',
    ]);
    const other = dataOf<Record<string, unknown>>(
      await call('GET', `/staff/practices/${ids.evaluating}`, ezio),
    );
    expect(other).toMatchObject({ available_actions: [], allowed_changes: ['note'] });
    expect((await call('GET', '/staff/practices/99999', eva)).statusCode).toBe(404);
  });

  it('refuses "verified with the issuer" on a comparability-only (refugee) request (422), and keeps what was recorded', async () => {
    const id = await practiceIn(t.database, {
      userId: bob.id,
      status: 'in_evaluation',
      service: 'refugee_comparability',
      assigneeId: eva.id,
      reviewerId: rita.id,
    });
    for (const outcome of ['verified', 'not_verified']) {
      const refused = await call('PUT', `/staff/practices/${id}/verification`, eva, { outcome });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        errors: { outcome: ['This service does not include verification with the issuer'] },
      });
    }
    const possible = await call('PUT', `/staff/practices/${id}/verification`, eva, {
      outcome: 'not_possible',
    });
    expect(possible.json()).toMatchObject({ data: { verification: { outcome: 'not_possible' } } });
    expect((await auditOf(t.database, id)).map((entry) => entry.action)).toEqual(['verification']);
  });

  it('records the file check, the verification and the assessment with their audit entries', async () => {
    const id = ids.evaluating;
    const checked = await call('POST', `/staff/practices/${id}/file-check`, eva, { notes: 'All readable' });
    expect(checked.json()).toMatchObject({
      data: { file_check: { by: { id: eva.id }, notes: 'All readable' } },
      meta: { message: 'File check concluded' },
    });
    expect(
      (await call('PUT', `/staff/practices/${id}/verification`, ezio, { outcome: 'verified' })).statusCode,
    ).toBe(403);
    const verified = await call('PUT', `/staff/practices/${id}/verification`, eva, {
      outcome: 'verified',
      notes: 'Registrar confirmed',
    });
    expect(verified.json()).toMatchObject({
      data: { verification: { outcome: 'verified', notes: 'Registrar confirmed' } },
      meta: { message: 'Verification updated' },
    });
    await call('PUT', `/staff/practices/${id}/assessment`, eva, {
      classification: 'EQF 6',
      major: 'Biology',
    });
    const assessed = await call('PUT', `/staff/practices/${id}/assessment`, eva, {
      major: '',
      deqar_id: 'DEQARINST0001',
    });
    expect(assessed.json()).toMatchObject({
      data: {
        assessment: {
          classification: 'EQF 6',
          major: null,
          deqar_id: 'DEQARINST0001',
          missing_fields: expect.arrayContaining(['duration']),
        },
      },
      meta: { message: 'Assessment updated' },
    });
    expect((await call('PUT', `/staff/practices/${id}/assessment`, eva, { holder: 'x' })).statusCode).toBe(
      422,
    );
    expect(
      (await call('PUT', `/staff/practices/${ids.closed}/assessment`, eva, { major: 'x' })).json(),
    ).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
    });
    expect(
      (await auditOf(t.database, id)).map((entry) => [
        entry.action,
        entry.from_status,
        entry.to_status,
        entry.by_user_id,
      ]),
    ).toEqual([
      ['file_check', 'in_evaluation', 'in_evaluation', eva.id],
      ['verification', 'in_evaluation', 'in_evaluation', eva.id],
      ['assessment', 'in_evaluation', 'in_evaluation', eva.id],
      ['assessment', 'in_evaluation', 'in_evaluation', eva.id],
    ]);
  });

  it('takes a year of award up to the current year on the API’s clock, and refuses a later one on its field (422) in the reader’s language', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: eva.id,
      reviewerId: rita.id,
    });
    // The year on the API's clock (2025 here), not the real date's: 2026 is still to come.
    const year = latestAwardYear(clock.now());
    expect(year).toBe(2025);
    const save = (award_year: number, language = 'en-US') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/staff/practices/${id}/assessment`,
        headers: { ...bearer(eva.token), 'accept-language': language },
        payload: { award_year },
      });
    const later = await save(year + 1);
    expect(later.statusCode).toBe(422);
    expect(later.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { award_year: ['The year of award must be this year or earlier'] },
    });
    expect((await save(2100, 'it-IT')).json()).toMatchObject({
      errors: { award_year: ['L’anno di conseguimento deve essere quello in corso o precedente'] },
    });
    const saved = await save(year);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ data: { assessment: { award_year: year } } });
  });

  it('refuses to send in review an assessment saved with a later year of award, on its field (422)', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: eva.id,
      reviewerId: rita.id,
      isAssessed: true,
    });
    // Saved before the year was checked on saving: complete, but for a year still to come.
    const row = await t.database.db
      .selectFrom('practice_evaluations')
      .select('assessment')
      .where('practice_id', '=', id)
      .executeTakeFirstOrThrow();
    const assessment = {
      ...(JSON.parse(String(row.assessment)) as object),
      // 2026 on the API's clock of 2025, whatever the real date.
      award_year: latestAwardYear(clock.now()) + 1,
    };
    await t.database.db
      .updateTable('practice_evaluations')
      .set({ assessment: JSON.stringify(assessment) })
      .where('practice_id', '=', id)
      .execute();
    const send = (language = 'en-US') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/practices/${id}/transitions`,
        headers: { ...bearer(eva.token), 'accept-language': language },
        payload: { action: 'send_in_review' },
      });
    const refused = await send();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { 'assessment.award_year': ['The year of award must be this year or earlier'] },
    });
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['assessment.award_year']);
    expect((await send('it-IT')).json()).toMatchObject({
      errors: {
        'assessment.award_year': ['L’anno di conseguimento deve essere quello in corso o precedente'],
      },
    });
    // Corrected, it goes.
    const saved = await call('PUT', `/staff/practices/${id}/assessment`, eva, {
      award_year: latestAwardYear(clock.now()),
    });
    expect(saved.statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
  });

  it('keeps internal notes from the applicant', async () => {
    const noted = await call('POST', `/staff/practices/${ids.asked}/notes`, secretary, {
      text: 'Applicant phoned, very anxious',
    });
    expect(noted.json()).toMatchObject({
      data: { notes: [{ text: 'Applicant phoned, very anxious', author: { id: secretary.id } }] },
      meta: { message: 'Note added' },
    });
    const [entry] = await auditOf(t.database, ids.asked);
    expect(entry).toMatchObject({ action: 'note', note: null });
    for (const url of [`/practices/${ids.asked}`, `/practices/${ids.asked}/messages`]) {
      const response = await call('GET', url, bob);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('anxious');
    }
    expect(dataOf<{ history: unknown[] }>(await call('GET', `/practices/${ids.asked}`, bob)).history).toEqual(
      [],
    );
  });

  it('lets staff download a request’s documents', async () => {
    const id = await practiceIn(t.database, {
      userId: bob.id,
      status: 'pending_student_reply',
      assigneeId: eva.id,
    });
    const uploaded = await upload(
      t.app,
      bob,
      { type: 'diploma', practice_id: id },
      { name: 'diploma.pdf', content: FILES.pdf },
    );
    const documentId = dataOf<{ id: number }>(uploaded).id;
    const download = await call('GET', `/staff/practices/${id}/documents/${documentId}/download`, rita);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(FILES.pdf)).toBe(true);
    expect(
      (await call('GET', `/staff/practices/${ids.asked}/documents/${documentId}/download`, rita)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/staff/practices/${id}/documents/${documentId}/download`, bob)).statusCode,
    ).toBe(403);
  });

  it('hides a draft and its documents from every staff role, as if it did not exist', async () => {
    const draft = await practiceIn(t.database, { userId: bob.id, status: 'draft' });
    const uploaded = await upload(
      t.app,
      bob,
      { type: 'diploma', practice_id: draft },
      { name: 'draft.pdf', content: FILES.pdf },
    );
    const documentId = dataOf<{ id: number }>(uploaded).id;
    for (const member of [secretary, eva, rita]) {
      expect((await call('GET', `/staff/practices/${draft}`, member)).statusCode).toBe(404);
      expect(
        (await call('GET', `/staff/practices/${draft}/documents/${documentId}/download`, member)).statusCode,
      ).toBe(404);
      expect((await call('GET', `/staff/practices/${draft}/appeal`, member)).statusCode).toBe(404);
    }
  });
});
