import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer, createUser, login } from './identity';
import { apiCall, dataOf, type Applicant } from './requests';
import { auditOf, practiceIn, type StaffMember } from './staff';

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let bob: Applicant;
let secretary: StaffMember;
let eva: StaffMember;
let ezio: StaffMember;
let rita: StaffMember;
let admin: StaffMember;
let withoutTwoFactor: number;
type Request =
  'evaluating' | 'asked' | 'reviewing' | 'ready' | 'closed' | 'ezios' | 'new1' | 'new2' | 'draft';
const ids = {} as Record<Request, number>;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  bob = await t.applicant({ email: 'bob@example.org' });
  await t.database.db.updateTable('users').set({ last_name: 'Zanetti' }).where('id', '=', bob.id).execute();
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org', firstName: 'Eva' });
  ezio = await t.staff('evaluator', { email: 'ezio@example.org', firstName: 'Ezio' });
  rita = await t.staff('reviewer', { email: 'rita@example.org', firstName: 'Rita' });
  admin = await t.staff('admin', { email: 'admin@example.org', firstName: 'Ada' });
  const mine = { assigneeId: eva.id, reviewerId: rita.id };
  ids.evaluating = await practiceIn(t.database, {
    userId: ada.id,
    status: 'in_evaluation',
    ...mine,
    deadline: '2025-05-10',
  });
  ids.asked = await practiceIn(t.database, {
    userId: bob.id,
    status: 'pending_student_reply',
    ...mine,
    country: 'FR',
    deadline: '2025-04-01',
  });
  ids.reviewing = await practiceIn(t.database, {
    userId: ada.id,
    status: 'in_review',
    ...mine,
    isUrgent: true,
  });
  ids.ready = await practiceIn(t.database, {
    userId: bob.id,
    status: 'ready_for_issue',
    ...mine,
    deadline: null,
  });
  ids.closed = await practiceIn(t.database, { userId: ada.id, status: 'closed', ...mine });
  ids.ezios = await practiceIn(t.database, {
    userId: bob.id,
    status: 'in_evaluation',
    assigneeId: ezio.id,
    reviewerId: rita.id,
    service: 'comparability',
  });
  ids.new1 = await practiceIn(t.database, { userId: ada.id, status: 'unassigned', deadline: '2025-07-01' });
  ids.new2 = await practiceIn(t.database, { userId: bob.id, status: 'unassigned', deadline: '2025-07-02' });
  ids.draft = await practiceIn(t.database, { userId: ada.id, status: 'draft' });
});

const idsOf = async (who: Applicant, query: string) => {
  const response = await call('GET', `/staff/practices?${query}`, who);
  expect(response.statusCode, query).toBe(200);
  const body = response.json<{ data: { id: number }[]; meta: { total: number } }>();
  return { ids: body.data.map((practice) => practice.id), total: body.meta.total };
};

describe('access to the staff area', () => {
  it('refuses applicants, and staff without two factors', async () => {
    for (const url of ['/staff/queues/counts', '/staff/practices', `/staff/practices/${ids.asked}`]) {
      expect((await call('GET', url, ada)).json(), url).toMatchObject({ code: 'FORBIDDEN_ACCESS' });
    }
    withoutTwoFactor = await createUser(t.database, clock, { email: 'no2fa@example.org', role: 'evaluator' });
    const { token } = await login(t.app, 'no2fa@example.org');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/staff/queues/counts',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect((await call('GET', '/staff/queues/counts')).statusCode).toBe(401);
  });
});

