import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { DEFAULT_MAX_ATTEMPTS, JOB_KINDS, kindOf, type JobDefinition, type JobPayload } from './definition';
import { insertJob } from './repository';

/**
 * Asks for a job. Pass the transaction of the change that needs it: the job is committed with
 * that change or not at all, so a crash after the commit never loses it (the outbox pattern).
 */
export type JobQueue = {
  enqueue<D extends JobDefinition>(db: Db, definition: D, payload: JobPayload<D>): Promise<number>;
};

/** The first provider of the queue port: the database itself. */
export function createDatabaseQueue(clock: Clock): JobQueue {
  return {
    async enqueue(db, definition, payload) {
      const parsed: unknown = definition.payload.parse(payload);
      return insertJob(db, {
        name: definition.name,
        version: definition.version,
        payload: JSON.stringify(parsed),
        maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        priority: JOB_KINDS[kindOf(definition)].priority,
        runAt: clock.now().toISOString(),
      });
    },
  };
}
