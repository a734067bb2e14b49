import type { AnchorCheck, AnchorReceipt, AnchorView } from '@lisbon/domain';
import type { AppContext } from '../../context';
import {
  checkEntry,
  checkFile,
  checkPath,
  checkTransaction,
  notYetAnchored,
  runChecks,
} from '../../platform/ledger/anchor/check';
import { ChainError } from '../../platform/ledger/anchor/chain';
import { anchorViewOf, buildReceipt } from '../../platform/ledger/anchor/receipt';
import type { EntryAnchorRow } from '../../platform/ledger/anchor/repository';
import type { LedgerEntry } from '../../platform/ledger/entry';

/**
 * A statement's record on the chain (decisions 065, 066): the anchor of its seal entry (the entry
 * that holds the signed PDF's SHA-256) as the applicant and the public see it, its receipt, and
 * the steps of a verification.
 */

/** The seal entry of a published statement, by the hash its row keeps. */
export async function sealOf(
  ctx: AppContext,
  statement: { seal_hash: string | null },
): Promise<LedgerEntry | undefined> {
  return statement.seal_hash ? ctx.ledger.get(statement.seal_hash) : undefined;
}

const namingOf = (ctx: AppContext) => ctx.config.anchor;

export async function anchorViewOfSeal(ctx: AppContext, seal: LedgerEntry | undefined): Promise<AnchorView> {
  return anchorViewOf(seal && (await ctx.ledger.anchorOf(seal)), namingOf(ctx));
}

/**
 * The receipt of a seal entry, naming the body and the statement's verification page
 * (`verifyUrl`); none before the entry's anchor is final or without one.
 */
export const receiptOf = (
  ctx: AppContext,
  {
    seal,
    entryAnchor,
    verifyUrl,
  }: { seal: LedgerEntry; entryAnchor: EntryAnchorRow | undefined; verifyUrl: string },
) =>
  buildReceipt({
    entry: seal,
    entryAnchor,
    publicKey: ctx.ledger.publicKey,
    naming: namingOf(ctx),
    issuer: { name: ctx.config.body.name, verify_url: verifyUrl },
  });

/** The chain's answers that passed, kept a minute per transaction: visitors need not each ask the node. */
const PASSED_CHECK_TTL_MS = 60_000;
const passedChecks = new WeakMap<object, Map<string, { until: number; check: AnchorCheck }>>();

async function transactionStep(ctx: AppContext, receipt: AnchorReceipt): Promise<AnchorCheck> {
  const anchoring = ctx.ledger.anchoring;
  // Anchored once, not anchoring now: the node is not known here; the receipt names the chain.
  if (!anchoring) return checkTransaction(receipt, unreachableReader);
  const cache = passedChecks.get(anchoring) ?? new Map<string, { until: number; check: AnchorCheck }>();
  passedChecks.set(anchoring, cache);
  const now = ctx.clock.now().getTime();
  const cached = cache.get(receipt.anchor.transaction_hash);
  if (cached && cached.until > now) return cached.check;
  const outcome = await checkTransaction(receipt, anchoring.reader);
  if (outcome.outcome === 'passed') {
    if (cache.size > 1000) cache.clear();
    cache.set(receipt.anchor.transaction_hash, { until: now + PASSED_CHECK_TTL_MS, check: outcome });
  }
  return outcome;
}

const unreachable = () => Promise.reject(new ChainError('no node of this chain is configured'));
/** Stands for a node when none is configured: every question fails as unreachable. */
const unreachableReader = {
  chainId: unreachable,
  transaction: unreachable,
  receipt: unreachable,
  block: unreachable,
  head: unreachable,
};

/**
 * A public verification's steps for an upload and the statement's seal entry: the file, the entry
 * (with the ledger's word on the record around it), then the Merkle path and the transaction once
 * the anchor is final; before that they say anchoring pending, or that the body anchors nothing.
 */
export async function verificationChecks(
  ctx: AppContext,
  {
    seal,
    sha256,
    isRecordSound,
    verifyUrl,
  }: { seal: LedgerEntry; sha256: string; isRecordSound: boolean; verifyUrl: string },
): Promise<{ anchor: AnchorView; checks: AnchorCheck[] }> {
  const entryAnchor = await ctx.ledger.anchorOf(seal);
  const receipt = receiptOf(ctx, { seal, entryAnchor, verifyUrl });
  const isAnchoring = ctx.ledger.anchoring !== null;
  const checks = await runChecks({
    file: () => checkFile(seal.payload_hash, sha256),
    entry: () => {
      const entry = checkEntry(seal, ctx.ledger.publicKey);
      if (entry.outcome !== 'passed' || isRecordSound) return entry;
      return { step: 'entry', outcome: 'failed', reason: 'ledger_broken', values: {} };
    },
    path: () => (receipt ? checkPath(seal.hash, receipt.merkle) : notYetAnchored('path', isAnchoring)),
    transaction: () => (receipt ? transactionStep(ctx, receipt) : notYetAnchored('transaction', isAnchoring)),
  });
  return { anchor: anchorViewOf(entryAnchor, namingOf(ctx)), checks };
}
