import { practiceSchema } from '@lisbon/domain';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { login } from './identity';
import {
  apiCall,
  completeDraft,
  dataOf,
  PURPOSE,
  QUALIFICATION,
  REFUGEE_DOCUMENTS,
  STANDARD_DOCUMENTS,
  type Applicant,
} from './requests';

let call: ReturnType<typeof apiCall>;
const START = '2025-03-03T09:00:00Z';
const clock = new ManualClock(START);
let ada: Applicant;
let bob: Applicant;
let ids: number[];

let day = 0;
/** Requests in several statuses, as later issues (staff, publication) will move them; one day apart. */
async function practiceIn(
  who: Applicant,
  status: string,
  qualificationName: string,
  deadline: string | null,
) {
  const created = await call('POST', '/practices', who, {
    country: 'BR',
    level: 'higher',
    replace_draft: false,
  });
  const { id } = dataOf<{ id: number }>(created);
  await call('PATCH', `/practices/${id}/qualification`, who, {
    ...QUALIFICATION,
    qualification_name: qualificationName,
  });
  await t.database.db
    .updateTable('practices')
    .set({ status, expected_deadline: deadline, created_at: `2025-02-0${++day}T10:00:00.000Z` })
    .where('id', '=', id)
    .execute();
  return id;
}

const t = useTestApp({ clock, env: { DAILY_SUBMISSION_CAP: '1' } });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  bob = await t.applicant({ email: 'bob@example.org' });
  ids = [
    await practiceIn(ada, 'in_evaluation', 'Master of Arts', '2025-06-10'),
    await practiceIn(ada, 'published', 'Bachelor of Laws', '2025-05-01'),
    await practiceIn(ada, 'closed', 'Diploma in Nursing', null),
    await practiceIn(ada, 'pending_student_reply', 'Certificate of Education', '2025-05-20'),
  ];
  ids.push(
    dataOf<{ id: number }>(await call('POST', '/practices', ada, { country: 'FR', level: 'higher' })).id,
  );
});

const list = async (query: string, who = ada) => {
  const response = await call('GET', `/practices?${query}`, who);
  expect(response.statusCode).toBe(200);
  return response.json<{
    data: { id: number; status_label: string; days_to_go: number | null }[];
    meta: object;
  }>();
};

describe('GET /practices', () => {
  it('lists the applicant’s requests newest first, paginated, with meta', async () => {
    const page = await list('perPage=2&page=2');
    expect(page.meta).toEqual({ page: 2, perPage: 2, total: 5, sort: '-created_at' });
    expect(page.data.map((practice) => practice.id)).toEqual([ids[2], ids[1]]);
    expect((await list('', bob)).data).toEqual([]);
  });

  it('sorts by the options of spec §9, empty values last', async () => {
    expect((await list('sort=name')).data.map((p) => p.id)).toEqual([ids[1], ids[3], ids[2], ids[0], ids[4]]);
    expect((await list('sort=expected_deadline')).data.map((p) => p.id)).toEqual([
      ids[1],
      ids[3],
      ids[0],
      ids[2],
      ids[4],
    ]);
    expect((await list('sort=-expected_deadline')).data.map((p) => p.id)).toEqual([
      ids[0],
      ids[3],
      ids[1],
      ids[4],
      ids[2],
    ]);
    expect((await list('sort=sequence')).data.map((p) => p.id)).toEqual([...ids].sort((a, b) => a - b));
    expect((await call('GET', '/practices?sort=colour', ada)).statusCode).toBe(422);
  });

  it('splits current requests from the archive (closed, published, final appeals)', async () => {
    const archive = await list('view=archive');
    expect(archive.data.map((p) => p.status_label).sort()).toEqual(['closed', 'published']);
    const current = await list('view=current');
    expect(current.data.map((p) => p.status_label).sort()).toEqual([
      'cimea request',
      'draft',
      'in evaluation',
    ]);
    expect(current.data.find((p) => p.id === ids[0])?.days_to_go).toBeGreaterThan(0);
    expect(archive.data.every((p) => p.days_to_go === null)).toBe(true);
  });
});

