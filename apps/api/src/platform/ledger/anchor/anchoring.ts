import type { Hex } from 'viem';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { ChainError, type ChainSender } from './chain';
import { buildMerkleTree } from './merkle';
import {
  insertAnchor,
  lockForAnchor,
  moveAnchor,
  recordAnchorError,
  selectAnchor,
  selectEntryHashes,
  selectLatestAnchor,
  selectOpenAnchor,
  selectWaiting,
  type AnchorRow,
} from './repository';
import { MAX_BATCH_ENTRIES, type AnchorSettings } from './settings';

/**
 * Anchoring (decision 065): the entries appended since the last batch become one batch when
 * `batchSize` of them wait or the oldest has waited `intervalMinutes`; its Merkle root goes into
 * one transaction, which is final after `confirmations` blocks. Each pass moves the open batch as
 * far as the chain allows, through states recorded in `ledger_anchors`:
 *
 *   prepared → signed → sent → mined → final
 *
 * The nonce, the signed bytes and the hash are recorded (`signed`) before anything is sent, so a
 * worker that dies after sending leaves a hash the next pass finds on the chain, and sends those
 * same bytes again if the chain does not know them: one batch, one transaction. A batch starts
 * over with a new nonce only once another transaction has taken its nonce for good (confirmed),
 * which means its own can never be mined. Every move is a compare-and-set on the state, so
 * workers of several instances never act twice on one state.
 */

export type AnchoringDeps = { db: Db; clock: Clock; chain: ChainSender; settings: AnchorSettings };

export type AnchoringPass = {
  /** The batch this pass worked on, as it left it; null when none was open or due. */
  anchor: AnchorRow | null;
  /** A failure talking to the chain, also recorded on the batch; the next pass tries again. */
  error: string | null;
};

/** Moves per pass at most: enough to take a batch from prepared to final when the chain allows. */
const MAX_MOVES = 12;

const asHex = (value: string | null): Hex => {
  if (!value) throw new Error('an anchor in this state must have its transaction recorded');
  // Recorded from the node's answer when the transaction was sent: a 0x hash.
  return value as Hex;
};

/** Due: `batchSize` entries wait, or the oldest waiting one was appended `intervalMinutes` ago. */
export function isBatchDue(
  waiting: { count: number; oldestAt: string | null },
  settings: Pick<AnchorSettings, 'batchSize' | 'intervalMinutes'>,
  now: Date,
): boolean {
  if (waiting.count === 0 || waiting.oldestAt === null) return false;
  if (waiting.count >= settings.batchSize) return true;
  return now.getTime() - new Date(waiting.oldestAt).getTime() >= settings.intervalMinutes * 60_000;
}

/** A new batch of the waiting entries, with the root and each entry's path; none when not due. */
async function prepareDueBatch({
  db,
  clock,
  chain,
  settings,
}: AnchoringDeps): Promise<AnchorRow | undefined> {
  const afterSeq = (await selectLatestAnchor(db))?.last_seq ?? 0;
  if (!isBatchDue(await selectWaiting(db, afterSeq), settings, clock.now())) return undefined;
  const entries = await selectEntryHashes(db, afterSeq, MAX_BATCH_ENTRIES);
  const first = entries[0];
  const last = entries.at(-1);
  if (!first || !last) return undefined;
  // Built before the transaction: a large batch must not hold the database's write lock meanwhile.
  const tree = buildMerkleTree(entries.map((entry) => entry.hash));
  return db.transaction().execute(async (trx) => {
    await lockForAnchor(trx);
    // Another instance made a batch meanwhile: this one would overlap it.
    if (await selectOpenAnchor(trx)) return undefined;
    if (((await selectLatestAnchor(trx))?.last_seq ?? 0) !== afterSeq) return undefined;
    return insertAnchor(
      trx,
      {
        first_seq: first.seq,
        last_seq: last.seq,
        entry_count: entries.length,
        root: tree.root,
        chain_id: settings.chainId,
        sender: chain.address,
        confirmations_required: settings.confirmations,
        now: clock.now().toISOString(),
      },
      entries.map((entry, index) => ({ entrySeq: entry.seq, path: tree.paths[index] ?? [] })),
    );
  });
}

