import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/platform/db/migrations';
import { createTestDatabase, type TestDatabase } from './helper';

/**
 * The test files' databases: each a copy of the run's migrated and seeded template
 * (template-database.ts), not migrated anew, and still each file's own.
 */
describe('the test databases', () => {
  const opened: TestDatabase[] = [];
  const open = async (options: { isMigrated?: boolean } = {}) => {
    const database = await createTestDatabase(options);
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  const migrated = (database: TestDatabase) =>
    database.db
      .selectFrom('kysely_migration' as never)
      .select(['name', 'timestamp'] as never[])
      .orderBy('name' as never)
      .execute();

  it('copies the run’s one migrated and seeded template: every migration, run once for all', async () => {
    const [first, second] = [await open(), await open()];
    const [runs, otherRuns] = [await migrated(first), await migrated(second)];
    expect(runs.map((run) => (run as { name: string }).name)).toEqual(Object.keys(migrations).sort());
    // The same moments: the migrations ran once, in the template, not for each file.
    expect(otherRuns).toEqual(runs);
    const seeded = await first.db
      .selectFrom('cms_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(seeded.n)).toBeGreaterThan(0);
  });

  it('keeps each copy apart: what one file writes, another does not read', async () => {
    const [first, second] = [await open(), await open()];
    const count = (database: TestDatabase) =>
      database.db
        .selectFrom('cms_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const before = Number((await count(second)).n);
    await first.db.deleteFrom('cms_entries').execute();
    expect(Number((await count(first)).n)).toBe(0);
    expect(Number((await count(second)).n)).toBe(before);
  });

  it('leaves a database asked for empty without migrations', async () => {
    const empty = await open({ isMigrated: false });
    const tables = await empty.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(tables).toEqual([]);
  });
});
