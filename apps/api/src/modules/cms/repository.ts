import type { CmsEntity, Locale } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';

export type CmsEntryRow = {
  id: number;
  entity: string;
  locale: string;
  position: number;
  content: string;
};

export type CmsEntryFilter = { entity?: CmsEntity; locale?: Locale };

export async function listCmsEntries(db: Db, filter: CmsEntryFilter): Promise<CmsEntryRow[]> {
  let query = db.selectFrom('cms_entries').select(['id', 'entity', 'locale', 'position', 'content']);
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.locale) query = query.where('locale', '=', filter.locale);
  return query.orderBy('entity').orderBy('locale').orderBy('position').orderBy('id').execute();
}

export type NewCmsEntry = { entity: CmsEntity; locale: Locale; position: number; content: string };

/** Inserts entries whose (entity, locale, position) is still free; existing rows, possibly edited, are kept. */
export async function insertMissingCmsEntries(db: Db, entries: readonly NewCmsEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const result = await db
    .insertInto('cms_entries')
    .values([...entries])
    .onConflict((conflict) => conflict.columns(['entity', 'locale', 'position']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
