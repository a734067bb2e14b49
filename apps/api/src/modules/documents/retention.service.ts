import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import { deleteUnattachedDocumentsReturningKeys, findUnattachedDocumentsBefore } from './repository';

const BATCH = 200;

/**
 * Deletes the documents that belong to no request once UPLOAD_UNATTACHED_TTL_HOURS have passed
 * since their upload (decision 058): the rows first, then their files, as every deletion does.
 * Safe to re-run and to run on several instances at once (each row is deleted by one run, which
 * then removes its file); a crash between the two leaves a file no row holds, which the storage
 * sweep removes within the hour. Answers how many documents it deleted.
 */
export async function purgeUnattachedDocuments(
  ctx: Pick<AppContext, 'db' | 'storage' | 'clock' | 'config'>,
): Promise<{ removed: number }> {
  const cutoff = isoAfter(ctx.clock.now(), -ctx.config.unattachedDocumentTtlHours * 3600);
  let removed = 0;
  for (;;) {
    const ids = await findUnattachedDocumentsBefore(ctx.db, { cutoff, limit: BATCH });
    const keys = await deleteUnattachedDocumentsReturningKeys(ctx.db, { ids, cutoff });
    // A file that cannot be removed now is an orphan for the sweep, never a dangling row.
    await Promise.allSettled(keys.map((key) => ctx.storage.remove(key)));
    removed += keys.length;
    if (ids.length < BATCH) return { removed };
  }
}
