import type { Dashboard } from '@lisbon/domain';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { migrations } from '../src/platform/db/migrations';
import { useTestApp, type TestDatabase } from './helper';
import { bearer, createUser } from './identity';
import { apiCall, dataOf, type Applicant } from './requests';
import { practiceIn, statusOf, type StaffMember } from './staff';

// Migration 2026-12-06-115: the submitted requests with an appeal or amendment, per status and
// type, kept by triggers on `practices` and `appeals` so that the dashboard's backlog names an
// amendment's statuses apart from an appeal's. Like the queue counts (queue-indexes.test.ts),
// the kept counts are compared with a fresh count after every kind of write.

/** The kept counts and a fresh count of the same, both without empty groups. */
async function recount(database: TestDatabase) {
  const kept = await database.db
    .selectFrom('practice_appeal_counts')
    .select(['status', 'appeal_type', 'count'])
    .where('count', '<>', 0)
    .orderBy('status')
    .orderBy('appeal_type')
    .execute();
  const actual = await database.db
    .selectFrom('appeals as a')
    .innerJoin('practices as p', 'p.id', 'a.practice_id')
    .select(['p.status', 'a.type as appeal_type', (eb) => eb.fn.countAll<number>().as('count')])
    .where('p.status', '<>', 'draft')
    .groupBy(['p.status', 'a.type'])
    .orderBy('p.status')
    .orderBy('appeal_type')
    .execute();
  const normal = (rows: typeof kept) => rows.map((row) => ({ ...row, count: Number(row.count) }));
  return { kept: normal(kept), actual: normal(actual) };
}

/** The kept counts equal a fresh count; the kept ones are answered. */
async function exactCounts(database: TestDatabase) {
  const { kept, actual } = await recount(database);
  expect(kept).toEqual(actual);
  return kept;
}

