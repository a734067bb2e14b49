import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isoAfter, type Clock } from '../clock';
import type { Db } from '../db/database';
import type { RegisteredJob } from './definition';
import { claimNextJob, deleteJob, recordFailedRun, releaseJob, renewLease, type JobRow } from './repository';

export type WorkerOptions = {
  db: Db;
  clock: Clock;
  jobs: readonly RegisteredJob[];
  log: FastifyBaseLogger;
  /** How the worker rests when the queue is empty. */
  pollIntervalMs?: number;
  /** How long a claimed job is this worker's without a heartbeat (JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** How often the lease of a running job is renewed; a third of the lease by default. */
  heartbeatMs?: number;
  workerId?: string;
};

export type Worker = {
  /** Polls the queue until `stop()`. */
  start(): void;
  /**
   * Stops claiming at once and waits for the job in hand; one still running after `deadlineMs`
   * is given back to the queue (another instance takes it) and the promise settles.
   */
  stop(options?: { deadlineMs?: number }): Promise<void>;
  /** Runs every job due now, one after the other, and says how many ran; tests call it directly. */
  drainOnce(): Promise<number>;
};

export const DEFAULT_LEASE_SECONDS = 30;
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
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const heartbeatMs = options.heartbeatMs ?? (leaseSeconds * 1000) / 3;
  const registry = new Map(options.jobs.map((job) => [job.definition.name, job]));
  const names = [...registry.keys()];
  let isStopped = true;
  let current: JobRow | undefined;

  /** Renews the lease while the handler runs, so a long PDF render is not taken for a dead worker's. */
  function heartbeat(row: JobRow): () => void {
    const timer = setInterval(() => {
      const now = clock.now();
      renewLease(db, {
        id: row.id,
        workerId,
        leaseUntil: isoAfter(now, leaseSeconds),
        now: now.toISOString(),
      })
        .then((isHeld) => {
          if (!isHeld) log.warn({ job: row.name, jobId: row.id }, 'job lease lost to another worker');
        })
        .catch((error: unknown) => log.warn({ err: error, jobId: row.id }, 'job lease renewal failed'));
    }, heartbeatMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function run(row: JobRow): Promise<void> {
    const job = registry.get(row.name);
    const stopHeartbeat = heartbeat(row);
    current = row;
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
    } finally {
      stopHeartbeat();
      current = undefined;
    }
  }

  async function drainOnce(): Promise<number> {
    let count = 0;
    for (;;) {
      const now = clock.now();
      const row = await claimNextJob(db, {
        names,
        now: now.toISOString(),
        leaseUntil: isoAfter(now, leaseSeconds),
        workerId,
      });
      if (!row) return count;
      await run(row);
      count += 1;
      // A stopping worker finishes the job in hand and claims no other.
      if (!isStopped && stopRequested) return count;
    }
  }

  let stopRequested = false;
  let timer: NodeJS.Timeout | undefined;
  let inHand: Promise<unknown> | undefined;

  const tick = async () => {
    inHand = drainOnce().catch((error: unknown) => log.error({ err: error }, 'job queue poll failed'));
    await inHand;
    inHand = undefined;
    if (!isStopped && !stopRequested) timer = setTimeout(() => void tick(), pollIntervalMs).unref();
  };

  return {
    start() {
      if (!isStopped) return;
      isStopped = false;
      stopRequested = false;
      timer = setTimeout(() => void tick(), 0).unref();
    },
    async stop({ deadlineMs = Infinity } = {}) {
      stopRequested = true;
      clearTimeout(timer);
      if (inHand) {
        let deadline: NodeJS.Timeout | undefined;
        const isFinished = await Promise.race([
          inHand.then(() => true),
          new Promise<boolean>((resolve) => {
            if (Number.isFinite(deadlineMs)) deadline = setTimeout(() => resolve(false), deadlineMs);
          }),
        ]);
        clearTimeout(deadline);
        const unfinished = current;
        if (!isFinished && unfinished) {
          await releaseJob(db, { id: unfinished.id, workerId, now: clock.now().toISOString() });
          log.warn({ job: unfinished.name, jobId: unfinished.id }, 'job given back to the queue at shutdown');
        }
      }
      isStopped = true;
    },
    drainOnce,
  };
}
