import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/**
 * What kind of work a job is (decision 049): the worker claims the kind with the highest priority
 * first (then the oldest due), and runs at most `concurrency` jobs of a kind at once per instance.
 */
export const JOB_KINDS = {
  /** A payment event: a payer waits to see the request submitted. */
  payment: { priority: 40, concurrency: 4 },
  /** A message to a person: SMTP is slow I/O, several go out at once. */
  mail: { priority: 30, concurrency: 4 },
  /** Whatever names no kind (publishing a statement, say). */
  standard: { priority: 20, concurrency: 2 },
  /** A PDF rendered for the archive: CPU-bound, and nobody waits on it (a download renders on demand). */
  render: { priority: 10, concurrency: 1 },
} as const satisfies Record<string, { priority: number; concurrency: number }>;

export type JobKind = keyof typeof JOB_KINDS;

/** What a row enqueued without a priority (by an instance older than decision 049) counts as. */
export const DEFAULT_JOB_KIND = 'standard' satisfies JobKind;

/**
 * What a job is: a name, the version of its payload and the payload's schema. A definition is
 * all a caller needs to enqueue; the handler lives in its own file, with the worker's registry.
 */
export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly version: number;
  readonly payload: P;
  /** Runs before the job is given up and left as `failed`; 8 by default. */
  readonly maxAttempts?: number;
  /** Which comes first and how many run at once; `standard` by default. */
  readonly kind?: JobKind;
  /**
   * Jobs whose payloads give the same key run one at a time, in the order they were queued, on
   * whichever instance (decision 077): two registrations of one email, say. Without it, jobs run
   * side by side as slots allow.
   */
  readonly orderingKey?: (payload: z.infer<P>) => string;
};

export const defineJob = <P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> => definition;

export const kindOf = (definition: JobDefinition): JobKind => definition.kind ?? DEFAULT_JOB_KIND;

export type JobPayload<D extends JobDefinition> = z.infer<D['payload']>;

/**
 * Which row is being run. A handler whose effect must happen once even if the worker dies after
 * its commit takes the row in its own transaction (`takeJob`): the effect and the job's end commit
 * together, and a second run finds nothing to take.
 */
export type RunningJob = {
  id: number;
  /** 1 on the job's first run; more when an earlier run failed or its worker died during it. */
  attempt: number;
  /** The worker's log, naming the job: for a run that ends without its work, and why. */
  log: FastifyBaseLogger;
};

export type JobHandler<D extends JobDefinition> = (payload: JobPayload<D>, job: RunningJob) => Promise<void>;

/** A definition with the function that runs it; the worker is given a list of these. */
export type RegisteredJob = {
  definition: JobDefinition;
  handler: (payload: unknown, job: RunningJob) => Promise<void>;
};

export const registerJob = <D extends JobDefinition>(
  definition: D,
  handler: JobHandler<D>,
): RegisteredJob => ({
  definition,
  // The worker parses each payload with this definition's schema before it calls the handler.
  handler: (payload, job) => handler(payload as JobPayload<D>, job),
});

export const DEFAULT_MAX_ATTEMPTS = 8;
