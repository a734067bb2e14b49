import type { KeyObject } from 'node:crypto';
import { entryFault, GENESIS_HASH, hashOf, bodyOf, type LedgerEntry } from './entry';

export type ChainAudit =
  | { isIntact: true; length: number; headHash: string | null }
  | {
      isIntact: false;
      /** The first entry that breaks the chain (or where a missing one should be). */
      seq: number;
      hash: string | null;
      fault: string;
      /** Entries checked and found sound before the break. */
      checked: number;
    };

/**
 * Walks the chain from its first entry: each must carry the next sequence number, link to the
 * previous entry's hash (the first to GENESIS_HASH), hash to its own `hash` and verify against
 * the ledger's public key. Stops at the first break. `verified` holds hashes whose signature
 * was checked before (see createDatabaseLedger); entries found sound are added to it.
 */
export async function auditChain(
  entries: AsyncIterable<LedgerEntry> | Iterable<LedgerEntry>,
  publicKey: KeyObject,
  verified: Set<string> = new Set(),
): Promise<ChainAudit> {
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  const broken = (entry: LedgerEntry, fault: string): ChainAudit => ({
    isIntact: false,
    seq: entry.seq,
    hash: entry.hash,
    fault,
    checked: expectedSeq - 1,
  });
  for await (const entry of entries) {
    if (entry.seq !== expectedSeq) {
      return {
        isIntact: false,
        seq: expectedSeq,
        hash: null,
        fault: `entry ${expectedSeq} is missing (found ${entry.seq} next)`,
        checked: expectedSeq - 1,
      };
    }
    if (entry.prev_hash !== previousHash) return broken(entry, 'it does not link to the entry before it');
    const isKnown = verified.has(entry.hash) && hashOf(bodyOf(entry), entry.signature) === entry.hash;
    if (!isKnown) {
      const fault = entryFault(entry, publicKey);
      if (fault) return broken(entry, fault);
      verified.add(entry.hash);
    }
    previousHash = entry.hash;
    expectedSeq += 1;
  }
  return { isIntact: true, length: expectedSeq - 1, headHash: expectedSeq > 1 ? previousHash : null };
}