describe('GET and DELETE /practices/{id}', () => {
  it('shows a request only to its owner: anyone else gets 404', async () => {
    expect(practiceSchema.parse(dataOf(await call('GET', `/practices/${ids[0]}`, ada))).id).toBe(ids[0]);
    expect((await call('GET', `/practices/${ids[0]}`, bob)).statusCode).toBe(404);
    expect((await call('GET', '/practices/999999', ada)).statusCode).toBe(404);
    expect((await call('PATCH', `/practices/${ids[4]}/purpose`, bob, PURPOSE)).statusCode).toBe(404);
    expect((await call('DELETE', `/practices/${ids[4]}`, bob)).statusCode).toBe(404);
  });

  it('deletes drafts only', async () => {
    expect((await call('DELETE', `/practices/${ids[0]}`, ada)).json()).toMatchObject({
      code: 'PRACTICE_NOT_EDITABLE',
    });
    expect((await call('PATCH', `/practices/${ids[0]}/purpose`, ada, PURPOSE)).statusCode).toBe(409);
    // A draft of another applicant's: Ada's stays for the lists and counts, before this test or after it.
    const cleo = await t.applicant({ email: 'cleo@example.org' });
    const draft = dataOf<{ id: number }>(
      await call('POST', '/practices', cleo, { country: 'FR', level: 'higher' }),
    ).id;
    expect((await call('DELETE', `/practices/${draft}`, cleo)).statusCode).toBe(204);
    expect(dataOf(await call('GET', '/practices/draft', cleo))).toBeNull();
  });
});

describe('GET /users/{id}/notifications', () => {
  it('counts the owner’s requests per status label, with a total', async () => {
    const response = await call('GET', `/users/${ada.id}/notifications`, ada);
    expect(dataOf(response)).toEqual({
      counts: {
        draft: 1,
        'in evaluation': 1,
        'cimea request': 1,
        closed: 1,
        published: 1,
        'appeal in evaluation': 0,
        appeal_rejected: 0,
        appeal_issued: 0,
        amend_issued: 0,
        appeal_refused: 0,
      },
      total: 5,
    });
    expect((await call('GET', `/users/${ada.id}/notifications`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/users/${ada.id}/notifications`)).statusCode).toBe(401);
  });
});

describe('the contingency limit (DAILY_SUBMISSION_CAP=1)', () => {
  it('keeps the draft intact past the cap and accepts it the next day', async () => {
    // Back to the first day once it ends, so the sessions of the file's other tests last, shuffled.
    onTestFinished(() => clock.set(START));
    const first = await t.applicant({ email: 'first@example.org', category: 'refugee' });
    const second = await t.applicant({ email: 'second@example.org', category: 'refugee' });
    const firstId = await completeDraft(t.app, first, { documents: REFUGEE_DOCUMENTS });
    const secondId = await completeDraft(t.app, second, { documents: REFUGEE_DOCUMENTS });
    expect((await call('POST', `/practices/${firstId}/submit`, first)).statusCode).toBe(200);

    const before = dataOf(await call('GET', `/practices/${secondId}`, second));
    const refused = await call('POST', `/practices/${secondId}/submit`, second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'CONTINGENCY_LIMIT',
      message: expect.stringMatching(/cannot be finalised now/),
    });
    expect(dataOf(await call('GET', `/practices/${secondId}`, second))).toEqual(before);
    // A paid request learns it before paying (an applicant of its own: Ada's requests stay as listed).
    const payer = await t.applicant({ email: 'payer@example.org' });
    const paidId = await completeDraft(t.app, payer, { documents: STANDARD_DOCUMENTS });
    expect((await call('POST', `/practices/${paidId}/submit`, payer)).json()).toMatchObject({
      code: 'CONTINGENCY_LIMIT',
    });

    clock.advance({ days: 1 });
    const { token } = await login(t.app, 'second@example.org'); // the session expired overnight
    expect(dataOf(await call('POST', `/practices/${secondId}/submit`, { ...second, token }))).toMatchObject({
      status: 'unassigned',
    });
  });
});
