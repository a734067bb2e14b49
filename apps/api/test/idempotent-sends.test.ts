import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { withPublishedStatement } from './appeals';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { completeDraft, REFUGEE_DOCUMENTS, type Applicant } from './requests';
import { auditOf, practiceIn, queuedMails, statusOf, type StaffMember } from './staff';

// Decision 071, amended 2026-12-07: a send retried with its Idempotency-Key after its answer was
// lost is made once and answers as the first did, where the status checks refused it (409).

const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let evaluator: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  ada = await t.applicant({ email: 'ada@example.org' });
  evaluator = await t.staff('evaluator', { email: 'eva@example.org' });
}, 60_000);

const post = (who: Applicant, url: string, key: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(who.token), 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  });

const threadOf = async (practiceId: number) =>
  (
    await t.database.db
      .selectFrom('practice_messages')
      .select('body')
      .where('practice_id', '=', practiceId)
      .execute()
  ).map((message) => message.body);

const mailsAbout = async (practiceId: number) =>
  (await queuedMails(t.database, 'ada@example.org'))
    .filter((mail) => mail.subject.includes(String(practiceId)))
    .map((mail) => mail.kind);

type Parameter = { name: string; in: string };
const headersOf = async (path: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const route = response.json<{ paths: Record<string, { post?: { parameters?: Parameter[] } }> }>().paths[
    `/api/v1${path}`
  ];
  return (route?.post?.parameters ?? []).filter((parameter) => parameter.in === 'header').map((p) => p.name);
};

describe('a move carrying a message, retried with the same Idempotency-Key', () => {
  it('asks the applicant once, and the retry gets the first answer, not 409', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: evaluator.id,
    });
    const body = {
      action: 'ask_applicant',
      message: 'Which year did you graduate?',
      expected_status: 'in_evaluation',
    };
    const key = '"3b1f6d2e-1a2b-4c3d-8e4f-5a6b7c8d9e10"';
    const first = await post(evaluator, `/staff/practices/${id}/transitions`, key, body);
    const retry = await post(evaluator, `/staff/practices/${id}/transitions`, key, body);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await threadOf(id)).toEqual(['Which year did you graduate?']);
    expect(await mailsAbout(id)).toEqual(['question-asked']);
    expect((await auditOf(t.database, id)).map((entry) => entry.action)).toEqual(['ask_applicant']);
  });

  it('is refused with another body (422) and moves nothing', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: evaluator.id,
    });
    const key = '3b1f6d2e-1a2b-4c3d-8e4f-5a6b7c8d9e11';
    const url = `/staff/practices/${id}/transitions`;
    expect(
      (await post(evaluator, url, key, { action: 'ask_applicant', message: 'Your diploma?' })).statusCode,
    ).toBe(200);
    const other = await post(evaluator, url, key, { action: 'ask_applicant', message: 'Your transcript?' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await threadOf(id)).toEqual(['Your diploma?']);
  });

  it('the applicant’s reply is sent once, and the retry gets the first answer, not 409', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'pending_student_reply',
      assigneeId: evaluator.id,
    });
    const key = '3b1f6d2e-1a2b-4c3d-8e4f-5a6b7c8d9e12';
    const first = await post(ada, `/practices/${id}/reply`, key, { message: 'In 2019.' });
    const retry = await post(ada, `/practices/${id}/reply`, key, { message: 'In 2019.' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await threadOf(id)).toEqual(['In 2019.']);
    expect(await statusOf(t.database, id)).toBe('in_evaluation');
  });

  it('a key is per request: the same key on another request is another body (422)', async () => {
    const one = await practiceIn(t.database, { userId: ada.id, status: 'pending_student_reply' });
    const two = await practiceIn(t.database, { userId: ada.id, status: 'pending_student_reply' });
    const key = '3b1f6d2e-1a2b-4c3d-8e4f-5a6b7c8d9e13';
    expect((await post(ada, `/practices/${one}/reply`, key, { message: 'Done.' })).statusCode).toBe(200);
    const other = await post(ada, `/practices/${two}/reply`, key, { message: 'Done.' });
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await statusOf(t.database, two)).toBe('pending_student_reply');
  });

  it('documents the header on both routes', async () => {
    expect(await headersOf('/staff/practices/{id}/transitions')).toEqual(['idempotency-key']);
    expect(await headersOf('/practices/{id}/reply')).toEqual(['idempotency-key']);
  });
});

