import { randomUUID } from 'node:crypto';
import { getSystemErrorName } from 'node:util';
import { recordOf } from '@lisbon/domain';
import type { FastifyBaseLogger } from 'fastify';
import { isoAfter, type Clock } from '../clock';
import { changeFeedOf } from '../db/changes';
import type { Db } from '../db/database';
import { DEFAULT_JOB_KIND, JOB_KINDS, kindOf, type JobKind, type RegisteredJob } from './definition';
import { claimNextJob, deleteJob, recordFailedRun, releaseJob, renewLease, type JobRow } from './repository';
import { errorCode, messageOf } from '../errors';
import type { Metrics } from '../metrics';

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
  /** Where the jobs given up for good are counted (`lisbon_jobs_failed_total`): the process's metrics. */
  metrics?: Pick<Metrics, 'jobsFailed'>;
};

export type Worker = {
  /** Polls the queue until `stop()`, claiming again as soon as a job ends. */
  start(): void;
  /**
   * Stops claiming at once and waits for the jobs in hand; those still running after `deadlineMs`
   * are given back to the queue (another instance takes them) and the promise settles.
   */
  stop(options?: { deadlineMs?: number }): Promise<void>;
  /**
   * Runs every job due now, in the same order and with the same bounds per kind as the polling
   * loop, until none is due and none is running; says how many ran. Tests call it directly.
   */
  drainOnce(): Promise<number>;
};

export const DEFAULT_LEASE_SECONDS = 30;
const BASE_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 3600;

/** Exponential backoff: 30 s after the first failure, then 1, 2, 4 … minutes, at most an hour. */
export const retryDelaySeconds = (attempt: number): number =>
  Math.min(BASE_DELAY_SECONDS * 2 ** Math.max(attempt - 1, 0), MAX_DELAY_SECONDS);

/**
 * An error and the errors under it (`cause`), outermost first, at most four: `fetch` throws a bare
 * `TypeError: fetch failed` and keeps why (a refused connection, a certificate Node does not
 * trust) in its `cause`.
 */
function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && chain.length < 4 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * A URL's path segment that may be a key: providers put one in the path (an RPC endpoint's
 * `https://mainnet.infura.io/v3/<key>`, `https://eth-mainnet.g.alchemy.com/v2/<key>`). A word of the
 * path (`/v3`, `/api/v1`, `/jsonrpc`) is shorter than 20 characters or not one run of key characters.
 */
