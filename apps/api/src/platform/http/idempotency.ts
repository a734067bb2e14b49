import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sha256 } from '../crypto';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import {
  claimIdempotencyKey,
  deleteIdempotencyKeysExpiredBefore,
  findIdempotencyKey,
  recordIdempotentAnswer,
  type IdempotencyKeyRow,
} from '../db/idempotency-keys';
import { AppError } from '../errors';

/** How long a send's key is remembered: a day covers a retry by a person, a browser or a proxy. */
export const IDEMPOTENCY_KEY_HOURS = 24;

const HEADER = 'idempotency-key';
// An sf-string (the IETF draft: "8e03…") or the same text bare, as most clients send it.
const KEY = /^(?:"[\x20-\x21\x23-\x5B\x5D-\x7E]{1,128}"|[\x21\x23-\x5B\x5D-\x7E]{1,128})$/;

/** The `headers` schema of a route that takes an `Idempotency-Key` (OpenAPI included); other headers pass. */
export const idempotencyHeadersSchema = z.looseObject({
  [HEADER]: z.string().regex(KEY).optional().meta({
    description:
      'IETF draft "The Idempotency-Key HTTP Header Field": a new unique value (a UUID) per send. A retry with the same key and body within 24 hours sends nothing again and gets the first answer; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.',
  }),
});

/** The route's `Idempotency-Key`, its quotes taken off; undefined without one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  if (typeof value !== 'string') return undefined;
  return value.startsWith('"') ? value.slice(1, -1) : value;
}

export type OnceRequest<T> = {
  userId: number;
  key: string | undefined;
  /** Which send (`staff.broadcast`): the same key on another route is another body. */
  scope: string;
  /** The validated body. */
  body: unknown;
  /** Reads back the answer stored for a retry. */
  answer: z.ZodType<T>;
};

/**
 * Runs a send's writes in one transaction, once per (account, key): the key is taken in that
 * transaction with the answer, so a crash leaves neither, and a retry gets the first answer back
 * (422 IDEMPOTENCY_KEY_REUSED for another body). A second send racing the first waits on the
 * key's primary key and then reads the first's answer. Without a key the writes just run.
 */
export async function runOnce<T>(
  ctx: { db: Db; securityClock: { now(): Date } },
  request: OnceRequest<T>,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const { key, userId } = request;
  if (key === undefined) return ctx.db.transaction().execute(work);
  const fingerprint = sha256(JSON.stringify([request.scope, request.body]));
  const replay = (row: IdempotencyKeyRow): T => {
    if (row.fingerprint !== fingerprint || row.answer === null) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return request.answer.parse(JSON.parse(row.answer));
  };
  const now = ctx.securityClock.now();
  const earlier = await findIdempotencyKey(ctx.db, { userId, key, now: now.toISOString() });
  if (earlier) return replay(earlier);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await claimIdempotencyKey(trx, {
        userId,
        key,
        fingerprint,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString(),
      });
      const answer = await work(trx);
      await recordIdempotentAnswer(trx, { userId, key, answer: JSON.stringify(answer) });
      return answer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await findIdempotencyKey(ctx.db, { userId, key, now: now.toISOString() });
    if (!first) throw error;
    return replay(first);
  }
}

/** Housekeeping: deletes the keys past their 24 hours, whose retries now send again. */
export async function purgeExpiredIdempotencyKeys(ctx: {
  db: Db;
  securityClock: { now(): Date };
}): Promise<{ removed: number }> {
  return { removed: await deleteIdempotencyKeysExpiredBefore(ctx.db, ctx.securityClock.now().toISOString()) };
}
