import type { KeyObject } from 'node:crypto';
import type { Db } from '../db/database';
import { auditChain, GENESIS, isKnownSound } from './audit';
import { selectLatestAudit } from './audit-repository';
import { auditedHeadOf } from './audit-run';
import { entryFault, GENESIS_HASH, type LedgerEntry } from './entry';
import { selectHashesAt, selectPage } from './repository';

/**
 * How many entries after the audited head a verification checks itself, at most. The audit job
 * runs every minute, so the unaudited tail is normally a handful; past this bound (the job
 * stalled) the certificate's own entries are still checked, the rest waits for the job.
 */
export const UNAUDITED_CHECK_LIMIT = 500;

/**
 * Whether the ledger vouches for one certificate's entries, without walking the audited chain
 * (decision 048): the newest audit found the chain whole (never after a broken one); each entry
 * hashes to its hash, verifies against the key and links to the entry before it; the audited head
 * is still the entry the audit found; and the entries appended since that audit (at most
 * UNAUDITED_CHECK_LIMIT) link and verify from it. A handful of indexed reads whatever the length.
 */
export async function isRecordSound({
  db,
  publicKey,
  entries,
  verified,
}: {
  db: Db;
  publicKey: KeyObject;
  entries: readonly LedgerEntry[];
  verified: Set<string>;
}): Promise<boolean> {
  const audit = await selectLatestAudit(db);
  if (audit?.status === 'broken') return false;
  for (const entry of entries) {
    if (!isKnownSound(entry, verified) && entryFault(entry, publicKey)) return false;
    verified.add(entry.hash);
  }
  const head = audit ? auditedHeadOf(audit) : GENESIS;
  const predecessors = entries.map((entry) => entry.seq - 1);
  const hashes = await selectHashesAt(
    db,
    [head.seq, ...predecessors].filter((seq) => seq > 0),
  );
  const hashAt = (seq: number) => (seq === 0 ? GENESIS_HASH : hashes.get(seq));
  if (hashAt(head.seq) !== head.hash) return false;
  if (entries.some((entry) => entry.prev_hash !== hashAt(entry.seq - 1))) return false;
  const tail = await selectPage(db, head.seq, UNAUDITED_CHECK_LIMIT);
  return (await auditChain(tail, publicKey, { from: head, verified })).isIntact;
}
