import {
  cmsEntrySchema,
  interpolateFigures,
  type CmsEntriesQuery,
  type CmsEntry,
  type ListMeta,
} from '@lisbon/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { referenceFigures } from '../reference/service';
import { listCmsEntries } from './repository';

/** Public reference text: no access check. The list is short, so it comes whole, as one page. */
export async function findCmsEntries(
  db: Db,
  query: CmsEntriesQuery,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ data: CmsEntry[]; meta: ListMeta }> {
  const rows = await listCmsEntries(db, query);
  // Figures such as the count of Lisbon states come from the data, never typed into an answer.
  const figures = await referenceFigures(db);
  // Parsing the stored JSON through the domain schema keeps a malformed row from leaking out unchecked.
  // Entries are edited by hand with SQL (docs/deploy.md): one broken row is left out and logged, so the
  // rest of the FAQ still shows, rather than answering 500 for the whole language.
  const data = rows.flatMap((row) => {
    try {
      const content: unknown = JSON.parse(interpolateFigures(row.content, figures));
      return [cmsEntrySchema.parse({ ...row, content })];
    } catch {
      log.warn(
        { cmsEntryId: row.id, entity: row.entity, locale: row.locale },
        'cms entry left out: its content is not valid',
      );
      return [];
    }
  });
  return { data, meta: { page: 1, perPage: Math.max(data.length, 1), total: data.length } };
}