describe('queues', () => {
  it('count each queue for the caller', async () => {
    const counts = async (who: Applicant) => dataOf(await call('GET', '/staff/queues/counts', who));
    expect(await counts(eva)).toEqual({
      assigned: 4,
      to_review: 0,
      ready_for_issue: 1,
      unassigned: 2,
      archive: 1,
      all: 8,
      kinds: {
        assigned: { appeals: 0, amendments: 0 },
        to_review: { appeals: 0, amendments: 0 },
        ready_for_issue: { appeals: 0, amendments: 0 },
        unassigned: { appeals: 0, amendments: 0 },
        archive: { appeals: 0, amendments: 0 },
        all: { appeals: 0, amendments: 0 },
      },
    });
    expect(await counts(rita)).toMatchObject({ assigned: 0, to_review: 1 });
    expect(await counts(ezio)).toMatchObject({ assigned: 1, to_review: 0, all: 8 });
  });

  it('list a queue, never drafts', async () => {
    expect((await idsOf(eva, 'queue=assigned&sort=id')).ids).toEqual([
      ids.evaluating,
      ids.asked,
      ids.reviewing,
      ids.ready,
    ]);
    expect((await idsOf(rita, 'queue=to_review')).ids).toEqual([ids.reviewing]);
    expect((await idsOf(secretary, 'queue=archive')).ids).toEqual([ids.closed]);
    expect((await idsOf(secretary, 'queue=unassigned&sort=id')).ids).toEqual([ids.new1, ids.new2]);
    expect((await idsOf(secretary, 'queue=all')).ids).not.toContain(ids.draft);
  });

  it('filter by status, country, service, urgency, deadline and assignee', async () => {
    expect((await idsOf(eva, 'status=pending_student_reply')).ids).toEqual([ids.asked]);
    expect((await idsOf(eva, 'country=fr')).ids).toEqual([ids.asked]);
    expect((await idsOf(eva, 'service=comparability')).ids).toEqual([ids.ezios]);
    expect((await idsOf(eva, 'is_urgent=true')).ids).toEqual([ids.reviewing]);
    expect((await idsOf(eva, 'deadline_before=2025-05-10&sort=expected_deadline')).ids).toEqual([
      ids.asked,
      ids.evaluating,
    ]);
    expect((await idsOf(eva, `assignee_id=${ezio.id}`)).ids).toEqual([ids.ezios]);
    const bad = await call('GET', '/staff/practices?queue=mine', eva);
    expect(bad.statusCode).toBe(422);
  });

  it('filter a queue by the statuses it can hold only, refusing any other on `status`', async () => {
    expect((await idsOf(secretary, 'queue=archive&status=closed')).ids).toEqual([ids.closed]);
    expect((await idsOf(eva, 'queue=assigned&status=ready_for_issue')).ids).toEqual([ids.ready]);
    const outside = await call('GET', '/staff/practices?queue=to_review&status=published', rita);
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { status: ['Choose one of the options offered'] },
    });
    const archived = await call('GET', '/staff/practices?queue=assigned&status=closed', eva);
    expect(archived.json()).toMatchObject({ errors: { status: ['Choose one of the options offered'] } });
  });

  it('sort by the options of spec §9 both ways, empty deadlines last, and page with a total', async () => {
    const deadlines = await idsOf(eva, 'queue=assigned&sort=-expected_deadline');
    expect(deadlines.ids).toEqual([ids.reviewing, ids.evaluating, ids.asked, ids.ready]);
    const byName = await idsOf(secretary, 'queue=unassigned&sort=-name');
    expect(byName.ids).toEqual([ids.new2, ids.new1]);
    const page = await idsOf(secretary, 'sort=id&perPage=3&page=2');
    expect(page).toEqual({ ids: [ids.ready, ids.closed, ids.ezios], total: 8 });
  });
});

describe('assignment', () => {
  it('offers evaluators and reviewers by ability, admins among them', async () => {
    const people = dataOf<{ id: number }[]>(await call('GET', '/staff/users?role=evaluator', secretary));
    expect(people.map((person) => person.id).sort()).toEqual(
      [eva.id, ezio.id, admin.id, withoutTwoFactor].sort(),
    );
    const reviewers = dataOf<{ id: number }[]>(await call('GET', '/staff/users?role=reviewer', secretary));
    expect(reviewers.map((person) => person.id).sort()).toEqual([rita.id, admin.id].sort());
  });

  it('assigns several requests at once, or none when one cannot be', async () => {
    // Unassigned again once it ends, so the queues' tests find them there, before this one or after it.
    onTestFinished(async () => {
      await t.database.db
        .updateTable('practices')
        .set({ status: 'unassigned', assignee_id: null, reviewer_id: null })
        .where('id', 'in', [ids.new1, ids.new2])
        .execute();
    });
    const assign = (who: Applicant, practiceIds: number[], reviewerId = rita.id) =>
      call('POST', '/staff/practices/assign', who, {
        practice_ids: practiceIds,
        evaluator_id: ezio.id,
        reviewer_id: reviewerId,
      });
    expect((await assign(eva, [ids.new1])).json()).toMatchObject({ code: 'FORBIDDEN_ACCESS' });
    expect((await assign(secretary, [ids.new1], ezio.id)).json()).toMatchObject({
      errors: { reviewer_id: ['The reviewer must be someone other than the evaluator'] },
    });
    expect((await assign(secretary, [ids.new1], eva.id)).json()).toMatchObject({
      errors: { reviewer_id: expect.any(Array) },
    });
    // A request past its review no longer changes hands (re-assignment: staff-reassign.test.ts).
    const mixed = await assign(secretary, [ids.new1, ids.ready]);
    expect(mixed.json()).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    expect(await auditOf(t.database, ids.new1)).toEqual([]);

    const italian = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/practices/assign',
      headers: { ...bearer(secretary.token), 'accept-language': 'it-IT' },
      payload: { practice_ids: [ids.new1, ids.new2], evaluator_id: ezio.id, reviewer_id: rita.id },
    });
    expect(italian.json()).toEqual({
      data: { practice_ids: [ids.new1, ids.new2] },
      meta: { notice: 'practicesAssigned', message: 'Richieste assegnate' },
    });
    for (const id of [ids.new1, ids.new2]) {
      expect(await auditOf(t.database, id)).toMatchObject([
        { action: 'assign', from_status: 'unassigned', to_status: 'assigned', by_user_id: secretary.id },
      ]);
    }
    expect((await idsOf(ezio, 'queue=assigned')).total).toBe(3);

    // One request (the same id twice is one) is said in the singular.
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/practices/assign',
      headers: { ...bearer(secretary.token), 'accept-language': 'it-IT' },
      payload: { practice_ids: [ids.new1, ids.new1], evaluator_id: ezio.id, reviewer_id: rita.id },
    });
    expect(one.json()).toEqual({
      data: { practice_ids: [ids.new1] },
      meta: { notice: 'practiceAssigned', message: 'Richiesta assegnata' },
    });
  });
});

