import { seedCmsEntries } from './modules/cms/seed';
import { seedReferenceData, type ReferenceSeedCounts } from './modules/reference/seed';
import type { Db } from './platform/db/database';

export type SeedCounts = { cmsEntries: number } & ReferenceSeedCounts;

/** Reference data every installation needs, run at each start after the migrations; safe to repeat. */
export async function runSeeds(db: Db): Promise<SeedCounts> {
  return { cmsEntries: await seedCmsEntries(db), ...(await seedReferenceData(db)) };
}
