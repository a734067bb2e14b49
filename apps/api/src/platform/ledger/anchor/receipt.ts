import type { KeyObject } from 'node:crypto';
import { ANCHOR_RECEIPT_FORMAT, MERKLE_ALGORITHM, type AnchorReceipt, type AnchorView } from '@lisbon/domain';
import type { LedgerEntry } from '../entry';
import type { EntryAnchorRow } from './repository';
import type { AnchorSettings } from './settings';

/** What receipts and views need of the anchoring settings: none when the body anchors nothing. */
type Naming = Pick<AnchorSettings, 'chainId' | 'chainName' | 'explorerTxUrl'> | null;

/** The final anchor's chain, block and transaction, or null while it is not final. */
function finalAnchorOf(entryAnchor: EntryAnchorRow | undefined) {
  const anchor = entryAnchor?.anchor;
  if (anchor?.status !== 'final') return null;
  const { tx_hash: hash, block_number: number, block_hash: blockHash, block_time: time } = anchor;
  if (!hash || number === null || !blockHash || !time) return null;
  return { anchor, hash, number, blockHash, time };
}

/** The configured name of a chain, when the configuration is about that chain. */
const nameOf = (chainId: number, naming: Naming) => (naming?.chainId === chainId ? naming.chainName : null);

export const explorerUrlOf = (txHash: string, naming: Naming, chainId: number): string | null =>
  naming?.explorerTxUrl && naming.chainId === chainId
    ? naming.explorerTxUrl.replaceAll('{txHash}', txHash)
    : null;

/**
 * What people see of an entry's record on the chain: anchored once its batch is final; before
 * that pending while the body anchors, off when it does not (its own ledger only).
 */
export function anchorViewOf(entryAnchor: EntryAnchorRow | undefined, naming: Naming): AnchorView {
  const final = finalAnchorOf(entryAnchor);
  if (!final) return { state: naming ? 'pending' : 'off' };
  const chainId = final.anchor.chain_id;
  return {
    state: 'anchored',
    chain_id: chainId,
    chain_name: nameOf(chainId, naming),
    block_number: final.number,
    block_time: final.time,
    transaction_hash: final.hash,
    explorer_url: explorerUrlOf(final.hash, naming, chainId),
  };
}

/** The entry's receipt in the documented format (docs/anchor-receipt.md), once its anchor is final. */
export function buildReceipt({
  entry,
  entryAnchor,
  publicKey,
  naming,
  issuer,
}: {
  entry: LedgerEntry;
  entryAnchor: EntryAnchorRow | undefined;
  publicKey: KeyObject;
  naming: Naming;
  issuer: AnchorReceipt['issuer'];
}): AnchorReceipt | null {
  const final = finalAnchorOf(entryAnchor);
  if (!final || !entryAnchor) return null;
  const { anchor } = final;
  return {
    format: ANCHOR_RECEIPT_FORMAT,
    entry: {
      seq: entry.seq,
      prev_hash: entry.prev_hash,
      kind: entry.kind,
      certificate_id: entry.certificate_id,
      payload_hash: entry.payload_hash,
      ref_hash: entry.ref_hash,
      created_at: entry.created_at,
      signature: entry.signature,
      hash: entry.hash,
    },
    ledger_public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    merkle: {
      algorithm: MERKLE_ALGORITHM,
      leaf_index: entryAnchor.leafIndex,
      tree_size: anchor.entry_count,
      path: entryAnchor.path,
      root: anchor.root,
    },
    anchor: {
      chain_id: anchor.chain_id,
      chain_name: nameOf(anchor.chain_id, naming),
      transaction_hash: final.hash,
      block_number: final.number,
      block_hash: final.blockHash,
      block_time: final.time,
      sender: anchor.sender,
      confirmations_required: anchor.confirmations_required,
    },
    issuer,
  };
}
