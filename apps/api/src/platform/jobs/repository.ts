import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../db/database';
import { isPostgres } from '../db/schema-helpers';
import type { JobsTable } from '../db/tables';

export type JobRow = Selectable<JobsTable>;

export type NewJob = {
  name: string;
  version: number;
  payload: string;
  maxAttempts: number;
  /** Higher first (`JOB_KINDS` in definition.ts); the column's default (`standard`) when left out. */
  priority?: number;
  /** See `JobDefinition.orderingKey`. */
  orderingKey?: string;
  runAt: string;
};

export async function insertJob(db: Db, job: NewJob): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values({
      name: job.name,
      version: job.version,
      payload: job.payload,
      status: 'pending',
      max_attempts: job.maxAttempts,
      priority: job.priority,
      ordering_key: job.orderingKey ?? null,
      run_at: job.runAt,
      created_at: job.runAt,
      updated_at: job.runAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ClaimOptions = {
  /** The jobs this worker has a free slot for, and the lowest priority among their kinds. */
  names: readonly string[];
  minPriority: number;
  now: string;
  leaseUntil: string;
  workerId: string;
};

/**
 * Takes a job whose worker's lease has lapsed (the worker died mid-run), else the due job of the
 * highest priority, oldest due first, and marks it running under a new lease in one statement.
 * The due branch reads `jobs_claim_index` (status, priority desc, run_at, id) in its order and
 * stops at the first row that fits: no sort, however long the queue.
 * A job with an ordering key waits while an earlier job with the same key is still queued or
 * running (a given-up one no longer holds it back); `jobs_ordering_index` finds that job.
 * PostgreSQL: `for update skip locked` lets several instances claim side by side without waiting
 * on or taking the same row; an earlier job another instance holds is still seen, so the later
 * one waits. SQLite has a single writer, so the statement is atomic as it is.
 */
export async function claimNextJob(db: Db, options: ClaimOptions): Promise<JobRow | undefined> {
  if (options.names.length === 0) return undefined;
  const inClaimOrder = (query: SelectQueryBuilder<Database, 'jobs', { id: number }>) => {
    const ordered = query
      .where('name', 'in', [...options.names])
      .orderBy('priority', 'desc')
      .orderBy('run_at')
      .orderBy('id')
      .limit(1);
    return isPostgres(db) ? ordered.forUpdate().skipLocked() : ordered;
  };
  const lapsed = inClaimOrder(
    db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'running')
      // A row claimed before leases existed counts from its lock time.
      .where((eb) => eb(eb.fn.coalesce('lease_until', 'locked_at'), '<', options.now)),
  );
  const due = inClaimOrder(
    db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('priority', '>=', options.minPriority)
      .where('run_at', '<=', options.now)
      .where((eb) =>
        eb.or([
          eb('ordering_key', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('jobs as earlier')
                .select('earlier.id')
                .whereRef('earlier.ordering_key', '=', 'jobs.ordering_key')
                .whereRef('earlier.id', '<', 'jobs.id')
                .where('earlier.status', '!=', 'failed'),
            ),
          ),
        ]),
      ),
  );
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_at: options.now,
      locked_by: options.workerId,
      lease_until: options.leaseUntil,
      updated_at: options.now,
    }))
    .where((eb) => eb('id', '=', eb.fn.coalesce(lapsed, due)))
    .returningAll()
    .executeTakeFirst();
}

/** The statuses of the jobs of one name and stored payload (one subject's). */
export async function selectJobStatuses(db: Db, name: string, payload: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('status')
    .where('name', '=', name)
    .where('payload', '=', payload)
    .execute();
  return rows.map((row) => row.status);
}

/** The given-up jobs of one subject leave the queue (their last error is in the log). */
export async function deleteFailedJobs(db: Db, name: string, payload: string): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where('name', '=', name)
    .where('payload', '=', payload)
    .where('status', '=', 'failed')
    .execute();
}

/**
 * A finished job leaves the queue: its payload (a mail's link, say) is not kept longer than needed.
 * Whoever holds the lease: a run that succeeded after its lease was taken has done the job, and
 * the run that took it then records nothing over the row (`recordFailedRun`), as with `takeJob`.
 */
export async function deleteJob(db: Db, id: number): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/** A job of this name waits or runs (the queue keeps no uniqueness of its own). */
export async function hasUnfinishedJob(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('name', '=', name)
    .where('status', 'in', ['pending', 'running'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends a job inside the transaction of its effect; false when the row is gone already (a run
 * that committed before its worker died): the effect is then not repeated.
 */
export async function takeJob(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type FailedRun = { id: number; workerId: string; error: string; now: string; retryAt: string | null };

/**
 * Back to `pending` for a later try at `retryAt`, or `failed` for good when there is none; only
 * while the job is still this worker's (running under its lease). False when it is not: its lease
 * lapsed and another worker took the job, whose run the row now records, or the job ended
 * already (a run that took it committed). The failure is then not written over that row.
 */
export async function recordFailedRun(db: Db, run: FailedRun): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: run.retryAt ? 'pending' : 'failed',
      run_at: run.retryAt ?? run.now,
      locked_at: null,
      locked_by: null,
      lease_until: null,
      last_error: run.error,
      updated_at: run.now,
    })
    .where('id', '=', run.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', run.workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The worker still runs the job: its lease is extended. False when another worker has taken it. */
export async function renewLease(
  db: Db,
  { id, workerId, leaseUntil, now }: { id: number; workerId: string; leaseUntil: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: leaseUntil, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A stopping worker gives back a job it could not finish in time: pending again at once, the
 * attempt not counted (the job did not fail; its worker went away).
 */
export async function releaseJob(
  db: Db,
  { id, workerId, now }: { id: number; workerId: string; now: string },
) {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'pending',
      attempts: eb('attempts', '-', 1),
      run_at: now,
      locked_at: null,
      locked_by: null,
      lease_until: null,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .execute();
}

export type QueueStats = {
  counts: Record<'pending' | 'running' | 'failed', number>;
  /** When the oldest job due to run was due; null when none waits. */
  oldestDueAt: Date | null;
  /** The same by kind (the job's name: mail, publication, payment settlement…). */
  byKind: { kind: string; status: 'pending' | 'running' | 'failed'; count: number }[];
};

/** The queue at a glance, for monitoring: three reads. */
export async function queueStats(db: Db, now: string): Promise<QueueStats> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('status', 'in', ['pending', 'running', 'failed'])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, running: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  const oldest = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('run_at'))
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .executeTakeFirst();
  const byKind = await db
    .selectFrom('jobs')
    .select(['name', 'status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('status', 'in', ['pending', 'running', 'failed'])
    .groupBy(['name', 'status'])
    .execute();
  return {
    counts,
    oldestDueAt: oldest?.run_at ? new Date(oldest.run_at) : null,
    byKind: byKind.map((row) => ({ kind: row.name, status: row.status, count: Number(row.count) })),
  };
}
