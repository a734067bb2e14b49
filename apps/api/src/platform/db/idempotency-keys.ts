import type { Db } from './database';

/** One send's key, per account (migration 124): what `runOnce` reads and writes. */
export type IdempotencyKeyRow = { fingerprint: string; answer: string | null };

type KeyOf = { userId: number; key: string };

/** The key's row while it has not expired at `now`; undefined when there is none. */
export async function findIdempotencyKey(
  db: Db,
  { userId, key, now }: KeyOf & { now: string },
): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'answer'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Takes the key for a send, in the send's transaction: an expired row of it goes first, then one
 * insert against the primary key, which a second send with the key waits on and then breaks.
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: KeyOf & { fingerprint: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('expires_at', '<=', claim.createdAt)
    .execute();
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      fingerprint: claim.fingerprint,
      created_at: claim.createdAt,
      expires_at: claim.expiresAt,
    })
    .execute();
}

/** Writes the answer the send gave, before its transaction commits. */
export async function recordIdempotentAnswer(db: Db, { userId, key, answer }: KeyOf & { answer: string }) {
  await db
    .updateTable('idempotency_keys')
    .set({ answer })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Deletes the keys that expired before `before`: how many. */
export async function deleteIdempotencyKeysExpiredBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
