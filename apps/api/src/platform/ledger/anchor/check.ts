import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import {
  ANCHOR_CHECK_STEPS,
  chainLabel,
  type AnchorCheck,
  type AnchorCheckOutcome,
  type AnchorCheckReason,
  type AnchorCheckStep,
  type AnchorReceipt,
} from '@lisbon/domain';
import type { Hex } from 'viem';
import { bodyOf, entryFault, hashOf, type LedgerEntry } from '../entry';
import { ChainError, type ChainReader } from './chain';
import { leafHash, rootFromPath } from './merkle';

/**
 * The steps that check a statement file against its receipt (decision 066), each with its outcome
 * and why: the file is the one the seal entry holds; the entry is intact and signed; its Merkle path
 * leads to the root; the root is the data of that transaction, in that block, from that sender,
 * confirmed. The CLI's `anchor:verify` and the public verification run these same functions; they
 * need the receipt, the file and a node of the chain, nothing of the portal's.
 */

const check = (
  step: AnchorCheckStep,
  outcome: AnchorCheckOutcome,
  reason: AnchorCheckReason,
  values: Record<string, string> = {},
): AnchorCheck => ({ step, outcome, reason, values });

export const sha256Hex = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

export function checkFile(sealedSha256: string, fileSha256: string | null): AnchorCheck {
  if (fileSha256 === null) return check('file', 'skipped', 'file_not_given');
  return fileSha256 === sealedSha256
    ? check('file', 'passed', 'file_matches', { hash: fileSha256 })
    : check('file', 'failed', 'file_differs', { actual: fileSha256, expected: sealedSha256 });
}

/** The seal entry on its own: its kind, its hash over its content, its signature. */
export function checkEntry(entry: LedgerEntry, publicKey: KeyObject | string): AnchorCheck {
  if (entry.kind !== 'seal') return check('entry', 'failed', 'entry_not_seal', { kind: entry.kind });
  let key: KeyObject;
  try {
    key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  } catch {
    return check('entry', 'failed', 'entry_signature_differs');
  }
  const fault = entryFault(entry, key);
  if (fault === 'its hash does not match its content') {
    const { hash: expected } = entry;
    return check('entry', 'failed', 'entry_hash_differs', {
      actual: hashOf(bodyOf(entry), entry.signature),
      expected,
    });
  }
  if (fault) return check('entry', 'failed', 'entry_signature_differs');
  return check('entry', 'passed', 'entry_intact', { hash: entry.hash });
}

/** RFC 6962: the entry's leaf hashed up its path must give the root the transaction carries. */
export function checkPath(entryHash: string, merkle: AnchorReceipt['merkle']): AnchorCheck {
  const root = rootFromPath(leafHash(entryHash), merkle.path);
  return root === merkle.root
    ? check('path', 'passed', 'path_leads_to_root', { root, steps: String(merkle.path.length) })
    : check('path', 'failed', 'path_differs', { actual: root, root: merkle.root });
}

/** The root is the data of the receipt's transaction, in its block, from its sender, confirmed. */
export async function checkTransaction(
  receipt: Pick<AnchorReceipt, 'anchor' | 'merkle'>,
  reader: ChainReader,
): Promise<AnchorCheck> {
  const { anchor, merkle } = receipt;
  const values = {
    transaction: anchor.transaction_hash,
    block: String(anchor.block_number),
    chain: chainLabel(anchor),
    sender: anchor.sender.toLowerCase(),
    root: `0x${merkle.root}`,
  };
  try {
    const chainId = await reader.chainId();
    if (chainId !== anchor.chain_id) {
      return check('transaction', 'failed', 'node_other_chain', {
        ...values,
        actual: String(chainId),
        expected: String(anchor.chain_id),
      });
    }
    // The receipt's schema has checked it: 0x and 64 hex digits.
    const hash = anchor.transaction_hash as Hex;
    const transaction = await reader.transaction(hash);
    if (!transaction) return check('transaction', 'failed', 'transaction_not_found', values);
    if (transaction.input.toLowerCase() !== values.root) {
      return check('transaction', 'failed', 'transaction_other_data', {
        ...values,
        actual: transaction.input,
      });
    }
    if (transaction.from !== values.sender) {
      return check('transaction', 'failed', 'transaction_other_sender', {
        ...values,
        actual: transaction.from,
      });
    }
    const mined = await reader.receipt(hash);
    if (!mined) {
      const required = String(anchor.confirmations_required);
      return check('transaction', 'pending', 'awaiting_confirmations', {
        ...values,
        confirmations: '0',
        required,
      });
    }
    if (mined.blockNumber !== anchor.block_number) {
      return check('transaction', 'failed', 'transaction_other_block', {
        ...values,
        actual: String(mined.blockNumber),
      });
    }
    if (!mined.isSuccess) return check('transaction', 'failed', 'transaction_failed', values);
    const confirmations = (await reader.head()) - mined.blockNumber + 1;
    const counted = { ...values, confirmations: String(confirmations) };
    if (confirmations < anchor.confirmations_required) {
      return check('transaction', 'pending', 'awaiting_confirmations', {
        ...counted,
        required: String(anchor.confirmations_required),
      });
    }
    return check('transaction', 'passed', 'transaction_holds_root', counted);
  } catch (error) {
    if (error instanceof ChainError) return check('transaction', 'unavailable', 'node_unreachable', values);
    throw error;
  }
}

/** A step that cannot run: anchoring pending, or the body anchors nothing. */
export const notYetAnchored = (step: 'path' | 'transaction', isAnchoring: boolean): AnchorCheck =>
  isAnchoring ? check(step, 'pending', 'anchoring_pending') : check(step, 'skipped', 'anchoring_off');

/**
 * Runs the steps in order; after one that failed, the rest are not run and say so. Every step of
 * ANCHOR_CHECK_STEPS appears once, so an answer never leaves a step out.
 */
export async function runChecks(
  steps: Record<AnchorCheckStep, () => AnchorCheck | Promise<AnchorCheck>>,
): Promise<AnchorCheck[]> {
  const checks: AnchorCheck[] = [];
  for (const step of ANCHOR_CHECK_STEPS) {
    checks.push(
      checks.some((done) => done.outcome === 'failed')
        ? check(step, 'skipped', 'earlier_step_failed')
        : await steps[step](),
    );
  }
  return checks;
}

/** Checks a receipt, and a file when one is given, through any node of the receipt's chain. */
export function checkReceipt({
  receipt,
  fileSha256,
  reader,
}: {
  receipt: AnchorReceipt;
  fileSha256: string | null;
  reader: ChainReader;
}): Promise<AnchorCheck[]> {
  // A kind outside the list is passed on as it is: the checks report it (as the ledger's reads do).
  const entry = { ...receipt.entry, kind: receipt.entry.kind as LedgerEntry['kind'] };
  return runChecks({
    file: () => checkFile(entry.payload_hash, fileSha256),
    entry: () => checkEntry(entry, receipt.ledger_public_key),
    path: () => checkPath(entry.hash, receipt.merkle),
    transaction: () => checkTransaction(receipt, reader),
  });
}
