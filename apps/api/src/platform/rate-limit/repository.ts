import type { Db } from '../db/database';

export type Counter = { key: string; hits: number; reset_at: string };

export async function selectCounters(db: Db, keys: readonly string[]): Promise<Counter[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('rate_limits')
    .select(['key', 'hits', 'reset_at'])
    .where('key', 'in', [...keys])
    .execute();
}

/**
 * Adds one hit to a fixed-window counter in one statement, starting a new window when the old
 * one is over; safe under concurrency on both dialects (an upsert on the primary key).
 */
export async function incrementCounter(
  db: Db,
  counter: { key: string; now: string; resetAt: string },
): Promise<Counter> {
  return db
    .insertInto('rate_limits')
    .values({ key: counter.key, hits: 1, reset_at: counter.resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const isOver = eb('rate_limits.reset_at', '<=', counter.now);
        return {
          hits: eb
            .case()
            .when(isOver)
            .then(1)
            .else(eb('rate_limits.hits', '+', 1))
            .end(),
          reset_at: eb
            .case()
            .when(isOver)
            .then(eb.ref('excluded.reset_at'))
            .else(eb.ref('rate_limits.reset_at'))
            .end(),
        };
      }),
    )
    .returning(['key', 'hits', 'reset_at'])
    .executeTakeFirstOrThrow();
}

/**
 * Takes back one hit from each counter in its window `reset_at` (none from a later window, which
 * starts afresh, so never someone else's hit), never below zero: hits counted for calls that are
 * not to count.
 */
export async function giveBackHits(
  db: Db,
  counters: readonly { key: string; reset_at: string }[],
): Promise<void> {
  for (const counter of counters) {
    await db
      .updateTable('rate_limits')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('key', '=', counter.key)
      .where('reset_at', '=', counter.reset_at)
      .where('hits', '>', 0)
      .execute();
  }
}

export async function deleteCounters(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .deleteFrom('rate_limits')
    .where('key', 'in', [...keys])
    .execute();
}

export async function deleteExpiredCounters(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