async function reread(db: Db, anchor: AnchorRow): Promise<AnchorRow> {
  const row = await selectAnchor(db, anchor.id);
  if (!row) throw new Error(`anchor ${anchor.id} is gone`);
  return row;
}

/** Signs the batch's transaction with the next nonce and records it; nothing is sent yet. */
async function sign(deps: AnchoringDeps, anchor: AnchorRow): Promise<AnchorRow> {
  const { db, clock, chain, settings } = deps;
  const chainId = await chain.chainId();
  if (chainId !== anchor.chain_id) {
    throw new ChainError(
      `the node at ANCHOR_RPC_URL is on chain ${chainId}, not on chain ${anchor.chain_id} (ANCHOR_CHAIN_ID ${settings.chainId})`,
    );
  }
  const nonce = await chain.transactionCount('pending');
  const { raw, hash } = await chain.sign(anchor.root, nonce);
  const now = clock.now().toISOString();
  // Lost to another worker: its transaction, not this one, is the batch's (this one was never sent).
  await moveAnchor(db, {
    id: anchor.id,
    from: 'prepared',
    changes: { status: 'signed', nonce, raw_tx: raw, tx_hash: hash, updated_at: now },
  });
  return reread(db, anchor);
}

/**
 * Whether the batch's nonce was taken for good by another transaction: the sender's count of
 * transactions, as of the block `confirmations` deep, is past it. Then the recorded transaction can
 * never be mined, and only then may another be signed for the batch.
 */
async function isNonceTakenForGood({ chain }: AnchoringDeps, anchor: AnchorRow): Promise<boolean> {
  if (anchor.nonce === null) return false;
  const deep = Math.max((await chain.head()) - anchor.confirmations_required + 1, 0);
  return (await chain.transactionCount(deep)) > anchor.nonce;
}

/** Sends the recorded bytes; `taken` when the chain refuses them because their nonce is gone for good. */
async function broadcast(deps: AnchoringDeps, anchor: AnchorRow): Promise<'sent' | 'taken' | 'waiting'> {
  const hash = asHex(anchor.tx_hash);
  try {
    await deps.chain.broadcast(asHex(anchor.raw_tx));
    return 'sent';
  } catch (error) {
    if (!(error instanceof ChainError)) throw error;
    // Refused as known already, or mined meanwhile: it is on its way.
    if (await deps.chain.transaction(hash)) return 'sent';
    if (await isNonceTakenForGood(deps, anchor)) return 'taken';
    // Nonce taken, but not yet confirmed: wait, it may still come back.
    if ((await deps.chain.transactionCount('latest')) > (anchor.nonce ?? Infinity)) return 'waiting';
    throw error;
  }
}

/** Gives up a transaction that can never be mined, keeping it on record: the batch is signed anew. */
async function abandon({ db, clock }: AnchoringDeps, anchor: AnchorRow): Promise<AnchorRow> {
  const abandoned = [
    // The column holds the JSON array this function writes below.
    ...(JSON.parse(anchor.abandoned_txs) as unknown[]),
    { tx_hash: anchor.tx_hash, nonce: anchor.nonce },
  ];
  await moveAnchor(db, {
    id: anchor.id,
    from: anchor.status,
    changes: {
      status: 'prepared',
      nonce: null,
      raw_tx: null,
      tx_hash: null,
      block_number: null,
      block_hash: null,
      block_time: null,
      sent_at: null,
      abandoned_txs: JSON.stringify(abandoned),
      updated_at: clock.now().toISOString(),
    },
  });
  return reread(db, anchor);
}

/** Signed: found on the chain already (a worker died after sending), or sent now. */
async function send(deps: AnchoringDeps, anchor: AnchorRow): Promise<AnchorRow | null> {
  if (!(await deps.chain.transaction(asHex(anchor.tx_hash)))) {
    const outcome = await broadcast(deps, anchor);
    if (outcome === 'taken') return abandon(deps, anchor);
    if (outcome === 'waiting') return null;
  }
  const now = deps.clock.now().toISOString();
  await moveAnchor(deps.db, {
    id: anchor.id,
    from: 'signed',
    changes: { status: 'sent', sent_at: now, updated_at: now },
  });
  return reread(deps.db, anchor);
}

