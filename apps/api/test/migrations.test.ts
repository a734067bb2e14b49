import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/platform/db/migrate';
import { migrations } from '../src/platform/db/migrations';
import { prepareDatabase, runSeeds } from '../src/seeds';
import { useTestApp } from './helper';

const t = useTestApp({ isMigrated: false });

describe('migrations and seeds', () => {
  it('apply every migration once, then nothing on a second run', async () => {
    const first = await migrateToLatest(t.database.db);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    const second = await migrateToLatest(t.database.db);
    expect(second.results).toEqual([]);
  });

  it('are date-prefixed so they sort in the order they were written', () => {
    const names = Object.keys(migrations);
    expect(names.every((name) => /^\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+$/.test(name))).toBe(true);
    expect(names).toEqual([...names].sort());
  });

  it('seed reference data once and keep an edited entry when run again', async () => {
    const first = await runSeeds(t.database.db);
    expect(first.cmsEntries).toBeGreaterThanOrEqual(24);
    const edited = JSON.stringify({ title: 'Edited', body: 'Edited by staff' });
    await t.database.db.updateTable('cms_entries').set({ content: edited }).where('id', '=', 1).execute();

    const second = await runSeeds(t.database.db);
    expect(second.cmsEntries).toBe(0);
    const row = await t.database.db
      .selectFrom('cms_entries')
      .select('content')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe(edited);
    const { count } = await t.database.db
      .selectFrom('cms_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(first.cmsEntries);
  });
});

describe('instances starting at once on an empty database', () => {
  const empty = useTestApp({ isMigrated: false });

  it('migrate and seed without a clash, and the seeds land once', async () => {
    const connections = [
      empty.database.openConnection(),
      empty.database.openConnection(),
      empty.database.openConnection(),
    ];
    try {
      const runs = await Promise.all(connections.map((db) => prepareDatabase(db)));
      const applied = runs.map((run) => run.migrations.results?.length ?? 0).sort((a, b) => b - a);
      expect(applied).toEqual([Object.keys(migrations).length, 0, 0]);
      const countries = await empty.database.db
        .selectFrom('countries')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      expect(runs.reduce((sum, run) => sum + run.seeded.countries, 0)).toBe(Number(countries.count));
    } finally {
      await Promise.all(connections.map((db) => db.destroy()));
    }
  });
});