describe('the maintained counts of appeals and amendments', () => {
  const t = useTestApp({ hasApp: false });
  const clock = new ManualClock('2025-03-03T09:00:00Z');

  it('follow every ask, move, deletion and change of type, whichever of the two rows is written first', async () => {
    const db = t.database.db;
    const owner = await createUser(t.database, clock, { email: 'ada@example.org' });
    const ask = (practiceId: number, type: 'appeal' | 'amendment') =>
      db
        .insertInto('appeals')
        .values({
          practice_id: practiceId,
          user_id: owner,
          type,
          motivation: 'Please',
          document_ids: '[]',
          created_at: '2025-03-03T09:00:00.000Z',
        })
        .execute();
    const moveTo = (practiceId: number, status: string) =>
      db.updateTable('practices').set({ status }).where('id', '=', practiceId).execute();

    // As the portal asks: the appeal's row, then the request's move.
    const appealed = await practiceIn(t.database, { userId: owner, status: 'published' });
    const amended = await practiceIn(t.database, { userId: owner, status: 'published' });
    const refused = await practiceIn(t.database, { userId: owner, status: 'published' });
    await ask(appealed, 'appeal');
    await ask(amended, 'amendment');
    await ask(refused, 'amendment');
    for (const id of [appealed, amended, refused]) await moveTo(id, 'appeal_requested');
    expect(await exactCounts(t.database)).toEqual([
      { status: 'appeal_requested', appeal_type: 'amendment', count: 2 },
      { status: 'appeal_requested', appeal_type: 'appeal', count: 1 },
    ]);
    // Confirmed, refused, taken to review and issued.
    await moveTo(refused, 'appeal_refused');
    for (const status of ['appeal_in_evaluation', 'appeal_in_review', 'appeal_reviewed']) {
      await moveTo(appealed, status);
      await moveTo(amended, status);
      await exactCounts(t.database);
    }
    await moveTo(appealed, 'appeal_issued');
    await moveTo(amended, 'amend_issued');
    expect(await exactCounts(t.database)).toEqual([
      { status: 'amend_issued', appeal_type: 'amendment', count: 1 },
      { status: 'appeal_issued', appeal_type: 'appeal', count: 1 },
      { status: 'appeal_refused', appeal_type: 'amendment', count: 1 },
    ]);

    // As a seed or an operator's SQL might: the request moved first, its appeal's row after it.
    const late = await practiceIn(t.database, { userId: owner, status: 'appeal_in_evaluation' });
    await ask(late, 'amendment');
    // A status write that changes nothing, and a write of another column, move no counter.
    await moveTo(late, 'appeal_in_evaluation');
    await db.updateTable('practices').set({ assignee_id: owner }).where('id', '=', late).execute();
    expect((await exactCounts(t.database)).find((row) => row.status === 'appeal_in_evaluation')).toEqual({
      status: 'appeal_in_evaluation',
      appeal_type: 'amendment',
      count: 1,
    });
    // A type corrected, an appeal's row removed, a request deleted with its appeal (cascade).
    await db.updateTable('appeals').set({ type: 'appeal' }).where('practice_id', '=', late).execute();
    await exactCounts(t.database);
    await db.deleteFrom('appeals').where('practice_id', '=', refused).execute();
    await exactCounts(t.database);
    await db.deleteFrom('practices').where('id', '=', late).execute();
    await exactCounts(t.database);
    // A request without an appeal counts nowhere here; a draft is not counted.
    const plain = await practiceIn(t.database, { userId: owner, status: 'unassigned' });
    await moveTo(plain, 'in_evaluation');
    const draft = await practiceIn(t.database, { userId: owner, status: 'draft' });
    await ask(draft, 'appeal');
    await exactCounts(t.database);
    await moveTo(draft, 'unassigned');
    expect(await exactCounts(t.database)).toEqual([
      { status: 'amend_issued', appeal_type: 'amendment', count: 1 },
      { status: 'appeal_issued', appeal_type: 'appeal', count: 1 },
      { status: 'unassigned', appeal_type: 'appeal', count: 1 },
    ]);
  });

  it('are counted for the appeals a database already holds when the migration runs', async () => {
    const db = t.database.db;
    const migration = migrations['2026-12-06-115-appeal-type-counts'];
    // In a transaction, as the migrations run on PostgreSQL.
    await db.transaction().execute(async (trx) => migration?.down?.(trx));
    const owner = await createUser(t.database, clock, { email: 'bob@example.org' });
    // Its requests go with it (their appeals by cascade), so the other test's exact counts hold
    // whichever of the two runs first, shuffled.
    onTestFinished(async () => {
      await db.deleteFrom('practices').where('user_id', '=', owner).execute();
    });
    for (const [status, type] of [
      ['appeal_requested', 'appeal'],
      ['appeal_requested', 'amendment'],
      ['appeal_requested', 'amendment'],
      ['appeal_in_review', 'amendment'],
    ] as const) {
      const id = await practiceIn(t.database, { userId: owner, status });
      await db
        .insertInto('appeals')
        .values({
          practice_id: id,
          user_id: owner,
          type,
          motivation: 'Please',
          document_ids: '[]',
          created_at: '2025-03-03T09:00:00.000Z',
        })
        .execute();
    }
    await db.transaction().execute(async (trx) => migration?.up(trx));
    const kept = await exactCounts(t.database);
    expect(kept.filter((row) => row.status === 'appeal_requested')).toEqual([
      { status: 'appeal_requested', appeal_type: 'amendment', count: 2 },
      { status: 'appeal_requested', appeal_type: 'appeal', count: 1 },
    ]);
    // The triggers are back with the table.
    await db
      .updateTable('practices')
      .set({ status: 'appeal_in_evaluation' })
      .where('status', '=', 'appeal_requested')
      .execute();
    expect((await exactCounts(t.database)).filter((row) => row.status === 'appeal_requested')).toEqual([]);
    // Nothing else changed: the queue counts still match a fresh count.
    const queued = await db
      .selectFrom('practice_queue_counts')
      .select((eb) => eb.fn.sum<number>('count').as('count'))
      .where('status', '<>', 'draft')
      .executeTakeFirstOrThrow();
    const submitted = await db
      .selectFrom('practices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '<>', 'draft')
      .executeTakeFirstOrThrow();
    expect(Number(queued.count)).toBe(Number(submitted.count));
  });
});

describe('the dashboard’s backlog of appeals and amendments', () => {
  const clock = new ManualClock('2026-04-02T08:00:00Z');
  const t = useTestApp({ clock });
  let call: ReturnType<typeof apiCall>;
  let admin: StaffMember;
  let secretary: StaffMember;
  let evaluator: StaffMember;
  let reviewer: StaffMember;
  let owner: Applicant;

  beforeAll(async () => {
    call = apiCall(t.app);
    admin = await t.staff('admin', { email: 'admin@example.org' });
    secretary = await t.staff('secretary', { email: 'secretary@example.org' });
    evaluator = await t.staff('evaluator', { email: 'evaluator@example.org' });
    reviewer = await t.staff('reviewer', { email: 'reviewer@example.org' });
    owner = await t.applicant({ email: 'maria@example.org' });
  }, 60_000);

  let addresses = 0;
  const move = async (staff: StaffMember, practiceId: number, payload: Record<string, unknown>) => {
    addresses += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/practices/${practiceId}/transitions`,
      headers: bearer(staff.token),
      payload,
      remoteAddress: `198.51.100.${(addresses % 250) + 1}`,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The backlog's rows of the appeal's statuses, with the appeals and amendments among them. */
  const backlog = async () => {
    const data = dataOf<Dashboard>(await call('GET', '/staff/dashboard', secretary));
    return {
      byStatus: data.backlog.filter((row) => row.status.startsWith('appeal_')),
      byType: data.backlog_appeals,
    };
  };

  it('counts each apart through the portal’s asks, confirmations, refusals and issues', async () => {
    const requests = {
      appeal: (await t.publishedRequest(owner)).practiceId,
      amendment: (await t.publishedRequest(owner)).practiceId,
      refusedAmendment: (await t.publishedRequest(owner)).practiceId,
    };
    await t.database.db
      .updateTable('practices')
      .set({ assignee_id: evaluator.id, reviewer_id: reviewer.id })
      .where('id', 'in', Object.values(requests))
      .execute();
    for (const [key, type] of [
      ['appeal', 'appeal'],
      ['amendment', 'amendment'],
      ['refusedAmendment', 'amendment'],
    ] as const) {
      const asked = await call('POST', `/practices/${requests[key]}/appeal`, owner, {
        type,
        motivation: 'Please reconsider.',
      });
      expect(asked.statusCode, asked.body).toBe(201);
    }
    await exactCounts(t.database);
    expect(await backlog()).toEqual({
      byStatus: [{ status: 'appeal_requested', count: 3 }],
      byType: [
        { status: 'appeal_requested', appeal_type: 'appeal', count: 1 },
        { status: 'appeal_requested', appeal_type: 'amendment', count: 2 },
      ],
    });

    // Confirmed (admitted) and refused.
    await move(secretary, requests.appeal, { action: 'admit_appeal' });
    await move(secretary, requests.amendment, { action: 'admit_appeal' });
    await move(secretary, requests.refusedAmendment, { action: 'refuse_appeal', reason: 'Out of scope.' });
    await exactCounts(t.database);
    expect(await backlog()).toEqual({
      byStatus: [{ status: 'appeal_in_evaluation', count: 2 }],
      byType: [
        { status: 'appeal_in_evaluation', appeal_type: 'appeal', count: 1 },
        { status: 'appeal_in_evaluation', appeal_type: 'amendment', count: 1 },
      ],
    });

    // Reviewed, then issued by the publication job.
    for (const id of [requests.appeal, requests.amendment]) {
      await move(evaluator, id, { action: 'send_in_review' });
      await move(reviewer, id, { action: 'conclude_review' });
    }
    await move(admin, requests.amendment, { action: 'issue_amendment' });
    await t.worker.drainOnce();
    expect(await statusOf(t.database, requests.amendment)).toBe('amend_issued');
    await exactCounts(t.database);
    expect(await backlog()).toEqual({
      byStatus: [{ status: 'appeal_reviewed', count: 1 }],
      byType: [{ status: 'appeal_reviewed', appeal_type: 'appeal', count: 1 }],
    });
    await move(admin, requests.appeal, { action: 'issue_appeal' });
    await t.worker.drainOnce();
    expect(await statusOf(t.database, requests.appeal)).toBe('appeal_issued');
    expect(await exactCounts(t.database)).toEqual([
      { status: 'amend_issued', appeal_type: 'amendment', count: 1 },
      { status: 'appeal_issued', appeal_type: 'appeal', count: 1 },
      { status: 'appeal_refused', appeal_type: 'amendment', count: 1 },
    ]);
    expect(await backlog()).toEqual({ byStatus: [], byType: [] });
  }, 120_000);
});
