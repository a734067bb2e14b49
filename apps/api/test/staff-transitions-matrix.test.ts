import {
  abilitiesFor,
  canFire,
  ERROR_STATUS,
  findTransition,
  PRACTICE_STATUSES,
  TRANSITION_ACTIONS,
  type ActorContext,
  type AppealType,
  type PracticeStatus,
  type TransitionAction,
} from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { toSessionUser } from '../src/modules/sessions/service';
import { transition } from '../src/modules/transitions/service';
import { findAccountById } from '../src/modules/users/accounts';
import { ManualClock } from '../src/platform/clock';
import { AppError } from '../src/platform/errors';
import { useTestApp } from './helper';
import { withPublishedStatement } from './appeals';
import { bearer, contextFor } from './identity';
import { type Applicant } from './requests';
import { auditOf, COMPLETE_ASSESSMENT, practiceIn, staffMember, statusOf } from './staff';

/**
 * The transition matrix: every status × every action × every role, driven by the domain's table.
 * Staff act through `POST /staff/practices/{id}/transitions`; the applicant through the transition
 * service itself (their only endpoint, the reply, is tested in staff-thread.test.ts).
 */

const ROLES = [
  'secretary',
  'evaluator-assignee',
  'evaluator-other',
  'reviewer-assigned',
  'reviewer-other',
  'admin',
  'applicant-owner',
] as const;
type MatrixRole = (typeof ROLES)[number];

const CONTEXTS: Record<MatrixRole, ActorContext> = {
  secretary: { actor: 'staff', abilities: abilitiesFor('secretary') },
  'evaluator-assignee': { actor: 'staff', abilities: abilitiesFor('evaluator'), isAssignee: true },
  'evaluator-other': { actor: 'staff', abilities: abilitiesFor('evaluator') },
  'reviewer-assigned': { actor: 'staff', abilities: abilitiesFor('reviewer'), isReviewer: true },
  'reviewer-other': { actor: 'staff', abilities: abilitiesFor('reviewer') },
  admin: { actor: 'staff', abilities: abilitiesFor('admin'), isAdmin: true },
  'applicant-owner': { actor: 'applicant' },
};

type Outcome = { status: number; code?: string; to?: PracticeStatus; isDeferred?: boolean };

/**
 * What the table says should happen on a request whose appeal is of `type` (an appeal's status:
 * 'appeal' unless said): the move, 409 (no such move from here), 403 (not this actor), or another
 * flow's 409.
 */
function expected(
  status: PracticeStatus,
  action: TransitionAction,
  role: MatrixRole,
  type: AppealType | null = appealTypeIn(status),
): Outcome {
  // Staff cannot tell a draft from a missing id (decision 084): the applicant's alone.
  if (status === 'draft' && role !== 'applicant-owner') return { status: 404, code: 'NOT_FOUND' };
  const move = findTransition(action, status, type);
  if (!move) return { status: 409, code: 'TRANSITION_NOT_ALLOWED' };
  if (!canFire(move, CONTEXTS[role])) return { status: 403, code: 'FORBIDDEN_ACCESS' };
  // Publishing (a statement, a statement of appeal, an amended statement) is accepted and left to
  // the statement job (statements module): the status moves later.
  if (move.via === 'publication') return { status: 200, to: status, isDeferred: true };
  if (move.via === 'appeal_request') return { status: 409, code: 'APPEAL_NOT_AVAILABLE' };
  return { status: 200, to: move.to };
}

/** An appeal's statuses are a request's with an appeal asked for: an appeal, unless the matrix says. */
const appealTypeIn = (status: PracticeStatus): AppealType | null =>
  status.startsWith('appeal_') ? 'appeal' : null;

const clock = new ManualClock('2025-03-03T09:00:00Z');
let owner: Applicant;
const people = {} as Record<Exclude<MatrixRole, 'applicant-owner'>, Applicant>;
/** One request per status, assigned to the assignee and reviewer of the matrix: failures leave it as it was. */
const probes = {} as Record<PracticeStatus, number>;
/** The amendment's: a request reviewed on an amendment. */
let amendmentProbe: number;

/**
 * How many refused calls are in flight at once: a refusal changes nothing (each status's test
 * checks its probe is as it was), so they need not wait for each other's database round trips.
 */
const REFUSALS_AT_ONCE = 8;

/**
 * A status's test makes about 170 calls, a few seconds alone and several times that on a busy
 * machine: far past the default, as is the setup's (six staff members, each with a password and a
 * second factor, and a probe per status).
 */
