import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { DEFAULT_MAX_ATTEMPTS, JOB_KINDS, kindOf, type JobDefinition, type JobPayload } from './definition';
import { deleteFailedJobs, hasUnfinishedJob, insertJob, selectJobStatuses, takeJob } from './repository';

/** Where a subject's jobs stand: none queued, one still on its way (queued, running, retrying), or all given up. */
export type JobsState = 'none' | 'underway' | 'failed';

/**
 * Asks for a job. Pass the transaction of the change that needs it: the job is committed with
 * that change or not at all, so a crash after the commit never loses it (the outbox pattern).
 */
export type JobQueue = {
  enqueue<D extends JobDefinition>(db: Db, definition: D, payload: JobPayload<D>): Promise<number>;
  /** Where the jobs of this definition with this payload (its subject) stand. */
  stateOf<D extends JobDefinition>(db: Db, definition: D, payload: JobPayload<D>): Promise<JobsState>;
  /** Clears the subject's failed jobs and queues it again, in the caller's transaction. */
  requeue<D extends JobDefinition>(db: Db, definition: D, payload: JobPayload<D>): Promise<number>;
  /**
   * Whether a job of this definition waits or runs, whatever its payload: for a job that needs no
   * more than one at a time (the ledger's audit and anchoring), asked before queueing another.
   */
  isAnyQueued(db: Db, definition: JobDefinition): Promise<boolean>;
  /**
   * Ends a job inside the transaction of its effect; false when the row is gone already (a run
   * that committed before its worker died): the effect is then not repeated (definition.ts).
   */
  take(db: Db, jobId: number): Promise<boolean>;
};

/** A payload as the queue stores it: parsed by its schema, then JSON; the subject's key in lookups too. */
const storedPayload = <D extends JobDefinition>(definition: D, payload: JobPayload<D>): string =>
  JSON.stringify(definition.payload.parse(payload));

/** The first provider of the queue port: the database itself. */
export function createDatabaseQueue(clock: Clock): JobQueue {
  const queue: JobQueue = {
    async enqueue(db, definition, payload) {
      const parsed = definition.payload.parse(payload);
      return insertJob(db, {
        name: definition.name,
        version: definition.version,
        payload: JSON.stringify(parsed),
        orderingKey: definition.orderingKey?.(parsed),
        maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        priority: JOB_KINDS[kindOf(definition)].priority,
        runAt: clock.now().toISOString(),
      });
    },
    async stateOf(db, definition, payload) {
      const statuses = await selectJobStatuses(db, definition.name, storedPayload(definition, payload));
      if (statuses.length === 0) return 'none';
      return statuses.every((status) => status === 'failed') ? 'failed' : 'underway';
    },
    async requeue(db, definition, payload) {
      await deleteFailedJobs(db, definition.name, storedPayload(definition, payload));
      return queue.enqueue(db, definition, payload);
    },
    isAnyQueued: (db, definition) => hasUnfinishedJob(db, definition.name),
    take: (db, jobId) => takeJob(db, jobId),
  };
  return queue;
}
