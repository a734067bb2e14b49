import { systemClock } from '../../src/platform/clock';
import { openDatabase } from '../../src/platform/db/database';
import { runAnchoring } from '../../src/platform/ledger/anchor/anchoring';
import { createChainSender } from '../../src/platform/ledger/anchor/chain';
import type { AnchorSettings } from '../../src/platform/ledger/anchor/settings';
import type { DatabaseConfig } from '../../src/platform/config';

/**
 * One anchoring pass in a process of its own, on the database and node ANCHOR_ONCE names: the
 * worker the crash test kills between sending a transaction and recording it (anchor-recovery).
 */
type Job = {
  database: DatabaseConfig;
  schema: string | null;
  rpcUrl: string;
  chainId: number;
  privateKey: `0x${string}`;
  confirmations: number;
};

// Its process, first: the test that kills it checks that this very process is gone.
console.log(JSON.stringify({ pid: process.pid }));
const job = JSON.parse(process.env.ANCHOR_ONCE ?? '') as Job;
const db = openDatabase(job.database, job.schema ? { schema: job.schema } : {});
const settings: AnchorSettings = {
  rpcUrl: job.rpcUrl,
  chainId: job.chainId,
  chainName: null,
  privateKey: () => job.privateKey,
  batchSize: 1,
  intervalMinutes: 60,
  confirmations: job.confirmations,
  explorerTxUrl: null,
};
const pass = await runAnchoring({ db, clock: systemClock, chain: createChainSender(settings), settings });
console.log(JSON.stringify({ status: pass.anchor?.status ?? null, error: pass.error }));
await db.destroy();
