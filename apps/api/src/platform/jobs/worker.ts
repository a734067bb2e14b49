import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isoAfter, type Clock } from '../clock';
import type { Db } from '../db/database';
import type { RegisteredJob } from './definition';
import { claimNextJob, deleteJob, recordFailedRun, type JobRow } from './repository';

export type WorkerOptions = {
  db: Db;
  clock: Clock;
  jobs: readonly RegisteredJob[];
  log: FastifyBaseLogger;
  /** How long the worker rests when the queue is empty. */
  pollIntervalMs?: number;
  workerId?: string;
};

export type Worker = {
  /** Polls the queue until `stop()`. */
  start(): void;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
  /** Runs every job due now, one after the other, and says how many ran; tests call it directly. */
  drainOnce(): Promise<number>;
};

/** A job that is still `running` this long after it was claimed belonged to a worker that died. */
export const LOCK_TIMEOUT_SECONDS = 600;
const BASE_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 3600;

/** Exponential backoff: 30 s after the first failure, then 1, 2, 4 … minutes, at most an hour. */
export const retryDelaySeconds = (attempt: number): number =>
  Math.min(BASE_DELAY_SECONDS * 2 ** Math.max(attempt - 1, 0), MAX_DELAY_SECONDS);

/** An error's message, short and without credentials a URL might carry (`smtp://user:pass@host`). */
export const describeError = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error))
    .replace(/\/\/[^/\s@]+@/g, '//[redacted]@')
    .slice(0, 500);

export function createWorker(options: WorkerOptions): Worker {
  const { db, clock, log } = options;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const registry = new Map(options.jobs.map((job) => [job.definition.name, job]));
  const names = [...registry.keys()];

  async function run(row: JobRow): Promise<void> {
    const job = registry.get(row.name);
    try {
      if (!job) throw new Error(`no handler for job ${row.name}`);
      if (row.version !== job.definition.version) throw new Error(`unsupported version ${row.version}`);
      await job.handler(job.definition.payload.parse(JSON.parse(row.payload)));
      await deleteJob(db, row.id);
    } catch (error) {
      const now = clock.now();
      const isLastAttempt = row.attempts >= row.max_attempts;
      const retryAt = isLastAttempt ? null : isoAfter(now, retryDelaySeconds(row.attempts));
      await recordFailedRun(db, { id: row.id, error: describeError(error), now: now.toISOString(), retryAt });
      const context = { job: row.name, jobId: row.id, attempt: row.attempts, retryAt };
      if (retryAt) log.warn(context, 'job failed; it will be retried');
      else log.error(context, 'job failed for good after its last attempt');
    }
  }

  async function drainOnce(): Promise<number> {
    let count = 0;
    for (;;) {
      const now = clock.now();
      const row = await claimNextJob(db, {
        names,
        now: now.toISOString(),
        staleBefore: isoAfter(now, -LOCK_TIMEOUT_SECONDS),
        workerId,
      });
      if (!row) return count;
      await run(row);
      count += 1;
    }
  }

  let isStopped = true;
  let timer: NodeJS.Timeout | undefined;
  let inHand: Promise<unknown> | undefined;

  const tick = async () => {
    inHand = drainOnce().catch((error: unknown) => log.error({ err: error }, 'job queue poll failed'));
    await inHand;
    inHand = undefined;
    if (!isStopped) timer = setTimeout(() => void tick(), pollIntervalMs).unref();
  };

  return {
    start() {
      if (!isStopped) return;
      isStopped = false;
      timer = setTimeout(() => void tick(), 0).unref();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await inHand;
    },
    drainOnce,
  };
}
