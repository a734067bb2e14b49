import {
  cmsEntrySchema,
  interpolateFigures,
  type CmsEntriesQuery,
  type CmsEntry,
  type ListMeta,
} from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { referenceFigures } from '../reference/service';
import { listCmsEntries } from './repository';

/** Public reference text: no access check. The list is short, so it comes whole, as one page. */
export async function findCmsEntries(
  db: Db,
  query: CmsEntriesQuery,
): Promise<{ data: CmsEntry[]; meta: ListMeta }> {
  const rows = await listCmsEntries(db, query);
  // Figures such as the count of Lisbon states come from the data, never typed into an answer.
  const figures = await referenceFigures(db);
  // Parsing the stored JSON through the domain schema keeps a malformed row from leaking out unchecked.
  const data = rows.map((row) =>
    cmsEntrySchema.parse({ ...row, content: JSON.parse(interpolateFigures(row.content, figures)) }),
  );
  return { data, meta: { page: 1, perPage: Math.max(data.length, 1), total: data.length } };
}
