import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import { isPostgres } from '../src/platform/db/schema-helpers';
import { createChainReader } from '../src/platform/ledger/anchor/chain';
import type { AnchorRow } from '../src/platform/ledger/anchor/repository';
import { anchoringEnv, freePort, startLocalChain, type LocalChain } from './chain';
import { testConfig, useTestApp } from './helper';
import { exitOf, isRunning, spawnForTest } from './processes';

/**
 * Anchoring when things go wrong between the portal and the chain (issue #17, decision 065): a
 * worker killed after sending, a transaction dropped from the node's pool, a block reorganised
 * away before its confirmations, a nonce taken by another transaction. Each time the batch ends up
 * in exactly one transaction on the chain.
 */

let chain: LocalChain;
const clock = new ManualClock('2026-03-02T09:00:00Z');
const CONFIRMATIONS = 3;
let env: Record<string, string>;
let certificates = 0;

beforeAll(async () => {
  chain = await startLocalChain();
  env = anchoringEnv(chain, { account: 2, batchSize: 4, confirmations: CONFIRMATIONS });
}, 60_000);
afterAll(() => chain?.stop());
const t = useTestApp({ hasApp: false });

const context = (overrides: Record<string, string> = {}) =>
  createContext({ config: testConfig(t.database, { ...env, ...overrides }), db: t.database.db, clock });
const sender = () => privateKeyToAccount(env.ANCHOR_PRIVATE_KEY as `0x${string}`).address;
const reader = () => createChainReader({ rpcUrl: chain.url });

/** Appends the issue and seal entries of made-up statements: the ledger's own appends, no PDF. */
async function appendStatements(count: number): Promise<void> {
  const ctx = context();
  for (let index = 0; index < count; index += 1) {
    certificates += 1;
    const issue = await ctx.ledger.append({
      kind: 'issue',
      certificateId: `recovery-${certificates}`,
      payloadHash: `${certificates}`.padStart(64, 'a'),
    });
    await ctx.ledger.append({
      kind: 'seal',
      certificateId: `recovery-${certificates}`,
      payloadHash: `${certificates}`.padStart(64, 'b'),
      refHash: issue.hash,
    });
  }
}

async function pass(): Promise<AnchorRow> {
  const result = await context().ledger.anchoring?.run();
  if (!result?.anchor) throw new Error('the pass worked on no batch');
  return result.anchor;
}

const mine = async (blocks: number) => {
  for (let block = 0; block < blocks; block += 1) await chain.rpc('evm_mine');
};

/** Every transaction on the chain whose data is this root, in any block. */
async function transactionsCarrying(root: string): Promise<string[]> {
  const { client } = reader();
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  const found: string[] = [];
  for (let number = 0; number <= head; number += 1) {
    const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true });
    for (const transaction of block.transactions) {
      if (transaction.input === `0x${root}`) found.push(transaction.hash);
    }
  }
  return found;
}

/** Passes, mining between them, until the batch is final; fails past a bound rather than loop. */
async function untilFinal(): Promise<AnchorRow> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const anchor = await pass();
    if (anchor.status === 'final') return anchor;
    await mine(1);
  }
  throw new Error('the batch never became final');
}