describe('an assignment of several requests, retried with the same Idempotency-Key', () => {
  it('writes each audit entry once, and the retry gets the first answer', async () => {
    const secretary = await t.staff('secretary', { email: 'sec@example.org' });
    const reviewer = await t.staff('reviewer', { email: 'rev@example.org' });
    const ids = [
      await practiceIn(t.database, { userId: ada.id, status: 'unassigned' }),
      await practiceIn(t.database, { userId: ada.id, status: 'assigned', assigneeId: evaluator.id }),
    ];
    const body = { practice_ids: ids, evaluator_id: evaluator.id, reviewer_id: reviewer.id };
    const key = '3b1f6d2e-1a2b-4c3d-8e4f-5a6b7c8d9e20';
    const first = await post(secretary, '/staff/practices/assign', key, body);
    const retry = await post(secretary, '/staff/practices/assign', key, body);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    for (const id of ids)
      expect((await auditOf(t.database, id)).map((entry) => entry.action)).toEqual(['assign']);
    const other = await post(secretary, '/staff/practices/assign', key, { ...body, practice_ids: [ids[0]] });
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await headersOf('/staff/practices/assign')).toEqual(['idempotency-key']);
  });
});

describe('a staff note, retried with the same Idempotency-Key', () => {
  it('is added once, and the retry gets the first answer', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'in_evaluation',
      assigneeId: evaluator.id,
    });
    const key = '3b1f6d2e-1a2b-4c3d-8e4f-5a6b7c8d9e30';
    const url = `/staff/practices/${id}/notes`;
    const first = await post(evaluator, url, key, { text: 'Called the university.' });
    const retry = await post(evaluator, url, key, { text: 'Called the university.' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const notes = await t.database.db
      .selectFrom('practice_notes')
      .select('body')
      .where('practice_id', '=', id)
      .execute();
    expect(notes).toEqual([{ body: 'Called the university.' }]);
    expect((await auditOf(t.database, id)).map((entry) => entry.action)).toEqual(['note']);
    const other = await post(evaluator, url, key, { text: 'Called again.' });
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await headersOf('/staff/practices/{id}/notes')).toEqual(['idempotency-key']);
  });
});

describe('an appeal or amendment filing, retried with the same Idempotency-Key', () => {
  it('is filed once, and the retry gets the first answer, not 409', async () => {
    const id = await practiceIn(t.database, {
      userId: ada.id,
      status: 'published',
      assigneeId: evaluator.id,
    });
    await t.database.db
      .updateTable('practices')
      .set({ published_at: '2025-03-02T09:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    await withPublishedStatement(t.database, id);
    const key = '3b1f6d2e-1a2b-4c3d-8e4f-5a6b7c8d9e40';
    const body = { type: 'amendment', motivation: 'My name is misspelt.' };
    const first = await post(ada, `/practices/${id}/appeal`, key, body);
    const retry = await post(ada, `/practices/${id}/appeal`, key, body);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await threadOf(id)).toEqual(['My name is misspelt.']);
    const other = await post(ada, `/practices/${id}/appeal`, key, { ...body, type: 'appeal' });
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await headersOf('/practices/{id}/appeal')).toEqual(['idempotency-key']);
  });
});

describe('the submission of a free request, retried with the same Idempotency-Key', () => {
  it('is submitted once, and the retry gets the first answer, not 409', async () => {
    const refugee = await t.applicant({ email: 'amal@example.org', category: 'refugee' });
    const id = await completeDraft(t.app, refugee, { documents: REFUGEE_DOCUMENTS });
    const key = '3b1f6d2e-1a2b-4c3d-8e4f-5a6b7c8d9e50';
    const first = await post(refugee, `/practices/${id}/submit`, key);
    const retry = await post(refugee, `/practices/${id}/submit`, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ data: { id, status: 'unassigned' } });
    expect((await auditOf(t.database, id)).map((entry) => [entry.from_status, entry.to_status])).toEqual([
      [null, 'draft'],
      ['draft', 'unassigned'],
    ]);
    const mails = await queuedMails(t.database, 'amal@example.org');
    expect(mails.map((mail) => mail.kind)).toEqual(['request-received']);
    // Another request with the same key is another body; the draft stays a draft.
    const other = await completeDraft(t.app, refugee, { documents: REFUGEE_DOCUMENTS });
    expect((await post(refugee, `/practices/${other}/submit`, key)).json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await statusOf(t.database, other)).toBe('draft');
    expect(await headersOf('/practices/{id}/submit')).toEqual(['idempotency-key']);
  });
});
