import { REASSIGNABLE_STATUSES, type PracticeStatus } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { apiCall, dataOf, type Applicant } from './requests';
import { auditOf, practiceIn, type StaffMember } from './staff';

/**
 * Issue 6: a secretary or admin may change the evaluator or reviewer of a request already being
 * worked on (decision 025). The status stays, an audit entry names who had it before, the new
 * people may act and the former ones get 403.
 */

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let secretary: StaffMember;
let admin: StaffMember;
let eva: StaffMember;
let ezio: StaffMember;
let rita: StaffMember;
let remo: StaffMember;

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  admin = await t.staff('admin', { email: 'admin@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org' });
  ezio = await t.staff('evaluator', { email: 'ezio@example.org' });
  rita = await t.staff('reviewer', { email: 'rita@example.org' });
  remo = await t.staff('reviewer', { email: 'remo@example.org' });
});

const inStatus = (status: PracticeStatus) =>
  practiceIn(t.database, {
    userId: ada.id,
    status,
    assigneeId: eva.id,
    reviewerId: rita.id,
    isAssessed: true,
  });

const assign = (who: Applicant, ids: number[], evaluator: StaffMember, reviewer: StaffMember) =>
  call('POST', '/staff/practices/assign', who, {
    practice_ids: ids,
    evaluator_id: evaluator.id,
    reviewer_id: reviewer.id,
  });

const move = (who: Applicant, id: number, payload: object) =>
  call('POST', `/staff/practices/${id}/transitions`, who, payload);

const peopleOf = (id: number) =>
  t.database.db
    .selectFrom('practices')
    .select(['status', 'assignee_id', 'reviewer_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('re-assignment once the evaluation has started', () => {
  it('hands a request in evaluation to another evaluator: the new one acts, the former one gets 403', async () => {
    const id = await inStatus('in_evaluation');
    const changed = await assign(secretary, [id], ezio, rita);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      meta: { notice: 'practiceAssigned', message: 'Request assigned' },
    });
    expect(await peopleOf(id)).toEqual({
      status: 'in_evaluation',
      assignee_id: ezio.id,
      reviewer_id: rita.id,
    });

    const [entry] = (await auditOf(t.database, id)).filter((row) => row.action === 'reassign');
    expect(entry).toMatchObject({
      from_status: 'in_evaluation',
      to_status: 'in_evaluation',
      by_user_id: secretary.id,
    });
    const details: unknown = entry?.details;
    expect(typeof details === 'string' ? JSON.parse(details) : details).toEqual({
      evaluator_id: ezio.id,
      reviewer_id: rita.id,
      previous_evaluator_id: eva.id,
      previous_reviewer_id: rita.id,
    });

    const question = { action: 'ask_applicant', message: 'Please send the transcript.' };
    expect((await move(eva, id, question)).json()).toMatchObject({ code: 'FORBIDDEN_ACCESS' });
    expect((await call('PUT', `/staff/practices/${id}/assessment`, eva, {})).statusCode).toBe(403);
    expect((await move(ezio, id, question)).statusCode).toBe(200);

    // The workspace says who may do what now.
    const seenByEzio = dataOf<{ assignee: { id: number }; allowed_changes: string[] }>(
      await call('GET', `/staff/practices/${id}`, ezio),
    );
    expect(seenByEzio.assignee.id).toBe(ezio.id);
    expect(seenByEzio.allowed_changes).toContain('assessment');
    const seenBySecretary = dataOf<{ allowed_changes: string[] }>(
      await call('GET', `/staff/practices/${id}`, secretary),
    );
    expect(seenBySecretary.allowed_changes).toContain('reassign');
  });

  it('hands a request in review to another reviewer: only the new reviewer concludes', async () => {
    const id = await inStatus('in_review');
    expect((await assign(admin, [id], eva, remo)).statusCode).toBe(200);
    expect(await peopleOf(id)).toMatchObject({ status: 'in_review', reviewer_id: remo.id });
    expect((await move(rita, id, { action: 'conclude_review' })).statusCode).toBe(403);
    expect((await move(remo, id, { action: 'conclude_review' })).json()).toMatchObject({
      data: { status: 'reviewed' },
    });
  });

  it('is possible in every status where people work on the request, and nowhere past it', async () => {
    for (const status of REASSIGNABLE_STATUSES) {
      const id = await inStatus(status);
      expect((await assign(secretary, [id], ezio, remo)).statusCode, status).toBe(200);
      expect(await peopleOf(id)).toEqual({ status, assignee_id: ezio.id, reviewer_id: remo.id });
    }
    for (const status of ['ready_for_issue', 'published', 'closed'] as const) {
      const id = await inStatus(status);
      const refused = await assign(secretary, [id], ezio, remo);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
      expect(await peopleOf(id)).toMatchObject({ assignee_id: eva.id, reviewer_id: rita.id });
    }
  });

  it('is for assigning staff only, checks the people, and is all or none with first assignments', async () => {
    const id = await inStatus('in_evaluation');
    expect((await assign(eva, [id], ezio, rita)).statusCode).toBe(403);
    expect((await assign(rita, [id], ezio, remo)).statusCode).toBe(403);

    // A reviewer as evaluator: 422 on the field, nothing changed.
    const wrong = await call('POST', '/staff/practices/assign', secretary, {
      practice_ids: [id],
      evaluator_id: rita.id,
      reviewer_id: remo.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { evaluator_id: expect.any(Array) } });

    // A new request and one in evaluation together; a closed one spoils the batch for all.
    const fresh = await practiceIn(t.database, { userId: ada.id, status: 'unassigned' });
    const closed = await inStatus('closed');
    expect((await assign(secretary, [fresh, id, closed], ezio, remo)).statusCode).toBe(409);
    expect(await peopleOf(fresh)).toEqual({ status: 'unassigned', assignee_id: null, reviewer_id: null });
    expect(await peopleOf(id)).toMatchObject({ assignee_id: eva.id });
    expect((await assign(secretary, [fresh, id], ezio, remo)).statusCode).toBe(200);
    expect(await peopleOf(fresh)).toEqual({ status: 'assigned', assignee_id: ezio.id, reviewer_id: remo.id });
    expect(await peopleOf(id)).toEqual({
      status: 'in_evaluation',
      assignee_id: ezio.id,
      reviewer_id: remo.id,
    });
  });
});