// In order under --sequence.shuffle too: each test counts the ledger's entries and the chain's
// transactions from where the one before it left them (the first batch is entries 1 to 4).
describe('anchoring when the worker or the chain misbehaves', { shuffle: false }, () => {
  it('makes a batch as soon as ANCHOR_BATCH_SIZE entries wait, and not before', async () => {
    await appendStatements(1);
    expect((await context().ledger.anchoring?.run())?.anchor).toBeNull();
    await appendStatements(1);
    const anchor = await untilFinal();
    expect(anchor).toMatchObject({ first_seq: 1, last_seq: 4, entry_count: 4, status: 'final' });
    expect(await transactionsCarrying(anchor.root)).toEqual([anchor.tx_hash]);
  });

  it('finds the transaction of a worker killed between sending it and recording it, and sends no other', async () => {
    await appendStatements(2);
    const proxy = await holdingProxy(chain.url);
    const schema = isPostgres(t.database.db)
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db)).rows[0]
          ?.schema
      : null;
    // The worker's own process, not the `tsx` launcher's (which ran it in a child that its kill
    // left running, free to record after all); killed with its group when the test ends.
    const child = spawnForTest(process.execPath, ['--import', 'tsx', 'test/chain/anchor-once.ts'], {
      cwd: join(REPO_ROOT, 'apps', 'api'),
      env: {
        ...process.env,
        ANCHOR_ONCE: JSON.stringify({
          database: t.database.databaseConfig,
          schema,
          rpcUrl: proxy.url,
          chainId: chain.chainId,
          privateKey: env.ANCHOR_PRIVATE_KEY,
          confirmations: CONFIRMATIONS,
        }),
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = exitOf(child).then(({ signal }) => signal);
    // The node has the transaction; the worker never hears back, and dies.
    await Promise.race([
      proxy.sent,
      exited.then(() => Promise.reject(new Error(`the worker ended before sending:\n${output}`))),
    ]);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // The process that sent is the one gone: nothing of the worker is left to record the transaction.
    const pid = Number(/^\{"pid":(\d+)\}$/m.exec(output)?.[1]);
    expect(pid, output).toBeGreaterThan(0);
    expect(isRunning(pid)).toBe(false);
    await proxy.close();

    const recorded = await t.database.db
      .selectFrom('ledger_anchors')
      .selectAll()
      .where('status', '!=', 'final')
      .executeTakeFirstOrThrow();
    expect(recorded.status).toBe('signed');
    expect(await transactionsCarrying(recorded.root)).toEqual([recorded.tx_hash]);
    const sentBefore = await reader().client.getTransactionCount({ address: sender(), blockTag: 'latest' });

    const anchor = await untilFinal();
    expect(anchor).toMatchObject({
      id: recorded.id,
      tx_hash: recorded.tx_hash,
      nonce: recorded.nonce,
      status: 'final',
    });
    expect(await transactionsCarrying(anchor.root)).toEqual([recorded.tx_hash]);
    expect(await reader().client.getTransactionCount({ address: sender(), blockTag: 'latest' })).toBe(
      sentBefore,
    );
  }, 180_000);

  it('sends the same transaction again when the node drops it from its pool', async () => {
    await chain.rpc('evm_setAutomine', [false]);
    try {
      await appendStatements(2);
      const sent = await pass();
      expect(sent.status).toBe('sent');
      expect(await chain.rpc('hardhat_dropTransaction', [sent.tx_hash])).toBe(true);
      expect(await reader().transaction(sent.tx_hash as `0x${string}`)).toBeNull();

      const again = await pass();
      expect(again).toMatchObject({ status: 'sent', tx_hash: sent.tx_hash });
      expect(await reader().transaction(sent.tx_hash as `0x${string}`)).not.toBeNull();
      const anchor = await untilFinal();
      expect(anchor).toMatchObject({ tx_hash: sent.tx_hash, nonce: sent.nonce, abandoned_txs: '[]' });
      expect(await transactionsCarrying(anchor.root)).toEqual([sent.tx_hash]);
    } finally {
      await chain.rpc('evm_setAutomine', [true]);
    }
  });

  it('takes a batch whose block a reorganisation removed back to sent, and makes it final in its new block', async () => {
    await appendStatements(2);
    const snapshot = await chain.rpc<string>('evm_snapshot');
    const mined = await pass();
    expect(mined.status).toBe('mined');
    const gone = mined.block_hash;

    expect(await chain.rpc('evm_revert', [snapshot])).toBe(true);
    // The chain grows another way: its next block cannot be the one that is gone.
    const head = await reader().block(await reader().head());
    await chain.rpc('evm_setNextBlockTimestamp', [Math.floor(head.time.getTime() / 1000) + 1000]);
    const after = await pass();
    expect(after.tx_hash).toBe(mined.tx_hash);
    expect(after.block_hash).not.toBe(gone);

    const anchor = await untilFinal();
    const receipt = await reader().receipt(mined.tx_hash as `0x${string}`);
    expect(anchor).toMatchObject({ tx_hash: mined.tx_hash, block_hash: receipt?.blockHash, status: 'final' });
    expect(anchor.block_hash).not.toBe(gone);
    expect(await transactionsCarrying(anchor.root)).toEqual([mined.tx_hash]);
  });

  it('gives up a transaction only once another has taken its nonce for good, then sends one in its place', async () => {
    await chain.rpc('evm_setAutomine', [false]);
    try {
      await appendStatements(2);
      const sent = await pass();
      expect(sent.status).toBe('sent');
      // Someone else with the key: the pool loses the anchor, another transaction takes its nonce.
      await chain.rpc('hardhat_dropTransaction', [sent.tx_hash]);
      await chain.rpc('eth_sendTransaction', [
        { from: sender(), to: sender(), value: '0x0', nonce: `0x${(sent.nonce ?? 0).toString(16)}` },
      ]);
      await mine(1);

      // Taken, but not yet under the confirmations: it might still come back, so nothing is signed anew.
      const waiting = await pass();
      expect(waiting).toMatchObject({ status: 'sent', tx_hash: sent.tx_hash, abandoned_txs: '[]' });

      await mine(CONFIRMATIONS - 1);
      const resigned = await pass();
      expect(resigned.tx_hash).not.toBe(sent.tx_hash);
      expect(resigned.nonce).toBe((sent.nonce ?? 0) + 1);
      expect(JSON.parse(resigned.abandoned_txs)).toEqual([{ tx_hash: sent.tx_hash, nonce: sent.nonce }]);

      const anchor = await untilFinal();
      expect(await transactionsCarrying(anchor.root)).toEqual([resigned.tx_hash]);
    } finally {
      await chain.rpc('evm_setAutomine', [true]);
    }
  });

  it('records a node that cannot be reached on the batch, without its address, and goes on from there later', async () => {
    await appendStatements(2);
    const nowhere = `http://anchor:secret-api-key@127.0.0.1:${await freePort()}/v3/secret-api-key`;
    const failed = await context({ ANCHOR_RPC_URL: nowhere }).ledger.anchoring?.run();
    expect(failed?.anchor).toMatchObject({ status: 'prepared', tx_hash: null });
    expect(failed?.error).toEqual(expect.any(String));
    expect(failed?.anchor?.last_error).toBe(failed?.error);
    expect(failed?.error).not.toContain('secret-api-key');

    const anchor = await untilFinal();
    expect(anchor).toMatchObject({ id: failed?.anchor?.id, last_error: null });
    expect(await transactionsCarrying(anchor.root)).toEqual([anchor.tx_hash]);
  });
});

/**
 * A JSON-RPC proxy to the node that passes everything on, except that it never answers
 * `eth_sendRawTransaction` once the node has: `sent` resolves when the node has the transaction.
 */
async function holdingProxy(
  target: string,
): Promise<{ url: string; sent: Promise<void>; close(): Promise<void> }> {
  let onSent = () => {};
  const sent = new Promise<void>((done) => (onSent = done));
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (answer) => {
          const text = await answer.text();
          if ((JSON.parse(body) as { method?: string }).method === 'eth_sendRawTransaction') {
            onSent();
            return;
          }
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
        },
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
