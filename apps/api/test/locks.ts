import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database';
import { isPostgresRun, type TestHarness } from './helper';

/** A transaction of another connection holding a row, as `holdRow` answers it. */
export type HeldRow = {
  /**
   * Resolves once `count` more statements of this database than when the row was taken wait for a
   * lock (the calls under test, stopped behind the row), or as soon as `isOver()` says to stop.
   */
  waiters(count: number, isOver?: () => boolean): Promise<void>;
  /** Lets the transaction go on: `then`, then its commit; resolves once it has committed. */
  release(): Promise<void>;
};

/**
 * PostgreSQL only: the flow that races the one under test, stopped while it holds a row, on a
 * second connection to the file's database. Its transaction takes
 * - `{ userId }`: the account's row, `select … for update`, as DELETE /users/{id}, a checkout and
 *   a payment's submission take it first;
 * - or whatever `take` writes or locks (an activation's update of the account, a table lock);
 * then waits until `release()`, runs `then` (the rest of that flow) and commits. The calls under
 * test, started meanwhile, wait for the row: `waiters(n)` says when n of them do.
 */
export async function holdRow(
  t: Pick<TestHarness, 'database' | 'onClose'>,
  take: { userId: number } | ((trx: Db) => Promise<unknown>),
  then: (trx: Db) => Promise<unknown> = async () => {},
): Promise<HeldRow> {
  if (!isPostgresRun)
    throw new Error('holdRow needs PostgreSQL: SQLite has one writer, nothing waits for a row');
  const connection = t.database.openConnection();
  let isClosed = false;
  const close = async () => {
    if (isClosed) return;
    isClosed = true;
    await connection.destroy();
  };
  // Closed with the file if the test ends before releasing it.
  t.onClose(close);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let isHeld = () => {};
  const held = new Promise<void>((resolve) => (isHeld = resolve));
  const holding = connection.transaction().execute(async (trx) => {
    if (typeof take === 'function') await take(trx);
    else await sql`select id from users where id = ${take.userId} for update`.execute(trx);
    isHeld();
    await released;
    await then(trx);
  });
  // A failure to take the row fails here, rather than leaving the test waiting for it.
  await Promise.race([held, holding]);
  const baseline = await lockWaiters(t.database.db);
  return {
    async waiters(count, isOver = () => false) {
      while (!isOver()) {
        if ((await lockWaiters(t.database.db)) >= baseline + count) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async release() {
      release();
      await holding;
      await close();
    },
  };
}

/**
 * Two calls at once, in the order given, both needing the account's row. On PostgreSQL a
 * transaction holds the row (`holdRow`): the first call waits for it, then the second; released,
 * they go in that order, each in its own transaction. On SQLite (one writer) the one, then the other.
 */
export async function race<First, Second>(
  t: Pick<TestHarness, 'database' | 'onClose'>,
  userId: number,
  first: () => Promise<First>,
  second: () => Promise<Second>,
): Promise<[First, Second]> {
  if (!isPostgresRun) {
    const one = await first();
    return [one, await second()];
  }
  const holding = await holdRow(t, { userId });
  const one = first();
  await holding.waiters(1);
  const two = second();
  await holding.waiters(2);
  await holding.release();
  return Promise.all([one, two]);
}

/** How many statements of this database wait for a lock now. */
async function lockWaiters(db: Db): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return rows[0]?.waiting ?? 0;
}