const KEY_IN_URL_PATH = /(\/\/[^\s/?#]+(?:\/[^\s/?#]*)*?\/)[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/g;

/**
 * An error's message, with those of the errors under it and their codes (`fetch failed: self-signed
 * certificate (DEPTH_ZERO_SELF_SIGNED_CERT)`), short and without the credentials a URL might carry
 * (`smtp://user:pass@host`, a key in its path) or its query string.
 */
export function describeError(error: unknown): string {
  const [outer, ...causes] = chainOf(error);
  const parts = [messageOf(outer)];
  for (const cause of causes) {
    const message = messageOf(cause);
    const code = codeOf(cause);
    // Node's own errors name their code in the message; undici's AggregateError has none.
    if (!code || message.includes(code)) parts.push(message);
    else parts.push(message === '' ? code : `${message} (${code})`);
  }
  return (
    parts
      .filter((part) => part !== '')
      .join(': ')
      // Kept short before the patterns below run: a message can be any length.
      .slice(0, 2000)
      .replace(/\/\/[^/\s@]+@/g, '//[redacted]@')
      .replace(/(\/\/[^\s?#]*)\?[^\s#]+/g, '$1?[redacted]')
      .replace(KEY_IN_URL_PATH, '$1[redacted]')
      .slice(0, 500)
  );
}

/** A system or library error's code, if it has one (not a message put where a code goes). */
function codeOf(error: unknown): string | undefined {
  // A library that wraps a socket's error keeps its errno under a code of its own (nodemailer's
  // ESOCKET for a refused connection): the system's name says what went wrong.
  const errno = (error as { errno?: unknown } | null)?.errno;
  if (typeof errno === 'number' && Number.isInteger(errno) && errno < 0) {
    try {
      return getSystemErrorName(errno);
    } catch {
      // not a system error number: the code below
    }
  }
  const code = errorCode(error);
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : undefined;
}

/** What kind of failure: the first code of the error or of those under it, else the error's class. */
export function causeOf(error: unknown): string {
  for (const link of chainOf(error)) {
    const code = codeOf(link);
    if (code) return code;
  }
  return error instanceof Error ? error.name : typeof error;
}

// Object.keys types keys as strings; JOB_KINDS has exactly the JobKinds.
const KINDS_BY_PRIORITY = (Object.keys(JOB_KINDS) as JobKind[]).sort(
  (a, b) => JOB_KINDS[b].priority - JOB_KINDS[a].priority,
);

export function createWorker(options: WorkerOptions): Worker {
  const { db, clock, log } = options;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const heartbeatMs = options.heartbeatMs ?? (leaseSeconds * 1000) / 3;
  const registry = new Map(options.jobs.map((job) => [job.definition.name, job]));
  const kindOfName = new Map(options.jobs.map((job) => [job.definition.name, kindOf(job.definition)]));
  /** The jobs in hand, with their rows: what `stop()` waits for or gives back. */
  const inHand = new Map<Promise<void>, JobRow>();
  const busy = recordOf(KINDS_BY_PRIORITY, () => 0);
  // Every kind this worker runs is counted from 0: a series that first appears at 1 shows no
  // increase() to Prometheus, so the first job given up would raise no alert. Prometheus must have
  // scraped that 0: a job given up before an instance's first scrape is seen only in its log line
  // and its row (docs/ops/README.md).
  for (const name of registry.keys()) options.metrics?.jobsFailed.inc({ kind: name }, 0);
  let isStarted = false;
  let isStopping = false;

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
    try {
      if (!job) throw new Error(`no handler for job ${row.name}`);
      if (row.version !== job.definition.version) throw new Error(`unsupported version ${row.version}`);
      await job.handler(job.definition.payload.parse(JSON.parse(row.payload)), {
        id: row.id,
        attempt: row.attempts,
        log: log.child({ job: row.name, jobId: row.id }),
      });
      await deleteJob(db, row.id);
    } catch (error) {
      const now = clock.now();
      const isLastAttempt = row.attempts >= row.max_attempts;
      const retryAt = isLastAttempt ? null : isoAfter(now, retryDelaySeconds(row.attempts));
      const isRecorded = await recordFailedRun(db, {
        id: row.id,
        workerId,
        error: describeError(error),
        now: now.toISOString(),
        retryAt,
      });
      // The error's code, or that of the error under it (ECONNREFUSED, EAUTH,
      // DEPTH_ZERO_SELF_SIGNED_CERT), else its class, never its message, which may hold an address
      // or a name: the whole message, with those under it, is in the job's row (jobs.last_error).
      const context = { job: row.name, jobId: row.id, attempt: row.attempts, cause: causeOf(error) };
      // The lease lapsed (heartbeats failed) and another worker took the job, or the job ended: the
      // row is that run's, and this failure neither retries nor gives up the job, nor is counted.
      if (!isRecorded) log.warn(context, 'job failed after its lease was lost; its result was dropped');
      else if (retryAt) log.warn({ ...context, retryAt }, 'job failed; it will be retried');
      else {
        log.error({ ...context, retryAt }, 'job failed for good after its last attempt');
        options.metrics?.jobsFailed.inc({ kind: row.name });
      }
    } finally {
      stopHeartbeat();
      // What the job changed is heard before it counts as done: this instance's next call never
      // answers from a row kept from before (decision 076).
      await changeFeedOf(db)?.settle();
    }
  }

  /** Starts a claimed job in its kind's slot; the slot frees itself when the job ends. */
  function begin(row: JobRow): Promise<void> {
    const kind = kindOfName.get(row.name) ?? DEFAULT_JOB_KIND;
    busy[kind] += 1;
    const running: Promise<void> = run(row)
      .catch((error: unknown) => log.error({ err: error, jobId: row.id }, 'job outcome not recorded'))
      .finally(() => {
        busy[kind] -= 1;
        inHand.delete(running);
      });
    inHand.set(running, row);
    return running;
  }

  /**
   * The jobs that may start now: those of each kind with a free slot, from the highest priority
   * down to the first kind whose slots are all taken. Kinds below a full one wait with it: a PDF
   * render would take the CPU a burst of payment events needs (decision 049).
   */
  function withRoom(): { names: string[]; minPriority: number } {
    const kinds: JobKind[] = [];
    for (const kind of KINDS_BY_PRIORITY) {
      if (busy[kind] >= JOB_KINDS[kind].concurrency) break;
      kinds.push(kind);
    }
    return {
      names: [...kindOfName].filter(([, kind]) => kinds.includes(kind)).map(([name]) => name),
      minPriority: Math.min(...kinds.map((kind) => JOB_KINDS[kind].priority)),
    };
  }

  // One claiming pass at a time: two at once could both fill the last slot of a kind.
  let claimTurn: Promise<unknown> = Promise.resolve();

  /** Claims and starts jobs while a kind has room and a job of it is due; resolves with those started. */
  function claimWhileRoom(): Promise<Promise<void>[]> {
    const pass = claimTurn.then(async () => {
      const started: Promise<void>[] = [];
      for (;;) {
        // A stopping worker finishes the jobs in hand and claims no other.
        if (isStopping) return started;
        const now = clock.now();
        const row = await claimNextJob(db, {
          ...withRoom(),
          now: now.toISOString(),
          leaseUntil: isoAfter(now, leaseSeconds),
          workerId,
        });
        if (!row) return started;
        started.push(begin(row));
      }
    });
    claimTurn = pass.catch(() => undefined);
    return pass;
  }

  async function drainOnce(): Promise<number> {
    const mine = new Set<Promise<void>>();
    let count = 0;
    for (;;) {
      // Done only when a pass that began with none of these jobs running finds nothing to claim.
      const isIdle = mine.size === 0;
      const started = await claimWhileRoom();
      if (isIdle && started.length === 0) return count;
      for (const running of started) {
        count += 1;
        mine.add(running);
        void running.then(() => mine.delete(running));
      }
      // A slot frees, or a job just run queued another: claim again.
      if (mine.size > 0) await Promise.race(mine);
    }
  }

  let timer: NodeJS.Timeout | undefined;

  /** The polling loop: claims on every tick and again whenever a job ends. */
  function pump(): void {
    if (!isStarted || isStopping) return;
    claimWhileRoom()
      .then((started) => {
        for (const running of started) void running.then(pump);
      })
      .catch((error: unknown) => log.error({ err: error }, 'job queue poll failed'));
  }

  const tick = () => {
    pump();
    if (isStarted && !isStopping) timer = setTimeout(tick, pollIntervalMs).unref();
  };

  return {
    start() {
      if (isStarted) return;
      isStarted = true;
      isStopping = false;
      timer = setTimeout(tick, 0).unref();
    },
    async stop({ deadlineMs = Infinity } = {}) {
      isStopping = true;
      clearTimeout(timer);
      let deadline: NodeJS.Timeout | undefined;
      const isFinished = await Promise.race([
        // A pass already claiming may still take a job: it joins the jobs in hand.
        claimTurn.then(() => Promise.all(inHand.keys())).then(() => true),
        new Promise<boolean>((resolve) => {
          if (Number.isFinite(deadlineMs)) deadline = setTimeout(() => resolve(false), deadlineMs);
        }),
      ]);
      clearTimeout(deadline);
      if (!isFinished) {
        const now = clock.now().toISOString();
        for (const unfinished of inHand.values()) {
          await releaseJob(db, { id: unfinished.id, workerId, now });
          log.warn({ job: unfinished.name, jobId: unfinished.id }, 'job given back to the queue at shutdown');
        }
      }
      isStarted = false;
      isStopping = false;
    },
    drainOnce,
  };
}
