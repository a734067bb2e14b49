import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { isPostgresRun, useTestApp } from './helper';
import { bearer } from './identity';
import { holdRow, race } from './locks';
import { apiCall } from './requests';
import { practiceIn, type StaffMember } from './staff';

/**
 * A member of staff deleting their own account while requests in progress are assigned to them
 * (decision 015): refused, 409 ACCOUNT_REQUESTS_ASSIGNED naming how many, until a secretary or an
 * administrator has reassigned them; nothing of the deletion happens meanwhile.
 */
const clock = new ManualClock('2026-04-02T08:00:00Z');
const t = useTestApp({ clock });
let call: ReturnType<typeof apiCall>;
let secretary: StaffMember;
let reviewer: StaffMember;
let other: StaffMember;

beforeAll(async () => {
  call = apiCall(t.app);
  secretary = await t.staff('secretary', { email: 'sec@example.org' });
  reviewer = await t.staff('reviewer', { email: 'rita@example.org' });
  other = await t.staff('evaluator', { email: 'ezio@example.org' });
}, 60_000);

const deleteAccount = (who: StaffMember, email: string, language = 'en-US') =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/users/${who.id}`,
    headers: { ...bearer(who.token), 'accept-language': language },
    payload: { email },
  });
/**
 * A request of `applicant` published today, its appeal window open: evaluated by `evaluator`,
 * reviewed by Rita.
 */
async function publishedRequestOf(applicant: { id: number }, evaluator: StaffMember): Promise<number> {
  const request = await practiceIn(t.database, {
    userId: applicant.id,
    status: 'published',
    assigneeId: evaluator.id,
    reviewerId: reviewer.id,
  });
  await t.database.db
    .updateTable('practices')
    .set({ published_at: clock.now().toISOString() })
    .where('id', '=', request)
    .execute();
  return request;
}
const emailOf = async (id: number) =>
  (await t.database.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow())
    .email;

describe('a member of staff deleting their account', () => {
  it('is refused while requests in progress are assigned to them (409, how many, in the reader’s language), and deleted once they are reassigned', async () => {
    const email = 'eva@example.org';
    // A reviewer of this test's own, whose requests in progress are this test's alone: Rita reviews
    // the file's other tests' requests too, before this one or after it in a shuffled run.
    const reviewer = await t.staff('reviewer', { email: 'rosa@example.org' });
    const eva = await t.staff('evaluator', { email });
    const applicant = await t.applicant({ email: 'ada@example.org' });
    // Two in progress (in evaluation, waiting for the applicant's reply); one finished, which nobody
    // works on any more.
    const mine = { userId: applicant.id, assigneeId: eva.id, reviewerId: reviewer.id };
    const evaluating = await practiceIn(t.database, { ...mine, status: 'in_evaluation' });
    const waiting = await practiceIn(t.database, { ...mine, status: 'pending_student_reply' });
    await practiceIn(t.database, { ...mine, status: 'published' });

    const refused = await deleteAccount(eva, email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_REQUESTS_ASSIGNED',
      message:
        'Requests in progress still assigned to you: 2. A secretary or an administrator must first reassign them to another member of staff; then you can delete your account.',
    });
    expect((await deleteAccount(eva, email, 'it-IT')).json<{ message: string }>().message).toBe(
      'Richieste in corso ancora assegnate a te: 2. La segreteria o un amministratore deve prima riassegnarle a un altro membro del personale; poi potrai eliminare il tuo account.',
    );
    // Nothing of the deletion happened: the account and its session are there.
    expect(await emailOf(eva.id)).toBe(email);
    expect((await call('GET', '/auth/me', eva)).statusCode).toBe(200);

    // A reviewer's requests count too: the one in review is still assigned to Rosa.
    await practiceIn(t.database, {
      userId: applicant.id,
      assigneeId: other.id,
      reviewerId: reviewer.id,
      status: 'in_review',
    });
    expect((await deleteAccount(reviewer, 'rosa@example.org')).json<{ message: string }>().message).toContain(
      ': 3.',
    );

    const reassigned = await call('POST', '/staff/practices/assign', secretary, {
      practice_ids: [evaluating, waiting],
      evaluator_id: other.id,
      reviewer_id: reviewer.id,
    });
    expect(reassigned.statusCode).toBe(200);
    expect((await deleteAccount(eva, email)).statusCode).toBe(204);
    expect(await emailOf(eva.id)).toBe(`deleted-user-${eva.id}@deleted.invalid`);
    // Rosa still reviews the three: hers stays until they are reassigned.
    expect((await deleteAccount(reviewer, 'rosa@example.org')).statusCode).toBe(409);
  });

  it('cannot be handed a request while its deletion is under way, nor deleted past an assignment made first', async () => {
    const email = 'emma@example.org';
    const emma = await t.staff('evaluator', { email });
    const applicant = await t.applicant({ email: 'bea@example.org' });
    const request = await practiceIn(t.database, { userId: applicant.id, status: 'unassigned' });
    const assign = () =>
      call('POST', '/staff/practices/assign', secretary, {
        practice_ids: [request],
        evaluator_id: emma.id,
        reviewer_id: reviewer.id,
      });
    if (!isPostgresRun) {
      // SQLite has one writer: the assignment, then the deletion, which sees it.
      expect((await assign()).statusCode).toBe(200);
      expect((await deleteAccount(emma, email)).statusCode).toBe(409);
      return;
    }
    // The deletion holds the account's row (as DELETE /users/{id} does first); an assignment to it
    // waits, then finds the account gone.
    const deleting = await holdRow(t, { userId: emma.id }, (trx) =>
      sql`update users set deleted_at = ${clock.now().toISOString()} where id = ${emma.id}`.execute(trx),
    );
    const assigning = assign();
    await deleting.waiters(1);
    await deleting.release();
    const refused = await assigning;
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { evaluator_id: [expect.any(String)] } });
    const row = await t.database.db
      .selectFrom('practices')
      .select(['status', 'assignee_id'])
      .where('id', '=', request)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'unassigned', assignee_id: null });
  });
});

describe('a finished request whose member of staff has left', () => {
  it('lets go of the deleted account when an appeal reopens it, so that it waits to be assigned, not with the account', async () => {
    const email = 'elio@example.org';
    const elio = await t.staff('evaluator', { email });
    const applicant = await t.applicant({ email: 'carla@example.org' });
    const request = await publishedRequestOf(applicant, elio);
    // A finished request does not hold its evaluator back (decision 015).
    expect((await deleteAccount(elio, email)).statusCode).toBe(204);

    const asked = await call('POST', `/practices/${request}/appeal`, applicant, {
      type: 'amendment',
      motivation: 'My name is misspelt.',
    });
    expect(asked.statusCode).toBe(201);
    const peopleOf = () =>
      t.database.db
        .selectFrom('practices')
        .select(['status', 'assignee_id', 'reviewer_id'])
        .where('id', '=', request)
        .executeTakeFirstOrThrow();
    // The reviewer still there is kept; the deleted evaluator is let go, and the audit says whom.
    expect(await peopleOf()).toEqual({
      status: 'appeal_requested',
      assignee_id: null,
      reviewer_id: reviewer.id,
    });
    const entry = await t.database.db
      .selectFrom('practice_status_history')
      .select(['action', 'details'])
      .where('practice_id', '=', request)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect({ ...entry, details: JSON.parse(String(entry.details)) as unknown }).toEqual({
      action: 'request_appeal',
      details: { deleted_evaluator_id: elio.id },
    });

    // Admitted, it waits in the queue of those who assign, who give it to someone.
    const admitted = await call('POST', `/staff/practices/${request}/transitions`, secretary, {
      action: 'admit_appeal',
    });
    expect(admitted.statusCode).toBe(200);
    expect((await peopleOf()).status).toBe('appeal_in_evaluation');
    const toAssign = await call('GET', '/staff/practices?queue=unassigned&sort=id', secretary);
    expect(toAssign.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toContain(request);
  });
});

describe('an appeal reopening a finished request while its evaluator deletes their account', () => {
  /**
   * A published request of Ugo's (evaluator) and Rita's (reviewer), its appeal window open: Ugo's
   * deletion and the applicant's appeal, at once. Whichever goes first, the request never ends up
   * in progress with a deleted account: either the appeal reopens it first and the deletion is
   * refused (it is Ugo's again), or the deletion goes first and the appeal lets go of him.
   */
  const setUp = async (name: string) => {
    const email = `${name}@example.org`;
    const ugo = await t.staff('evaluator', { email });
    const applicant = await t.applicant({ email: `${name}-applicant@example.org` });
    const request = await publishedRequestOf(applicant, ugo);
    const appeal = () =>
      call('POST', `/practices/${request}/appeal`, applicant, {
        type: 'appeal',
        motivation: 'The level is wrong.',
      });
    return { ugo, email, request, appeal, deletion: () => deleteAccount(ugo, email) };
  };
  const stateOf = async (request: number, ugo: StaffMember) => ({
    practice: await t.database.db
      .selectFrom('practices')
      .select(['status', 'assignee_id', 'reviewer_id'])
      .where('id', '=', request)
      .executeTakeFirstOrThrow(),
    isUgoDeleted:
      (
        await t.database.db
          .selectFrom('users')
          .select('deleted_at')
          .where('id', '=', ugo.id)
          .executeTakeFirstOrThrow()
      ).deleted_at !== null,
  });

  it('refuses the deletion when the appeal reopened the request first: the request is the evaluator’s, who is still there', async () => {
    const { ugo, request, appeal, deletion } = await setUp('ugo');
    const [appealed, deleted] = await race(t, ugo.id, appeal, deletion);
    expect(appealed.statusCode).toBe(201);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'ACCOUNT_REQUESTS_ASSIGNED' });
    expect(await stateOf(request, ugo)).toEqual({
      practice: { status: 'appeal_requested', assignee_id: ugo.id, reviewer_id: reviewer.id },
      isUgoDeleted: false,
    });
  });

  it('lets go of the evaluator when the deletion went first: the reopened request waits with nobody in that place', async () => {
    const { ugo, request, appeal, deletion } = await setUp('ugo-bis');
    const [deleted, appealed] = await race(t, ugo.id, deletion, appeal);
    expect(deleted.statusCode).toBe(204);
    expect(appealed.statusCode).toBe(201);
    expect(await stateOf(request, ugo)).toEqual({
      practice: { status: 'appeal_requested', assignee_id: null, reviewer_id: reviewer.id },
      isUgoDeleted: true,
    });
  });
});
