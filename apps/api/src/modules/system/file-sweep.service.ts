import type { AppContext } from '../../context';
import { referencedKeys } from './file-sweep.repository';

/** An upload in flight or a row about to be committed is younger than this: never swept. */
export const SWEEP_GRACE_SECONDS = 3600;
const BATCH = 500;

/**
 * Removes stored files that no row holds and that are older than the grace period: what a request
 * that failed between storing and committing, or a process killed mid-upload, left behind. Safe
 * to run on several instances at once (removal is idempotent; a referenced file is never listed
 * for removal). Answers how many files it looked at and removed.
 */
export async function sweepOrphanFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  { graceSeconds = SWEEP_GRACE_SECONDS, now = new Date() }: { graceSeconds?: number; now?: Date } = {},
): Promise<{ checked: number; removed: number }> {
  // Wall-clock time, as the store's own modification times are.
  const modifiedBefore = new Date(now.getTime() - graceSeconds * 1000);
  let checked = 0;
  let removed = 0;
  let batch: string[] = [];
  const settle = async () => {
    const kept = await referencedKeys(ctx.db, batch);
    const orphans = batch.filter((key) => !kept.has(key));
    await Promise.all(orphans.map((key) => ctx.storage.remove(key)));
    checked += batch.length;
    removed += orphans.length;
    batch = [];
  };
  for await (const key of ctx.storage.listKeys({ modifiedBefore })) {
    batch.push(key);
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  return { checked, removed };
}
