import { STAFF_QUEUES, type StaffQueue } from '@lisbon/domain';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import {
  appealTypesQuery,
  staffPageIdsQuery,
  type StaffListFilter,
} from '../src/modules/staff/queue.repository';
import { countPracticesByStatus } from '../src/modules/practices/repository';
import { useTestApp, isPostgresRun } from './helper';
import { createUser } from './identity';
import { practiceIn } from './staff';

// Decision 050: at a million requests no queue page may sort or scan every request. The plans are
// read from the database itself, so a lost index or a query that no longer matches one fails here.

const clock = new ManualClock('2025-03-03T09:00:00Z');
let applicantId: number;
let evaluatorId: number;
let reviewerId: number;

const t = useTestApp({ hasApp: false });
beforeAll(async () => {
  applicantId = await createUser(t.database, clock, { email: 'ada@example.org' });
  evaluatorId = await createUser(t.database, clock, { email: 'eva@example.org', role: 'evaluator' });
  reviewerId = await createUser(t.database, clock, { email: 'rita@example.org', role: 'reviewer' });
  const statuses = [
    'unassigned',
    'in_evaluation',
    'in_review',
    'ready_for_issue',
    'published',
    'closed',
  ] as const;
  for (const [index, status] of statuses.entries()) {
    await practiceIn(t.database, {
      userId: applicantId,
      status,
      assigneeId: status === 'unassigned' ? undefined : evaluatorId,
      reviewerId: status === 'unassigned' ? undefined : reviewerId,
      deadline: index % 2 ? null : `2025-0${index + 4}-01`,
    });
  }
});

/** Requests with an appeal or amendment, of a million. */
const APPEALS_AT_SCALE = 50_000;

/**
 * The statistics SQLite's ANALYZE (run by `pragma optimize` when the portal opens the database)
 * records for a million requests, mostly archived, and the 50,000 of them with an appeal or
 * amendment (one each, by the unique index on its request): a few thousand rows here would make
 * any plan look cheap. PostgreSQL is told instead that sequential scans and sorts cost the most.
 */
const STATISTICS_AT_SCALE: Record<'practices' | 'appeals', Record<string, string>> = {
  practices: {
    practices_status_index: '1000000 55556',
    practices_assignee_id_index: '1000000 20000',
    practices_reviewer_id_index: '1000000 20000',
    practices_one_draft_per_user: '200000 1',
    practices_user_status_index: '1000000 5 2',
    practices_queue_all: '950000 475000 950 1',
    practices_queue_status: '1000000 55556 27778 100 1',
    practices_queue_assigned: '150000 3000 1500 10 1',
    practices_queue_to_review: '30000 600 300 5 1',
    practices_queue_group: '1000000 333333 166667 1000 1',
    practices_queue_open: '300000 150000 300 1',
  },
  appeals: { sqlite_autoindex_appeals_1: `${APPEALS_AT_SCALE} 1` },
};

/** SQLite told the appeals are so many (the figures ANALYZE records for the one index on them). */
async function appealsCounted(rows: number) {
  if (isPostgresRun) return;
  await sql`update sqlite_stat1 set stat = ${`${rows} 1`} where tbl = 'appeals'`.execute(t.database.db);
  await sql`analyze sqlite_schema`.execute(t.database.db);
}

