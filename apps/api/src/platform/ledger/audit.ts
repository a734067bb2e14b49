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
      /** Entries checked and found sound before the break, those before `from` included. */
      checked: number;
    };

/** Where a walk starts: after this entry, already found sound (an audited head). */
export type ChainPoint = { seq: number; hash: string };

export const GENESIS: ChainPoint = { seq: 0, hash: GENESIS_HASH };

/**
 * Walks the chain from the entry after `from` (the first entry by default): each must carry the
 * next sequence number, link to the previous entry's hash (the first to GENESIS_HASH), hash to its
 * own `hash` and verify against the ledger's public key. Stops at the first break. `verified`
 * holds hashes whose signature was checked before (see createDatabaseLedger); entries found sound
 * are added to it.
 */
export async function auditChain(
  entries: AsyncIterable<LedgerEntry> | Iterable<LedgerEntry>,
  publicKey: KeyObject,
  { from = GENESIS, verified }: { from?: ChainPoint; verified?: Set<string> } = {},
): Promise<ChainAudit> {
  let expectedSeq = from.seq + 1;
  let previousHash = from.hash;
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
    const fault = isKnownSound(entry, verified) ? null : entryFault(entry, publicKey);
    if (fault) return broken(entry, fault);
    verified?.add(entry.hash);
    previousHash = entry.hash;
    expectedSeq += 1;
  }
  return {
    isIntact: true,
    length: expectedSeq - 1,
    headHash: expectedSeq > 1 ? previousHash : null,
  };
}

/** The hash covers the signature: an entry that still hashes to a verified hash is that same entry. */
export const isKnownSound = (entry: LedgerEntry, verified: Set<string> | undefined): boolean =>
  verified !== undefined && verified.has(entry.hash) && hashOf(bodyOf(entry), entry.signature) === entry.hash;
