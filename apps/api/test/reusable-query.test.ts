import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { reusableQuery } from '../src/platform/db/reusable-query';
import { useTestApp } from './helper';
import { createUser } from './identity';

const clock = new ManualClock('2025-03-03T09:00:00Z');

const t = useTestApp({ hasApp: false });
beforeAll(async () => {
  await createUser(t.database, clock, { email: 'ada@example.org', role: 'applicant' });
  await createUser(t.database, clock, { email: 'eva@example.org', role: 'evaluator' });
});

describe('a query compiled once', () => {
  it('runs with each call’s own arguments, keeping the constants it was built with', async () => {
    let builds = 0;
    const byEmailAndRole = reusableQuery((db, email: string, role: string) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select('email')
        .where('email', '=', email)
        .where('role', '=', role)
        .where('deleted_at', 'is', null)
        .where('locale', 'in', ['en-US', 'it-IT']);
    });
    expect(await byEmailAndRole(t.database.db, 'ada@example.org', 'applicant')).toEqual([
      { email: 'ada@example.org' },
    ]);
    expect(await byEmailAndRole(t.database.db, 'eva@example.org', 'evaluator')).toEqual([
      { email: 'eva@example.org' },
    ]);
    expect(await byEmailAndRole(t.database.db, 'eva@example.org', 'applicant')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('never reads rows another flow has not committed, and reads them once it has', async () => {
    const byEmail = reusableQuery((db, email: string) =>
      db.selectFrom('users').select('email').where('email', '=', email),
    );
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted = () => {};
    const isInserted = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = t.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          email: 'late@example.org',
          first_name: 'Late',
          last_name: 'Comer',
          role: 'applicant',
          category: 'standard',
          locale: 'en-US',
          created_at: clock.now().toISOString(),
          updated_at: clock.now().toISOString(),
        })
        .execute();
      inserted();
      await held;
    });
    await isInserted;
    // SQLite has one connection, which the open transaction holds: the read waits for it.
    // PostgreSQL reads on another connection, where the row is not committed yet.
    const read = byEmail(t.database.db, 'late@example.org');
    let early: { email: string }[] | null = null;
    void read.then((rows) => (early = rows));
    await new Promise((resolve) => setImmediate(resolve));
    expect(early ?? []).toEqual([]);
    release();
    await transaction;
    await read;
    expect(await byEmail(t.database.db, 'late@example.org')).toEqual([{ email: 'late@example.org' }]);
  });
});
