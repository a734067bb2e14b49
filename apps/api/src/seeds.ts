import { seedCmsEntries } from './modules/cms/seed';
import { seedReferenceData, type ReferenceSeedCounts } from './modules/reference/seed';
import type { Db } from './platform/db/database';
import { migrateToLatest, withMigrationLock } from './platform/db/migrate';

export type SeedCounts = { cmsEntries: number } & ReferenceSeedCounts;

/** Reference data every installation needs, run at each start after the migrations; safe to repeat. */
export async function runSeeds(db: Db): Promise<SeedCounts> {
  return { cmsEntries: await seedCmsEntries(db), ...(await seedReferenceData(db)) };
}

/** What every start does before serving: migrations then seeds, one instance at a time. */
export async function prepareDatabase(db: Db) {
  return withMigrationLock(db, async (locked) => {
    const migrations = await migrateToLatest(locked);
    return { migrations, seeded: await runSeeds(locked) };
  });
}