describe('totals at scale (decision 050)', () => {
  it('counts a filtered list up to 10,000 and then says "more than", while queue totals stay exact', async () => {
    const rows = Array.from({ length: 10_050 }, () => ({
      user_id: bob.id,
      status: 'closed',
      service: 'comparability_verification',
      country: 'NZ',
      level: 'higher',
      is_urgent: 0,
      wizard_step: 'review',
      requested_at: '2025-01-02T09:00:00.000Z',
      requested_on: '2025-01-02',
      expected_deadline: '2025-02-01',
      created_at: '2025-01-02T09:00:00.000Z',
      updated_at: '2025-01-02T09:00:00.000Z',
    }));
    const before = (await idsOf(secretary, 'queue=archive')).total;
    for (let start = 0; start < rows.length; start += 500) {
      await t.database.db
        .insertInto('practices')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    const response = await call('GET', '/staff/practices?queue=archive&country=NZ', secretary);
    expect(response.json()).toMatchObject({ meta: { total: 10_000, is_total_capped: true } });
    // "More than" is not split: there is no exact total to split.
    expect(response.json().meta).not.toHaveProperty('kinds');
    const counted = await call('GET', '/staff/practices?queue=archive&country=BR', secretary);
    expect(counted.json().meta).not.toHaveProperty('is_total_capped');
    expect(counted.json().meta).toHaveProperty('kinds');
    expect((await idsOf(secretary, 'queue=archive')).total).toBe(before + 10_050);
    const counts = await call('GET', '/staff/queues/counts', secretary);
    expect(dataOf(counts)).toMatchObject({ archive: before + 10_050 });
    await t.database.db.deleteFrom('practices').where('country', '=', 'NZ').execute();
    expect((await idsOf(secretary, 'queue=archive')).total).toBe(before);
  });
});

describe('a list’s total, split', () => {
  it('says how many are first requests, appeals and amendments, filtered or not, for the caller’s queue', async () => {
    const appealed = async (
      type: 'appeal' | 'amendment',
      status: 'appeal_requested' | 'appeal_in_evaluation',
    ) => {
      const id = await practiceIn(t.database, {
        userId: ada.id,
        status,
        assigneeId: eva.id,
        reviewerId: rita.id,
        country: 'CL',
      });
      await t.database.db
        .insertInto('appeals')
        .values({
          practice_id: id,
          user_id: ada.id,
          type,
          motivation: 'Please look again.',
          document_ids: '[]',
          created_at: '2025-03-02T09:00:00.000Z',
        })
        .execute();
      return id;
    };
    const meta = async (who: StaffMember, query: string) => {
      const response = await call('GET', `/staff/practices?${query}`, who);
      expect(response.statusCode, query).toBe(200);
      return response.json<{ meta: { total: number; kinds?: object } }>().meta;
    };
    const before = await meta(eva, 'queue=assigned');
    expect(before.kinds).toEqual({ first_requests: before.total, appeals: 0, amendments: 0 });
    const added = [
      await appealed('appeal', 'appeal_in_evaluation'),
      await appealed('amendment', 'appeal_in_evaluation'),
      await appealed('amendment', 'appeal_requested'),
    ];
    // From the queue's kept counts: Eva's requests, two amendments and an appeal among them.
    expect(await meta(eva, 'queue=assigned')).toMatchObject({
      total: before.total + 3,
      kinds: { first_requests: before.total, appeals: 1, amendments: 2 },
    });
    // Counted with a filter the kept counts do not answer: the country.
    expect(await meta(eva, 'queue=assigned&country=CL')).toMatchObject({
      total: 3,
      kinds: { first_requests: 0, appeals: 1, amendments: 2 },
    });
    // And by status: one amendment of the three.
    expect(await meta(secretary, 'queue=all&status=appeal_requested')).toMatchObject({
      total: 1,
      kinds: { first_requests: 0, appeals: 0, amendments: 1 },
    });
    // Another evaluator's queue holds none of them.
    expect((await meta(ezio, 'queue=assigned')).kinds).toMatchObject({ appeals: 0, amendments: 0 });
    // The navigation's counts split each queue as its page does, from the same kept counts.
    const kindsOf = async (who: StaffMember) =>
      dataOf<{ kinds: Record<string, object> }>(await call('GET', '/staff/queues/counts', who)).kinds;
    expect((await kindsOf(eva)).assigned).toEqual({ appeals: 1, amendments: 2 });
    expect((await kindsOf(eva)).all).toEqual({ appeals: 1, amendments: 2 });
    expect((await kindsOf(rita)).to_review).toEqual({ appeals: 0, amendments: 0 });
    // The amendment asked for waits for those who assign it or admit it.
    expect((await kindsOf(secretary)).unassigned).toEqual({ appeals: 0, amendments: 1 });
    expect((await kindsOf(ezio)).assigned).toEqual({ appeals: 0, amendments: 0 });
    await t.database.db.deleteFrom('appeals').where('practice_id', 'in', added).execute();
    await t.database.db.deleteFrom('practices').where('id', 'in', added).execute();
  });
});

describe('an appeal asked for', () => {
  it('waits in the queue of those who assign, who admit or refuse it, counted there', async () => {
    const before = dataOf<{ unassigned: number }>(await call('GET', '/staff/queues/counts', secretary));
    const appeal = await practiceIn(t.database, {
      userId: ada.id,
      status: 'appeal_requested',
      assigneeId: eva.id,
      reviewerId: rita.id,
    });
    const { ids: toAssign } = await idsOf(secretary, 'queue=unassigned&sort=id');
    expect(toAssign).toContain(appeal);
    expect(dataOf(await call('GET', '/staff/queues/counts', secretary))).toMatchObject({
      unassigned: before.unassigned + 1,
    });
    // Its evaluator sees it among theirs too, as before.
    expect((await idsOf(eva, 'queue=assigned')).ids).toContain(appeal);
    await t.database.db.deleteFrom('practices').where('id', '=', appeal).execute();
  });
});

describe('an open request worked on without its people', () => {
  it('waits in the queue to assign, counted there, until it is given to someone', async () => {
    const before = dataOf<{ unassigned: number }>(await call('GET', '/staff/queues/counts', secretary));
    const admitted = await practiceIn(t.database, { userId: ada.id, status: 'appeal_in_evaluation' });
    const reviewerless = await practiceIn(t.database, {
      userId: bob.id,
      status: 'in_review',
      assigneeId: eva.id,
    });
    // Taken away once it ends, so the queues' tests count Eva's as set up, before this one or after it.
    onTestFinished(async () => {
      await t.database.db.deleteFrom('practices').where('id', 'in', [admitted, reviewerless]).execute();
    });
    const { ids: toAssign, total } = await idsOf(secretary, 'queue=unassigned&sort=id');
    expect(toAssign).toEqual(expect.arrayContaining([admitted, reviewerless]));
    expect(total).toBe(before.unassigned + 2);
    expect(dataOf(await call('GET', '/staff/queues/counts', secretary))).toMatchObject({
      unassigned: before.unassigned + 2,
    });
    // Filtered beyond what the counts answer, it is still found there.
    expect(
      (await idsOf(secretary, 'queue=unassigned&service=comparability_verification&sort=id')).ids,
    ).toContain(admitted);
    // Given to an evaluator and a reviewer, it leaves that queue.
    expect(
      (
        await call('POST', '/staff/practices/assign', secretary, {
          practice_ids: [admitted],
          evaluator_id: eva.id,
          reviewer_id: rita.id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await idsOf(secretary, 'queue=unassigned&sort=id')).ids).not.toContain(admitted);
  });
});
