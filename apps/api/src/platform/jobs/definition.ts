import type { z } from 'zod';

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
};

export const defineJob = <P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> => definition;

export type JobPayload<D extends JobDefinition> = z.infer<D['payload']>;

export type JobHandler<D extends JobDefinition> = (payload: JobPayload<D>) => Promise<void>;

/** A definition with the function that runs it; the worker is given a list of these. */
export type RegisteredJob = { definition: JobDefinition; handler: (payload: unknown) => Promise<void> };

export const registerJob = <D extends JobDefinition>(
  definition: D,
  handler: JobHandler<D>,
): RegisteredJob => ({
  definition,
  handler: (payload) => handler(payload as JobPayload<D>),
});

export const DEFAULT_MAX_ATTEMPTS = 8;
