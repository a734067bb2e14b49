import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** Row types of the ledger's anchors (migration 2026-11-26-065, decision 065); `database.ts` lists them. */

/**
 * Where one batch stands: `prepared` (root computed, nothing signed), `signed` (nonce, bytes and
 * hash recorded, perhaps sent), `sent` (the chain knows it), `mined` (in a block, confirmations
 * still to come), `final` (confirmed; never changes again).
 */
export type AnchorStatus = 'prepared' | 'signed' | 'sent' | 'mined' | 'final';

export type LedgerAnchorsTable = {
  id: Generated<number>;
  first_seq: number;
  last_seq: number;
  entry_count: number;
  /** The batch's Merkle root, hex without 0x: the transaction's data. */
  root: string;
  chain_id: number;
  sender: string;
  status: AnchorStatus;
  confirmations_required: number;
  nonce: number | null;
  raw_tx: string | null;
  tx_hash: string | null;
  /** JSON list of `{ tx_hash, nonce }` given up because another transaction took their nonce. */
  abandoned_txs: Generated<string>;
  block_number: number | null;
  block_hash: string | null;
  /** ISO-8601 UTC, from the block's own timestamp. */
  block_time: string | null;
  sent_at: string | null;
  final_at: string | null;
  /** The last failure talking to the chain (no URL, no key), cleared by the next success. */
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type LedgerAnchorProofsTable = {
  entry_seq: number;
  anchor_id: number;
  leaf_index: number;
  /** JSON list of `{ side, hash }`, from the leaf up. */
  path: string;
};