/**
 * Sent or mined, but in no block of the chain now: still in the node's pool (it waits), dropped
 * from it, or taken out of its block by a reorganisation. Gone: the same bytes are sent again.
 */
async function notInBlock(deps: AnchoringDeps, anchor: AnchorRow): Promise<AnchorRow | null> {
  let isResent = false;
  if (!(await deps.chain.transaction(asHex(anchor.tx_hash)))) {
    const outcome = await broadcast(deps, anchor);
    if (outcome === 'taken') return abandon(deps, anchor);
    isResent = outcome === 'sent';
  }
  if (anchor.status === 'mined') {
    await moveAnchor(deps.db, {
      id: anchor.id,
      from: 'mined',
      changes: {
        status: 'sent',
        block_number: null,
        block_hash: null,
        block_time: null,
        updated_at: deps.clock.now().toISOString(),
      },
    });
    return reread(deps.db, anchor);
  }
  return isResent ? reread(deps.db, anchor) : null;
}

/** In a block: recorded as mined, and final once `confirmations_required` blocks hold it. */
async function confirm(deps: AnchoringDeps, anchor: AnchorRow): Promise<AnchorRow | null> {
  const { db, clock, chain } = deps;
  const receipt = await chain.receipt(asHex(anchor.tx_hash));
  if (!receipt) return notInBlock(deps, anchor);
  const confirmations = (await chain.head()) - receipt.blockNumber + 1;
  const isSameBlock = anchor.block_hash === receipt.blockHash && anchor.block_time !== null;
  const blockTime = isSameBlock
    ? anchor.block_time
    : (await chain.block(receipt.blockNumber)).time.toISOString();
  const block = { block_number: receipt.blockNumber, block_hash: receipt.blockHash, block_time: blockTime };
  const now = clock.now().toISOString();
  if (confirmations >= anchor.confirmations_required) {
    await moveAnchor(db, {
      id: anchor.id,
      from: anchor.status,
      changes: { ...block, status: 'final', final_at: now, updated_at: now },
    });
    return reread(db, anchor);
  }
  if (anchor.status === 'mined' && isSameBlock) return null;
  await moveAnchor(db, {
    id: anchor.id,
    from: anchor.status,
    changes: { ...block, status: 'mined', updated_at: now },
  });
  return reread(db, anchor);
}

/** One move from the batch's state, or null when it must wait for the chain. */
function move(deps: AnchoringDeps, anchor: AnchorRow): Promise<AnchorRow | null> {
  switch (anchor.status) {
    case 'prepared':
      return sign(deps, anchor);
    case 'signed':
      return send(deps, anchor);
    case 'sent':
    case 'mined':
      return confirm(deps, anchor);
    case 'final':
      return Promise.resolve(null);
  }
}

/**
 * One pass: the open batch moved as far as the chain allows, then, when it is final, the next
 * batch if one is due. Safe to run at once in several workers and again after any crash.
 */
export async function runAnchoring(deps: AnchoringDeps): Promise<AnchoringPass> {
  const { db, clock } = deps;
  let anchor = (await selectOpenAnchor(db)) ?? (await prepareDueBatch(deps)) ?? null;
  if (!anchor) return { anchor: null, error: null };
  try {
    for (let moves = 0; moves < MAX_MOVES; moves += 1) {
      const next: AnchorRow | null =
        anchor.status === 'final' ? ((await prepareDueBatch(deps)) ?? null) : await move(deps, anchor);
      if (!next) break;
      anchor = next;
    }
    if (anchor.last_error !== null) {
      await recordAnchorError(db, { id: anchor.id, error: null, now: clock.now().toISOString() });
    }
    return { anchor: await reread(db, anchor), error: null };
  } catch (error) {
    if (!(error instanceof ChainError)) throw error;
    await recordAnchorError(db, { id: anchor.id, error: error.message, now: clock.now().toISOString() });
    return { anchor: await reread(db, anchor), error: error.message };
  }
}