const MATRIX_TIMEOUT = 120_000;

const t = useTestApp({ clock, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
beforeAll(async () => {
  // Thousands of calls in seconds from each role's one session: far past the per-session floor.
  owner = await t.applicant({ email: 'owner@example.org' });
  const staff = [
    ['secretary', 'secretary'],
    ['evaluator-assignee', 'evaluator'],
    ['evaluator-other', 'evaluator'],
    ['reviewer-assigned', 'reviewer'],
    ['reviewer-other', 'reviewer'],
    ['admin', 'admin'],
  ] as const;
  await Promise.all(
    staff.map(async ([name, role]) => {
      people[name] = await staffMember(t.app, t.database, clock, { role, email: `${name}@example.org` });
    }),
  );
  for (const status of PRACTICE_STATUSES) probes[status] = await inStatus(status);
  amendmentProbe = await inStatus('appeal_reviewed', 'amendment');
}, MATRIX_TIMEOUT);

async function inStatus(
  status: PracticeStatus,
  type: AppealType | null = appealTypeIn(status),
): Promise<number> {
  const id = await practiceIn(t.database, {
    userId: owner.id,
    status,
    assigneeId: people['evaluator-assignee'].id,
    reviewerId: people['reviewer-assigned'].id,
    isAssessed: true,
  });
  // An appeal is about a published statement (issue_appeal and issue_amendment need it).
  if (status.startsWith('appeal_')) await withPublishedStatement(t.database, id);
  // Its appeal: which statement it is issued with follows its type (decision 026).
  if (type !== null) {
    await t.database.db
      .insertInto('appeals')
      .values({
        practice_id: id,
        user_id: owner.id,
        type,
        motivation: 'Please look again.',
        document_ids: '[]',
        created_at: '2025-03-02T09:00:00.000Z',
      })
      .execute();
  }
  return id;
}

const body = (action: TransitionAction) => ({
  action,
  note: 'Recorded reason',
  reason: 'Reason given to the applicant',
  message: 'Please send the transcript of records.',
  evaluator_id: people['evaluator-assignee'].id,
  reviewer_id: people['reviewer-assigned'].id,
});

/** One action as one role: in process for the applicant, through the API for staff. */
async function fire(role: MatrixRole, practiceId: number, action: TransitionAction): Promise<Outcome> {
  if (role === 'applicant-owner') {
    const account = await findAccountById(t.database.db, owner.id);
    if (!account) throw new Error('owner missing');
    const { message } = body(action);
    try {
      await transition(contextFor(t.database, clock), {
        practiceId,
        action,
        actor: toSessionUser(account),
        message,
      });
      return { status: 200 };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: ERROR_STATUS[error.code], code: error.code };
    }
  }
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/practices/${practiceId}/transitions`,
    headers: bearer(people[role].token),
    payload: body(action),
  });
  const answer = response.json<{ code?: string }>();
  return { status: response.statusCode, ...(answer.code ? { code: answer.code } : {}) };
}

/** `work` on every item, at most `atOnce` at a time; the answers in the items' order. */
async function eachAtMost<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = [];
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) {
      const item = items[index] as T;
      answers[index] = await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
  return answers;
}

/** Every action as every role from this status, on a request whose appeal is of `type`. */
async function answersAsTheTable(status: PracticeStatus, type: AppealType | null, probe: number) {
  const cells = TRANSITION_ACTIONS.flatMap((action) =>
    ROLES.map((role) => ({
      action,
      role,
      want: expected(status, action, role, type),
      label: `${status} × ${action} × ${role}`,
    })),
  );
  // The refusals, on the status's probe, several at once: none of them moves it.
  const refusals = cells.filter((cell) => cell.want.status !== 200);
  const answers = await eachAtMost(refusals, REFUSALS_AT_ONCE, (cell) => fire(cell.role, probe, cell.action));
  refusals.forEach(({ want, label }, index) => {
    expect(answers[index], label).toEqual({ status: want.status, code: want.code });
  });
  // Each move that succeeds, on a request of its own, one after the other.
  for (const { action, role, want, label } of cells) {
    if (want.status !== 200) continue;
    const id = await inStatus(status, type);
    expect(await fire(role, id, action), label).toEqual({ status: 200 });
    expect(await statusOf(t.database, id), label).toBe(want.to);
    const entries = await auditOf(t.database, id);
    if (want.isDeferred) {
      expect(entries, label).toEqual([]);
      continue;
    }
    expect(entries, label).toHaveLength(1);
    const actorId = role === 'applicant-owner' ? owner.id : people[role].id;
    expect(entries[0], label).toMatchObject({
      from_status: status,
      to_status: want.to,
      action,
      by_user_id: actorId,
    });
    const move = findTransition(action, status, type);
    if (move?.requires?.note) expect(entries[0]?.note, label).toBe('Recorded reason');
    if (move?.requires?.reason)
      expect(entries[0]?.details, label).toBe(JSON.stringify({ reason: 'Reason given to the applicant' }));
  }
  expect(await statusOf(t.database, probe)).toBe(status);
  expect(await auditOf(t.database, probe)).toEqual([]);
}

describe.each(PRACTICE_STATUSES)('from %s', (status) => {
  it(
    'answers every action for every role as the transition table says',
    { timeout: MATRIX_TIMEOUT },
    async () => {
      await answersAsTheTable(status, appealTypeIn(status), probes[status]);
    },
  );
});

describe('an amendment reviewed', () => {
  it(
    'answers every action for every role as the table says: issued as an amended statement, never as an appeal',
    { timeout: MATRIX_TIMEOUT },
    async () => {
      expect(expected('appeal_reviewed', 'issue_appeal', 'admin', 'amendment').status).toBe(409);
      expect(expected('appeal_reviewed', 'issue_amendment', 'admin').status).toBe(409);
      expect(expected('appeal_reviewed', 'issue_amendment', 'admin', 'amendment').status).toBe(200);
      await answersAsTheTable('appeal_reviewed', 'amendment', amendmentProbe);
    },
  );
});

describe('the matrix itself', () => {
  it('has successes for every role but the other evaluator and reviewer, so it cannot pass by refusing everything', () => {
    for (const role of ROLES) {
      const outcomes = PRACTICE_STATUSES.flatMap((status) =>
        TRANSITION_ACTIONS.map((action) => expected(status, action, role).status),
      );
      const isOther = role === 'evaluator-other' || role === 'reviewer-other';
      expect(outcomes.includes(200), role).toBe(!isOther);
      expect(outcomes, role).toContain(409);
      expect(outcomes, role).toContain(403);
    }
    expect(expected('assigned', 'start', 'evaluator-other').status).toBe(403);
    expect(expected('in_review', 'conclude_review', 'reviewer-other').status).toBe(403);
    expect(expected('in_evaluation', 'close', 'secretary').status).toBe(200);
  });
});

describe('four eyes', () => {
  it('refuses the review of a request to the administrator who evaluated it (403), and offers it to another', async () => {
    const id = await practiceIn(t.database, {
      userId: owner.id,
      status: 'in_review',
      assigneeId: people.admin.id,
      reviewerId: people['reviewer-assigned'].id,
      isAssessed: true,
    });
    const offered = async (who: Applicant) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/staff/practices/${id}`,
          headers: bearer(who.token),
        })
      )
        .json<{ data: { available_actions: { action: string }[] } }>()
        .data.available_actions.map((move) => move.action);
    expect(await offered(people.admin)).not.toContain('conclude_review');
    for (const action of ['conclude_review', 'send_back'] as const) {
      expect(await fire('admin', id, action)).toEqual({ status: 403, code: 'FORBIDDEN_ACCESS' });
    }
    expect(await statusOf(t.database, id)).toBe('in_review');
    expect(await offered(people['reviewer-assigned'])).toContain('conclude_review');
    expect(await fire('reviewer-assigned', id, 'conclude_review')).toEqual({ status: 200 });
    // Reviewed: the evaluating administrator does not mark it ready either.
    expect(await fire('admin', id, 'mark_ready_for_issue')).toEqual({
      status: 403,
      code: 'FORBIDDEN_ACCESS',
    });
  });

  it('keeps whoever sent a request in review from reviewing it after another evaluator took it over', async () => {
    const id = await practiceIn(t.database, {
      userId: owner.id,
      status: 'in_evaluation',
      assigneeId: people.admin.id,
      reviewerId: people['reviewer-assigned'].id,
      isAssessed: true,
    });
    expect(await fire('admin', id, 'send_in_review')).toEqual({ status: 200 });
    const reassign = (reviewerId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/practices/assign',
        headers: bearer(people.secretary.token),
        payload: { practice_ids: [id], evaluator_id: people['evaluator-other'].id, reviewer_id: reviewerId },
      });
    // Made its reviewer: refused, and nothing changes hands.
    const refused = await reassign(people.admin.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { reviewer_id: ['Whoever evaluated this request cannot review it'] },
    });
    expect((await auditOf(t.database, id)).map((entry) => entry.action)).not.toContain('reassign');
    // No longer its evaluator: the administrator still does not stand in for its reviewer.
    expect((await reassign(people['reviewer-other'].id)).statusCode).toBe(200);
    const workspace = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/practices/${id}`,
      headers: bearer(people.admin.token),
    });
    const offered = workspace.json<{ data: { available_actions: { action: string }[] } }>().data;
    // Closing is an administrator's move on any open request; reviewing this one is not.
    expect(offered.available_actions.map((move) => move.action)).toEqual(['close']);
    for (const action of ['conclude_review', 'send_back'] as const) {
      expect(await fire('admin', id, action)).toEqual({ status: 403, code: 'FORBIDDEN_ACCESS' });
    }
    expect(await fire('reviewer-other', id, 'conclude_review')).toEqual({ status: 200 });
    // Reviewed, it waits for its reviewer to mark it ready: still not the one who sent it.
    expect((await reassign(people.admin.id)).statusCode).toBe(422);
  });

  it('keeps every evaluator who ever sent it in review from reviewing it, not only the latest', async () => {
    const id = await practiceIn(t.database, {
      userId: owner.id,
      status: 'in_evaluation',
      assigneeId: people.admin.id,
      reviewerId: people['reviewer-assigned'].id,
      isAssessed: true,
    });
    const reassign = (evaluator: keyof typeof people, reviewer: keyof typeof people) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/practices/assign',
        headers: bearer(people.secretary.token),
        payload: { practice_ids: [id], evaluator_id: people[evaluator].id, reviewer_id: people[reviewer].id },
      });
    expect(await fire('admin', id, 'send_in_review')).toEqual({ status: 200 });
    expect(await fire('reviewer-assigned', id, 'send_back')).toEqual({ status: 200 });
    // Sent back and being evaluated again: its first evaluator is not made its reviewer either.
    expect((await reassign('evaluator-other', 'admin')).statusCode).toBe(422);
    expect((await reassign('evaluator-other', 'reviewer-assigned')).statusCode).toBe(200);
    expect(await fire('evaluator-other', id, 'send_in_review')).toEqual({ status: 200 });
    // Another evaluator sent it in review last: the first one's evaluation is still in what is reviewed.
    const refused = await reassign('evaluator-other', 'admin');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { reviewer_id: ['Whoever evaluated this request cannot review it'] },
    });
    for (const action of ['conclude_review', 'send_back'] as const) {
      expect(await fire('admin', id, action)).toEqual({ status: 403, code: 'FORBIDDEN_ACCESS' });
    }
    expect(await fire('reviewer-assigned', id, 'conclude_review')).toEqual({ status: 200 });
  });

  it('keeps an evaluator who handed the request over before sending it in review out of its review', async () => {
    const id = await practiceIn(t.database, {
      userId: owner.id,
      status: 'assigned',
      assigneeId: people.admin.id,
      reviewerId: people['reviewer-assigned'].id,
    });
    expect(await fire('admin', id, 'start')).toEqual({ status: 200 });
    const assessed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/practices/${id}/assessment`,
      headers: bearer(people.admin.token),
      payload: COMPLETE_ASSESSMENT,
    });
    expect(assessed.statusCode).toBe(200);
    // The administrator hands the evaluation on and makes themself its reviewer: refused.
    const handOver = (reviewer: keyof typeof people) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/practices/assign',
        headers: bearer(people.admin.token),
        payload: {
          practice_ids: [id],
          evaluator_id: people['evaluator-other'].id,
          reviewer_id: people[reviewer].id,
        },
      });
    const refused = await handOver('admin');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { reviewer_id: ['Whoever evaluated this request cannot review it'] },
    });
    expect((await handOver('reviewer-assigned')).statusCode).toBe(200);
    expect(await fire('evaluator-other', id, 'send_in_review')).toEqual({ status: 200 });
    // Nor does the administrator stand in for the reviewer of an assessment that is theirs.
    expect(await fire('admin', id, 'conclude_review')).toEqual({ status: 403, code: 'FORBIDDEN_ACCESS' });
    // The reviewer's own corrections in review keep them its reviewer.
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/practices/${id}/assessment`,
      headers: bearer(people['reviewer-assigned'].token),
      payload: { ...COMPLETE_ASSESSMENT, evaluation_notes: 'Corrected in review.' },
    });
    expect(corrected.statusCode).toBe(200);
    expect(await fire('reviewer-assigned', id, 'conclude_review')).toEqual({ status: 200 });
  });
});
