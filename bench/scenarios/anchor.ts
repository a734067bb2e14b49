import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createContext } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/platform/config';
import { openDatabase } from '../../apps/api/src/platform/db/database';
import { migrateToLatest } from '../../apps/api/src/platform/db/migrate';
import { checkReceipt } from '../../apps/api/src/platform/ledger/anchor/check';
import { createChainReader } from '../../apps/api/src/platform/ledger/anchor/chain';
import { buildMerkleTree } from '../../apps/api/src/platform/ledger/anchor/merkle';
import { buildReceipt } from '../../apps/api/src/platform/ledger/anchor/receipt';
import { startLocalChain, type LocalChain } from '../../apps/api/test/chain';
import type { Scenario } from '../scenario';

/**
 * Anchoring's cost per statement (issue #17, decision 065): for each batch size of
 * BENCH_ANCHOR_SIZES (1, 100 and 10,000 statements by default), a fresh SQLite ledger with that
 * many statements appended through the ledger port (an issue and a seal entry each, signed), then
 * one anchoring pass against a local Hardhat node on 127.0.0.1 (npm, offline) with one
 * confirmation. Measures the transactions sent (one per batch), the gas the transaction used and
 * so the gas per statement, the time of the pass (tree, proofs stored, transaction signed, sent,
 * mined and recorded) and of the tree alone, the Merkle path's length, and the time to check the
 * last statement's receipt with a node (the four steps of decision 066).
 */

const SIZES = (process.env.BENCH_ANCHOR_SIZES ?? '1,100,10000').split(',').map(Number);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

type Row = {
  statements: number;
  entries: number;
  transactions: number;
  statementsPerTransaction: number;
  gasUsed: number;
  gasPerStatement: number;
  appendSeconds: number;
  passMs: number;
  treeMs: number;
  pathSteps: number;
  receiptBytes: number;
  checkMs: number;
  checksPassed: boolean;
};

async function measure(chain: LocalChain, statements: number, key: `0x${string}`): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lisbon-bench-anchor-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ANCHOR_RPC_URL: chain.url,
    ANCHOR_CHAIN_ID: String(chain.chainId),
    ANCHOR_PRIVATE_KEY: key,
    ANCHOR_BATCH_SIZE: String(Math.min(statements * 2, 65_536)),
    ANCHOR_CONFIRMATIONS: '1',
  });
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const ctx = createContext({ config, db });
    const anchoring = ctx.ledger.anchoring;
    if (!anchoring) throw new Error('anchoring is not configured');
    const appendStarted = performance.now();
    let lastSeal;
    for (let index = 0; index < statements; index += 1) {
      const certificateId = `bench-${index}`;
      const issue = await ctx.ledger.append({
        kind: 'issue',
        certificateId,
        payloadHash: index.toString(16).padStart(64, 'a'),
      });
      lastSeal = await ctx.ledger.append({
        kind: 'seal',
        certificateId,
        payloadHash: index.toString(16).padStart(64, 'b'),
        refHash: issue.hash,
      });
    }
    const appendSeconds = (performance.now() - appendStarted) / 1000;
    if (!lastSeal) throw new Error('no statement appended');
    const sentBefore = await anchoring.chain.transactionCount('latest');

    const passStarted = performance.now();
    const pass = await anchoring.run();
    const passMs = performance.now() - passStarted;
    const anchor = pass.anchor;
    if (!anchor || anchor.status !== 'final' || !anchor.tx_hash) {
      throw new Error(`the pass left the batch ${anchor?.status ?? 'unmade'}: ${pass.error ?? ''}`);
    }
    const transactions = (await anchoring.chain.transactionCount('latest')) - sentBefore;
    const reader = createChainReader({ rpcUrl: chain.url });
    const mined = await reader.client.getTransactionReceipt({ hash: anchor.tx_hash as `0x${string}` });

    const hashes = await db.selectFrom('ledger_entries').select('hash').orderBy('seq').execute();
    const treeStarted = performance.now();
    buildMerkleTree(hashes.map((row) => row.hash));
    const treeMs = performance.now() - treeStarted;

    const receipt = buildReceipt({
      entry: lastSeal,
      entryAnchor: await ctx.ledger.anchorOf(lastSeal),
      publicKey: ctx.ledger.publicKey,
      naming: config.anchor,
      issuer: { name: config.body.name, verify_url: `${config.publicUrl}/verify/${lastSeal.certificate_id}` },
    });
    if (!receipt) throw new Error('no receipt for the last statement');
    const checkStarted = performance.now();
    const checks = await checkReceipt({ receipt, fileSha256: lastSeal.payload_hash, reader });
    const checkMs = performance.now() - checkStarted;
    const gasUsed = Number(mined.gasUsed);
    return {
      statements,
      entries: anchor.entry_count,
      transactions,
      statementsPerTransaction: round(statements / transactions),
      gasUsed,
      gasPerStatement: round(gasUsed / statements),
      appendSeconds: round(appendSeconds),
      passMs: round(passMs),
      treeMs: round(treeMs),
      pathSteps: receipt.merkle.path.length,
      receiptBytes: Buffer.byteLength(JSON.stringify(receipt)),
      checkMs: round(checkMs),
      checksPassed: checks.every((check) => check.outcome === 'passed'),
    };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const anchor: Scenario = {
  name: 'anchor',
  async run() {
    const chain = await startLocalChain();
    const rows: Row[] = [];
    try {
      for (const [index, size] of SIZES.entries()) {
        // An account per size: each batch starts from nonce 0, as on a fresh deployment.
        const key = chain.keys[index + 1];
        if (!key) throw new Error('not enough funded accounts on the local chain');
        rows.push(await measure(chain, size, key));
      }
    } finally {
      await chain.stop();
    }
    if (rows.some((row) => row.transactions !== 1 || !row.checksPassed)) {
      throw new Error('a batch took other than one transaction, or a receipt did not check');
    }
    const largest = rows.at(-1);
    return {
      table: rows,
      summary: `One transaction per batch at every size: ${rows
        .map((row) => `${row.statements} statement(s) → ${row.gasPerStatement} gas each`)
        .join(
          ', ',
        )}. The transaction costs ${largest?.gasUsed ?? 0} gas whatever the batch (32 bytes of data; Hardhat's default hardfork prices calldata with EIP-7623's floor); a Merkle path has at most ⌈log2(entries)⌉ steps (the last statement's: ${largest?.pathSteps ?? 0} at ${largest?.entries ?? 0} entries).`,
      figures: { chain: 'hardhat node (EDR) 127.0.0.1, chain 31337, 1 confirmation', rows },
    };
  },
};
