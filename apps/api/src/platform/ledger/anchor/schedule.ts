import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import type { Ledger } from '../ledger';
import { anchorLedgerJob } from './anchor.job';
import { selectOpenAnchor } from './repository';

export type AnchorSchedule = {
  isQueued: boolean;
  /** The open batch's last failure with the chain, for the log; null when it has none. */
  lastError: string | null;
};

/**
 * Asks for an anchoring pass unless one waits or runs already (every instance asks on a timer;
 * whichever worker claims it runs it), and says what troubles the open batch. Nothing without
 * anchoring configured.
 */
export async function queueLedgerAnchor({
  db,
  queue,
  ledger,
}: {
  db: Db;
  queue: JobQueue;
  ledger: Ledger;
}): Promise<AnchorSchedule> {
  if (!ledger.anchoring) return { isQueued: false, lastError: null };
  const lastError = (await selectOpenAnchor(db))?.last_error ?? null;
  if (await queue.isAnyQueued(db, anchorLedgerJob)) return { isQueued: false, lastError };
  await queue.enqueue(db, anchorLedgerJob, {});
  return { isQueued: true, lastError };
}