async function planAsAtScale() {
  if (isPostgresRun) return;
  await sql`analyze`.execute(t.database.db);
  // 200,000 applicants: each of their indexes keeps its per-key figure, with the table's size.
  await sql`update sqlite_stat1 set stat = '200000' || substr(stat, instr(stat, ' '))
            where tbl = 'users' and instr(stat, ' ') > 0`.execute(t.database.db);
  for (const [table, indexes] of Object.entries(STATISTICS_AT_SCALE)) {
    await sql`delete from sqlite_stat1 where tbl = ${table}`.execute(t.database.db);
    for (const [index, stat] of Object.entries(indexes)) {
      await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${table}, ${index}, ${stat})`.execute(
        t.database.db,
      );
    }
  }
  await sql`analyze sqlite_schema`.execute(t.database.db);
}

const filterOf = (queue: StaffQueue, extra: Partial<StaffListFilter> = {}): StaffListFilter => ({
  userId: queue === 'to_review' ? reviewerId : evaluatorId,
  queue,
  sort: { field: 'expected_deadline', isDescending: false },
  page: 1,
  perPage: 20,
  ...extra,
});

/** The plan of a query, as text, with sequential scans and sorts made as costly as they can be. */
async function planOf(query: Compilable): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (isPostgresRun) {
    return t.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${text}`, [...parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }
  const { rows } = await t.database.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
  );
  return rows.map((row) => row.detail).join('\n');
}

