import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CHANGE_LISTENER_NAME, changeFeedOf, parseChange, startChangeFeed } from '../src/platform/db/changes';
import type { Db } from '../src/platform/db/database';
import { isKept, rowCache } from '../src/platform/db/row-cache';
import { serializerCompiler } from '../src/platform/http/serializer';
import { isPostgresRun, useTestApp } from './helper';
import { applicant, apiCall, dataOf, type Applicant } from './requests';

/**
 * Decision 076: the session of every call and the poll's counts are kept in memory per instance
 * until the database says they changed — whoever changed them: this instance, another instance
 * or the CLI (another connection here), an operator's SQL.
 */
const clock = { now: () => new Date() };
const waitOptions = { timeout: 5000, interval: 20 };

let other: Db;
let call: ReturnType<typeof apiCall>;

const t = useTestApp();
beforeAll(async () => {
  await t.app.ready();
  other = t.database.openConnection();
  call = apiCall(t.app);
});

afterAll(async () => {
  await other.destroy();
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const poll = (who: Applicant) => call('GET', `/users/${who.id}/notifications`, who);

describe('what an instance keeps follows the database', () => {
  it('refuses a session another instance revoked', async () => {
    const ada = await applicant(t.app, t.database, clock, 'ada.kept@example.org');
    expect((await poll(ada)).statusCode).toBe(200);
    expect((await poll(ada)).statusCode).toBe(200);

    await other.deleteFrom('sessions').where('user_id', '=', ada.id).execute();

    // SQLite: a call in the next turn of the event loop sees another connection's commit (a
    // call from outside the process always comes in a later turn); PostgreSQL: as the notice comes.
    if (!isPostgresRun) {
      await nextTurn();
      expect((await poll(ada)).statusCode).toBe(401);
    }
    await vi.waitFor(async () => expect((await poll(ada)).statusCode).toBe(401), waitOptions);
  });

  it('refuses the sessions of an account closed elsewhere, and gives a new role its abilities', async () => {
    const bea = await applicant(t.app, t.database, clock, 'bea.kept@example.org');
    const cy = await applicant(t.app, t.database, clock, 'cy.kept@example.org');
    expect((await call('GET', '/staff/practices', cy)).json()).toMatchObject({ code: 'FORBIDDEN_ACCESS' });
    expect((await poll(bea)).statusCode).toBe(200);

    await other
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', bea.id)
      .execute();
    await other.updateTable('users').set({ role: 'secretary' }).where('id', '=', cy.id).execute();

    await vi.waitFor(async () => expect((await poll(bea)).statusCode).toBe(401), waitOptions);
    // A secretary's ability, still refused until the second factor is on.
    await vi.waitFor(
      async () =>
        expect((await call('GET', '/staff/practices', cy)).json()).toMatchObject({
          code: 'TWO_FACTOR_REQUIRED',
        }),
      waitOptions,
    );
  });

  it("counts a request whose status changed elsewhere in the applicant's next poll", async () => {
    const dee = await applicant(t.app, t.database, clock, 'dee.kept@example.org');
    const draft = dataOf<{ id: number }>(
      await call('POST', '/practices', dee, { country: 'FR', level: 'higher' }),
    ).id;
    expect(dataOf<{ total: number; counts: Record<string, number> }>(await poll(dee)).counts.draft).toBe(1);

    await other.updateTable('practices').set({ status: 'unassigned' }).where('id', '=', draft).execute();

    await vi.waitFor(async () => {
      const { counts, total } = dataOf<{ total: number; counts: Record<string, number> }>(await poll(dee));
      expect(counts.draft).toBe(0);
      expect(total).toBe(1);
    }, waitOptions);
  });

  it('counts the request this instance creates at once', async () => {
    const eve = await applicant(t.app, t.database, clock, 'eve.kept@example.org');
    expect(dataOf<{ total: number }>(await poll(eve)).total).toBe(0);
    await call('POST', '/practices', eve, { country: 'FR', level: 'higher' });
    expect(dataOf<{ total: number }>(await poll(eve)).total).toBe(1);
  });
});

describe('a row cache', () => {
  let feedDb: Db;
  let stopFeed: () => Promise<void>;
  let userIds: number[];

  beforeAll(async () => {
    feedDb = t.database.openConnection();
    stopFeed = (await startChangeFeed(feedDb, () => undefined)).stop;
    await vi.waitFor(() => expect(changeFeedOf(feedDb)?.isLive()).toBe(true), waitOptions);
    const users = await feedDb.selectFrom('users').select('id').orderBy('id').limit(2).execute();
    userIds = users.map((user) => user.id);
  });

  afterAll(async () => {
    await stopFeed();
    await feedDb.destroy();
  });

  afterEach(() => vi.restoreAllMocks());

  const touchUser = (db: Db, id: number) =>
    db.updateTable('users').set({ updated_at: new Date().toISOString() }).where('id', '=', id).execute();

  it('reads once, then answers from memory until a change names its key', async () => {
    const kept = rowCache<number, { reads: number }>({ maxEntries: 10, dependsOn: { users: (ids) => ids } });
    const [first = 0, second = 0] = userIds;
    let reads = 0;
    const read = async () => ({ reads: ++reads });

    expect(await kept(feedDb, first, read)).toEqual({ reads: 1 });
    expect(await kept(feedDb, first, read)).toEqual({ reads: 1 });

    // Another row of the table changes (through the feed's own connection, whose SQLite triggers
    // name the row; another connection's commit drops all on SQLite): `first` stays kept.
    const generation = changeFeedOf(feedDb)?.generation() ?? 0;
    await touchUser(feedDb, second);
    await vi.waitFor(
      () => expect(changeFeedOf(feedDb)?.generation()).toBeGreaterThan(generation),
      waitOptions,
    );
    expect(await kept(feedDb, first, read)).toEqual({ reads: 1 });

    await touchUser(other, first);
    await vi.waitFor(async () => expect(await kept(feedDb, first, read)).toEqual({ reads: 2 }), waitOptions);
  });

  it('freezes what it keeps; an answer built from it is checked and written once, then reused', async () => {
    const kept = rowCache<number, { counts: { open: number } }>({
      maxEntries: 10,
      dependsOn: { users: (ids) => ids },
    });
    const [first = 0] = userIds;
    const value = await kept(feedDb, first, async () => ({ counts: { open: 1 } }));
    expect(isKept(value)).toBe(true);
    expect(Object.isFrozen(value) && Object.isFrozen(value.counts)).toBe(true);
    expect(isKept({ counts: { open: 1 } })).toBe(false);

    let checks = 0;
    const counted = z.number().refine(() => ++checks > 0);
    const schema = z.object({ data: z.object({ counts: z.object({ open: counted }) }) });
    const serialize = serializerCompiler({ schema, method: 'GET', url: '/kept', httpStatus: '200' });
    expect(serialize({ data: value })).toBe('{"data":{"counts":{"open":1}}}');
    expect(serialize({ data: value })).toBe('{"data":{"counts":{"open":1}}}');
    expect(checks).toBe(1);

    // A value nobody keeps is checked every time: one that does not fit is refused.
    expect(serialize({ data: { counts: { open: 2 } } })).toBe('{"data":{"counts":{"open":2}}}');
    expect(serialize({ data: { counts: { open: 2 } } })).toBe('{"data":{"counts":{"open":2}}}');
    expect(checks).toBe(3);
    expect(() => serialize({ data: { counts: { open: 'two' } } })).toThrow();
  });

  it('has heard, once settled, every change committed before (many calls at once)', async () => {
    const feed = changeFeedOf(feedDb);
    const kept = rowCache<number, number>({ maxEntries: 10, dependsOn: { users: (ids) => ids } });
    const [first = 0] = userIds;
    let reads = 0;
    await kept(feedDb, first, async () => ++reads);
    await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        if (index === 7) await touchUser(other, first);
        else await sql`select 1`.execute(other);
        await feed?.settle();
      }),
    );
    // SQLite hears another connection's commits in the next turn of the event loop.
    if (!isPostgresRun) await nextTurn();
    expect(await kept(feedDb, first, async () => ++reads)).toBe(2);
  });

  it('keeps nothing read while a change was heard', async () => {
    const kept = rowCache<number, string>({ maxEntries: 10, dependsOn: { users: (ids) => ids } });
    const [first = 0] = userIds;
    const feed = changeFeedOf(feedDb);
    let reads = 0;
    const changedDuringRead = async () => {
      reads += 1;
      const before = feed?.generation() ?? 0;
      // The row is read, then changes before the read returns: the value read is already stale.
      await touchUser(feedDb, first);
      await vi.waitFor(() => expect(feed?.generation()).toBeGreaterThan(before), waitOptions);
      return 'stale';
    };
    expect(await kept(feedDb, first, changedDuringRead)).toBe('stale');
    expect(await kept(feedDb, first, async () => `read again after ${reads}`)).toBe('read again after 1');
  });

  it('drops the least recently used value past its bound', async () => {
    const kept = rowCache<string, string>({ maxEntries: 2, dependsOn: {} });
    let reads = 0;
    const read = (key: string) => async () => `${key}${++reads}`;
    expect(await kept(feedDb, 'a', read('a'))).toBe('a1');
    expect(await kept(feedDb, 'b', read('b'))).toBe('b2');
    expect(await kept(feedDb, 'a', read('a'))).toBe('a1');
    expect(await kept(feedDb, 'c', read('c'))).toBe('c3');
    // 'b' was the least recently used.
    expect(await kept(feedDb, 'a', read('a'))).toBe('a1');
    expect(await kept(feedDb, 'b', read('b'))).toBe('b4');
  });

  it('reads every time on a database whose feed was not started', async () => {
    const unfed = t.database.openConnection();
    try {
      const kept = rowCache<string, number>({ maxEntries: 10, dependsOn: {} });
      let reads = 0;
      await kept(unfed, 'a', async () => ++reads);
      expect(await kept(unfed, 'a', async () => ++reads)).toBe(2);
    } finally {
      await unfed.destroy();
    }
  });

  // The one way each database can miss a change: PostgreSQL's listening connection is lost;
  // SQLite's triggers see only this connection, so another one's commit (the CLI) drops all.
  it(
    isPostgresRun
      ? 'keeps nothing while the notifications are lost, and again once they are back'
      : 'drops everything kept when another connection commits',
    async () => {
      const kept = rowCache<string, number>({ maxEntries: 10, dependsOn: { sessions: () => [] } });
      const feed = changeFeedOf(feedDb);
      let reads = 0;
      await kept(feedDb, 'x', async () => ++reads);
      expect(await kept(feedDb, 'x', async () => ++reads)).toBe(1);
      if (!isPostgresRun) {
        await touchUser(other, userIds[0] ?? 0);
        await nextTurn();
        expect(await kept(feedDb, 'x', async () => ++reads)).toBe(2);
        expect(await kept(feedDb, 'x', async () => ++reads)).toBe(2);
        return;
      }
      const { databaseConfig } = t.database;
      if (databaseConfig.dialect !== 'postgres') throw new Error('a PostgreSQL run');
      const admin = new pg.Client({ connectionString: databaseConfig.url });
      await admin.connect();
      try {
        // The listening connections are cut, as a database restart or a network fault would: those
        // of this file's database, not another file's.
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = $1 and datname = current_database()`,
          [CHANGE_LISTENER_NAME],
        );
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(feed?.isLive()).toBe(false), waitOptions);
      expect(await kept(feedDb, 'x', async () => ++reads)).toBe(2);
      expect(await kept(feedDb, 'x', async () => ++reads)).toBe(3);

      await vi.waitFor(() => expect(feed?.isLive()).toBe(true), waitOptions);
      expect(await kept(feedDb, 'x', async () => ++reads)).toBe(4);
      expect(await kept(feedDb, 'x', async () => ++reads)).toBe(4);
    },
  );
});

describe('the notification text', () => {
  it('names the keys of one table, or all of them', () => {
    expect(parseChange('sessions:ab,cd')).toEqual({ table: 'sessions', keys: ['ab', 'cd'] });
    expect(parseChange('practices:*')).toEqual({ table: 'practices', keys: 'all' });
    expect(parseChange('payments:1')).toBeUndefined();
    expect(parseChange('nonsense')).toBeUndefined();
  });
});
