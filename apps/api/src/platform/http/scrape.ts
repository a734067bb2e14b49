import type { Redis } from 'ioredis';
import { formatEther } from 'viem';
import { latestBackupAt } from '../backup-record';
import type { Clock } from '../clock';
import { poolStats, type Db } from '../db/database';
import type { AnchorStatus } from '../db/anchor-tables';
import { queueStats } from '../jobs/repository';
import { selectLatestAnchor, selectWaiting } from '../ledger/anchor/repository';
import type { LedgerAnchoring } from '../ledger/ledger';
import type { Metrics } from '../metrics';
import { passwordWork } from '../passwords';
import type { FileStorage } from '../storage/storage';

export type ScrapeSources = {
  metrics: Metrics;
  db: Db;
  clock: Clock;
  /** The shared Redis (REDIS_URL); null: none configured. */
  redis: Redis | null;
  /** Anchoring on a chain; null: off. */
  anchoring: LedgerAnchoring | null;
  /** The file store, probed at each scrape: the S3 bucket or the local folder. */
  storage: { store: FileStorage; kind: 's3' | 'disk' } | null;
};

const ANCHOR_STATUSES: readonly AnchorStatus[] = ['prepared', 'signed', 'sent', 'mined', 'final'];
/** A scrape waits this long for the chain's node or the object store, then says it did not answer. */
export const PROBE_TIMEOUT_MS = 3000;

const ageSeconds = (now: Date, since: string | Date | null) =>
  since ? Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000) : 0;

/** The figures read at each scrape, from the database, the pool, Redis and the chain (decision 087). */
export async function refreshScrapedFigures({
  metrics,
  db,
  clock,
  redis,
  anchoring,
  storage,
}: ScrapeSources): Promise<void> {
  const now = clock.now();
  const { counts, oldestDueAt, byKind } = await queueStats(db, now.toISOString());
  for (const [status, count] of Object.entries(counts)) metrics.jobs.set({ status }, count);
  metrics.oldestDueJobAge.set(ageSeconds(now, oldestDueAt));
  // Kinds that left the queue disappear rather than stay at their last count.
  metrics.jobsByKind.reset();
  for (const { kind, status, count } of byKind) metrics.jobsByKind.set({ kind, status }, count);

  const lastBackup = await latestBackupAt(db);
  metrics.lastBackup.set(lastBackup ? lastBackup.getTime() / 1000 : 0);

  const pool = poolStats(db);
  if (pool) {
    metrics.dbPool.set({ state: 'in_use' }, pool.inUse);
    metrics.dbPool.set({ state: 'idle' }, pool.idle);
    metrics.dbPool.set({ state: 'waiting' }, pool.waiting);
  }
  metrics.passwordHashes.set({ state: 'running' }, passwordWork.running);
  metrics.passwordHashes.set({ state: 'waiting' }, passwordWork.waiting);
  // The process's count, as a counter: set again from it at each scrape.
  metrics.passwordHashesRefused.reset();
  metrics.passwordHashesRefused.inc(passwordWork.refused);
  if (redis) metrics.redisUp.set({ role: 'rate_limit' }, redis.status === 'ready' ? 1 : 0);
  if (storage) {
    const isUp = await storage.store.probe(PROBE_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
    metrics.objectStoreUp.set({ store: storage.kind }, isUp ? 1 : 0);
  }
  if (anchoring) await refreshAnchoring(metrics, db, now, anchoring);
}

async function refreshAnchoring(metrics: Metrics, db: Db, now: Date, anchoring: LedgerAnchoring) {
  const chain = { chain_id: String(anchoring.settings.chainId) };
  const latest = await selectLatestAnchor(db);
  const waiting = await selectWaiting(db, latest?.last_seq ?? 0);
  metrics.anchorOldestUnanchoredAge.set(chain, ageSeconds(now, waiting.oldestAt));
  metrics.anchorLastBatch.reset();
  if (latest)
    for (const status of ANCHOR_STATUSES)
      metrics.anchorLastBatch.set({ ...chain, status }, status === latest.status ? 1 : 0);
  let timer: NodeJS.Timeout | undefined;
  try {
    const balance = await Promise.race([
      anchoring.chain.balance(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('the node did not answer in time')), PROBE_TIMEOUT_MS);
      }),
    ]);
    metrics.anchorSenderBalance.set(chain, Number(formatEther(balance)));
    metrics.anchorNodeUp.set(chain, 1);
  } catch {
    metrics.anchorNodeUp.set(chain, 0);
  } finally {
    clearTimeout(timer);
  }
}
