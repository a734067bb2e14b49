import { seedCmsEntries } from './modules/cms/seed';
import type { Db } from './platform/db/database';

/** Reference data every installation needs, run at each start after the migrations; safe to repeat. */
export async function runSeeds(db: Db): Promise<{ cmsEntries: number }> {
  return { cmsEntries: await seedCmsEntries(db) };
}