/** The requests are read from one of the queue indexes, in its order: no scan of the table, no sort. */
function expectServedByIndex(plan: string, index: RegExp) {
  expect(plan).toMatch(index);
  if (isPostgresRun) {
    expect(plan).not.toMatch(/Seq Scan on practices/);
    expect(plan).not.toMatch(/Sort\b/);
  } else {
    expect(plan).not.toMatch(/SCAN p\b(?! USING)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  }
}

describe('the staff queues at scale', () => {
  beforeAll(planAsAtScale);

  it.each(STAFF_QUEUES)('reads the %s queue in its default order from an index', async (queue) => {
    const plan = await planOf(staffPageIdsQuery(t.database.db, filterOf(queue)));
    expectServedByIndex(plan, /practices_queue_/);
  });

  it.each(STAFF_QUEUES.filter((queue) => queue !== 'archive'))(
    'reads the %s queue filtered late or at risk as a range of an index, in its order (decision 070)',
    async (queue) => {
      const deadlineRange = { from: '2025-03-03', through: '2025-03-17' };
      const plan = await planOf(staffPageIdsQuery(t.database.db, filterOf(queue, { deadlineRange })));
      expectServedByIndex(plan, /practices_queue_/);
    },
  );

  it('reads one status of any queue from the status index', async () => {
    const plan = await planOf(staffPageIdsQuery(t.database.db, filterOf('all', { status: 'in_review' })));
    expectServedByIndex(plan, /practices_queue_status|practices_queue_all/);
  });

  // As many appeals as at scale, and as few as a young portal holds (SQLite's figures; PostgreSQL
  // plans alike): the order is the query's, not the planner's.
  const splits = (['unassigned', 'assigned', 'to_review'] as const).flatMap((queue) =>
    [APPEALS_AT_SCALE, 1_000].map((appeals) => [queue, appeals] as const),
  );
  it.each(splits)(
    'splits the %s queue’s total by kind, filtered beyond the kept counts, from its index and each request’s appeal by its key (%i appeals)',
    async (queue, appeals) => {
      // Unfiltered, the split is the kept counts' (migration 2026-12-06-120); filtered, at most
      // COUNT_LIMIT requests are read with their appeals.
      await appealsCounted(appeals);
      onTestFinished(() => appealsCounted(APPEALS_AT_SCALE));
      const plan = await planOf(appealTypesQuery(t.database.db, filterOf(queue, { isUrgent: true })));
      // The queue's requests from its index, each one's appeal by the request's key: no table read whole.
      if (isPostgresRun) {
        // A range of the index (its condition), not the whole index read in place of the table.
        expect(plan).toMatch(/Index (Only )?Scan using practices_queue_\w+ on practices p.*\n\s*Index Cond/);
        expect(plan).toMatch(
          /Index Scan using appeals_practice_id_key on appeals ap.*\n\s*Index Cond: \(practice_id = p\.id\)/,
        );
        expect(plan).not.toMatch(/Seq Scan on (practices|appeals)/);
      } else {
        expect(plan).toMatch(/SEARCH p USING (COVERING )?INDEX practices_queue_/);
        expect(plan).toMatch(/SEARCH ap USING (COVERING )?INDEX \w+ \(practice_id=\?\)/);
        expect(plan).not.toMatch(/SCAN (p|ap)\b(?! USING)/);
      }
    },
  );

  it('counts an applicant’s requests per status from an index alone', async () => {
    const query = t.database.db
      .selectFrom('practices')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', applicantId)
      .groupBy('status');
    const plan = await planOf(query);
    expect(plan).toMatch(/practices_user_status_index/);
    expect(await countPracticesByStatus(t.database.db, applicantId)).toHaveLength(6);
  });
});

describe('the maintained queue counts', () => {
  const recount = async () => {
    const kept = await t.database.db
      .selectFrom('practice_queue_counts')
      .select(['status', 'assignee_id', 'reviewer_id', 'count'])
      .where('count', '>', 0)
      .orderBy(['status', 'assignee_id', 'reviewer_id'])
      .execute();
    const actual = await t.database.db
      .selectFrom('practices')
      .select([
        'status',
        sql<number>`coalesce(assignee_id, 0)`.as('assignee_id'),
        sql<number>`coalesce(reviewer_id, 0)`.as('reviewer_id'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .where('status', '<>', 'draft')
      .groupBy(['status', sql`coalesce(assignee_id, 0)`, sql`coalesce(reviewer_id, 0)`])
      .orderBy(['status', 'assignee_id', 'reviewer_id'])
      .execute();
    const normal = (rows: typeof kept) => rows.map((row) => ({ ...row, count: Number(row.count) }));
    return { kept: normal(kept), actual: normal(actual) };
  };

  it('follow every insert, move, assignment and deletion of a request, and ignore drafts', async () => {
    // Requests of this test's own people: the file's applicant keeps the six statuses its count
    // test reads, and a request closed by an evaluator of its own is the one the deletion takes.
    const other = await createUser(t.database, clock, { email: 'bob@example.org' });
    const closer = await createUser(t.database, clock, { email: 'cleo@example.org', role: 'evaluator' });
    const unassigned = (rows: Awaited<ReturnType<typeof recount>>['kept']) =>
      rows.find((row) => row.status === 'unassigned')?.count ?? 0;
    const closedBy = (rows: Awaited<ReturnType<typeof recount>>['kept']) =>
      rows.filter((row) => row.status === 'closed' && Number(row.assignee_id) === closer);
    const before = await recount();
    const draft = await practiceIn(t.database, { userId: other, status: 'draft' });
    const moved = await practiceIn(t.database, { userId: other, status: 'unassigned' });
    const closed = await practiceIn(t.database, { userId: other, status: 'closed', assigneeId: closer });
    expect(closedBy((await recount()).kept)).toEqual([expect.objectContaining({ count: 1 })]);
    await t.database.db
      .updateTable('practices')
      .set({ status: 'unassigned' })
      .where('id', '=', draft)
      .execute();
    await t.database.db
      .updateTable('practices')
      .set({ status: 'assigned', assignee_id: evaluatorId, reviewer_id: reviewerId })
      .where('id', '=', moved)
      .execute();
    await t.database.db.updateTable('practices').set({ reviewer_id: null }).where('id', '=', moved).execute();
    await t.database.db
      .updateTable('practices')
      .set({ qualification_name: 'MSc' })
      .where('id', '=', draft)
      .execute();
    await t.database.db.deleteFrom('practices').where('id', '=', closed).execute();
    const { kept, actual } = await recount();
    expect(kept).toEqual(actual);
    // The draft, now submitted, is one more unassigned request; the moved one is assigned.
    expect(unassigned(kept)).toBe(unassigned(before.kept) + 1);
    expect(closedBy(kept)).toEqual([]);
    expect(kept.some((row) => row.status === 'draft')).toBe(false);
  });

  it('keep the appealed requests by status, people and type through every change of the request or its appeal', async () => {
    const recountAppeals = async () => {
      const kept = await t.database.db
        .selectFrom('practice_appeal_queue_counts')
        .select(['status', 'assignee_id', 'reviewer_id', 'appeal_type', 'count'])
        .where('count', '>', 0)
        .orderBy('status')
        .orderBy('assignee_id')
        .orderBy('reviewer_id')
        .orderBy('appeal_type')
        .execute();
      const actual = await t.database.db
        .selectFrom('practices as p')
        .innerJoin('appeals as a', 'a.practice_id', 'p.id')
        .select([
          'p.status',
          sql<number>`coalesce(p.assignee_id, 0)`.as('assignee_id'),
          sql<number>`coalesce(p.reviewer_id, 0)`.as('reviewer_id'),
          'a.type as appeal_type',
          (eb) => eb.fn.countAll<number>().as('count'),
        ])
        .where('p.status', '<>', 'draft')
        .groupBy(['p.status', sql`coalesce(p.assignee_id, 0)`, sql`coalesce(p.reviewer_id, 0)`, 'a.type'])
        .orderBy('p.status')
        .orderBy('assignee_id')
        .orderBy('reviewer_id')
        .orderBy('appeal_type')
        .execute();
      const normal = (rows: typeof kept) =>
        rows.map((row) => ({
          ...row,
          assignee_id: Number(row.assignee_id),
          reviewer_id: Number(row.reviewer_id),
          count: Number(row.count),
        }));
      return { kept: normal(kept), actual: normal(actual) };
    };
    // An applicant of this test's own: the file's applicant keeps the six statuses its count test
    // reads. Its requests go with it, appeals by cascade.
    const appellant = await createUser(t.database, clock, { email: 'carla@example.org' });
    onTestFinished(async () => {
      await t.database.db.deleteFrom('practices').where('user_id', '=', appellant).execute();
    });
    const appeal = (practiceId: number, type: 'appeal' | 'amendment') =>
      t.database.db
        .insertInto('appeals')
        .values({
          practice_id: practiceId,
          user_id: appellant,
          type,
          motivation: 'Please look again.',
          document_ids: '[]',
          created_at: '2025-03-03T09:00:00.000Z',
        })
        .execute();
    const asked = await practiceIn(t.database, { userId: appellant, status: 'appeal_requested' });
    const worked = await practiceIn(t.database, {
      userId: appellant,
      status: 'appeal_in_evaluation',
      assigneeId: evaluatorId,
      reviewerId: reviewerId,
    });
    const gone = await practiceIn(t.database, { userId: appellant, status: 'appeal_issued' });
    await appeal(asked, 'amendment');
    await appeal(worked, 'appeal');
    await appeal(gone, 'appeal');
    expect((await recountAppeals()).kept).toHaveLength(3);
    // Admitted and assigned; handed to nobody as reviewer; its type changed; another deleted.
    await t.database.db
      .updateTable('practices')
      .set({ status: 'appeal_in_evaluation', assignee_id: evaluatorId })
      .where('id', '=', asked)
      .execute();
    await t.database.db
      .updateTable('practices')
      .set({ reviewer_id: null })
      .where('id', '=', worked)
      .execute();
    await t.database.db
      .updateTable('appeals')
      .set({ type: 'amendment' })
      .where('practice_id', '=', worked)
      .execute();
    await t.database.db.deleteFrom('practices').where('id', '=', gone).execute();
    const { kept, actual } = await recountAppeals();
    expect(kept).toEqual(actual);
    expect(kept).toEqual([
      {
        status: 'appeal_in_evaluation',
        assignee_id: evaluatorId,
        reviewer_id: 0,
        appeal_type: 'amendment',
        count: 2,
      },
    ]);
    // An appeal withdrawn from its request leaves the counts with it.
    await t.database.db.deleteFrom('appeals').where('practice_id', '=', asked).execute();
    expect((await recountAppeals()).kept).toEqual((await recountAppeals()).actual);
  });
});
