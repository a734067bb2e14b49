import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnchorReceipt, Statement, Verification } from '@lisbon/domain';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import type { Worker } from '../src/platform/jobs/worker';
import { checkReceipt, sha256Hex } from '../src/platform/ledger/anchor/check';
import { createChainReader } from '../src/platform/ledger/anchor/chain';
import { queueLedgerAnchor } from '../src/platform/ledger/anchor/schedule';
import { anchoringEnv, freePort, startLocalChain, type LocalChain } from './chain';
import { createTestWorker, testConfig, useTestApp } from './helper';
import { execForTest } from './processes';
import { dataOf, type Applicant } from './requests';
import { type StaffMember } from './staff';
import { publishOne, readyForIssue, statementOf, verifyUpload } from './statements';

/**
 * Anchoring on a real chain (issue #17, decisions 065 and 066): statements published on the
 * portal, batched into one transaction to a local Hardhat node through JSON-RPC, and each
 * receipt checked with nothing but the receipt, the file and a node.
 */

let chain: LocalChain;
let worker: Worker;
const clock = new ManualClock('2026-03-02T09:00:00Z');
let admin: StaffMember;
let owner: Applicant;
const published: (Awaited<ReturnType<typeof publishOne>> & { practiceId: number })[] = [];
let env: Record<string, string>;

const CONFIRMATIONS = 3;
beforeAll(async () => {
  chain = await startLocalChain();
  env = {
    ...anchoringEnv(chain, { account: 1, batchSize: 100, confirmations: CONFIRMATIONS }),
    ANCHOR_CHAIN_NAME: 'Hardhat local',
    ANCHOR_INTERVAL_MINUTES: '60',
    ANCHOR_EXPLORER_TX_URL: 'https://explorer.example.org/tx/{txHash}',
    // The clock moves past the anchoring interval: the applicant's session must outlast it.
    SESSION_TTL_MINUTES: '1440',
  };
}, 60_000);
afterAll(() => chain?.stop());
const t = useTestApp({ clock, env: () => env });
beforeAll(async () => {
  worker = createTestWorker(t.database, { clock, env });
  admin = await t.staff('admin', { email: 'admin@example.org' });
  owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
  for (let count = 0; count < 3; count += 1) {
    const practiceId = await readyForIssue(t.database, owner);
    published.push({ ...(await publishOne(t.app, worker, { admin, owner, practiceId })), practiceId });
  }
}, 120_000);

const sender = () => privateKeyToAccount(env.ANCHOR_PRIVATE_KEY as `0x${string}`).address;
const reader = () => createChainReader({ rpcUrl: chain.url });
const context = () => createContext({ config: testConfig(t.database, env), db: t.database.db, clock });
const sentTransactions = async () =>
  reader().client.getTransactionCount({ address: sender(), blockTag: 'latest' });

/** The worker's way: the scheduler queues a pass, the worker runs it. */
async function anchoringPass(): Promise<void> {
  const { isQueued } = await queueLedgerAnchor(context());
  expect(isQueued).toBe(true);
  await worker.drainOnce();
}

const statementAt = async (index: number) =>
  dataOf<Extract<Statement, { status: 'published' }>>(
    await statementOf(t.app, owner, only(published[index]).practiceId),
  );

const receiptOf = async (certificateId: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/verify/${certificateId}/receipt` });
  return { response, receipt: response.json<AnchorReceipt>() };
};

const only = <T>(value: T | null | undefined): T => {
  if (value === undefined || value === null) throw new Error('missing');
  return value;
};

/**
 * One story on one chain and ledger, in order under --sequence.shuffle too: no batch, then the
 * batch, then its receipts checked and its metrics, each step on what the one before it left.
 */
describe('anchoring on a local chain, step by step', { shuffle: false }, () => {
  describe('anchoring the ledger on a chain', () => {
    it('says anchoring pending, and keeps the ledger’s hash as the transaction hash, before any batch', async () => {
      const statement = await statementAt(0);
      expect(statement.anchor).toEqual({ state: 'pending' });
      expect(statement.transaction_hash).toBe(statement.ledger_hash);
      const { response } = await receiptOf(statement.certificate_id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'NOT_ANCHORED' });
    });

    it('makes no batch while fewer than ANCHOR_BATCH_SIZE entries wait and the oldest is younger than the interval', async () => {
      await anchoringPass();
      expect(await sentTransactions()).toBe(0);
      expect(await t.database.db.selectFrom('ledger_anchors').selectAll().execute()).toEqual([]);
    });

    it('anchors every waiting entry in one transaction once the interval has passed, final after the confirmations', async () => {
      clock.advance({ minutes: 61 });
      await anchoringPass();
      const [batch] = await t.database.db.selectFrom('ledger_anchors').selectAll().execute();
      // Three statements: an issue and a seal entry each.
      expect(batch).toMatchObject({ first_seq: 1, last_seq: 6, entry_count: 6, status: 'mined', nonce: 0 });
      expect(await sentTransactions()).toBe(1);
      const transaction = only(await reader().transaction(only(batch?.tx_hash) as `0x${string}`));
      expect(transaction.input).toBe(`0x${batch?.root}`);
      expect((await statementAt(0)).anchor).toEqual({ state: 'pending' });

      for (let block = 1; block < CONFIRMATIONS; block += 1) await chain.rpc('evm_mine');
      await anchoringPass();
      const final = only(await t.database.db.selectFrom('ledger_anchors').selectAll().executeTakeFirst());
      expect(final).toMatchObject({
        status: 'final',
        tx_hash: batch?.tx_hash,
        block_number: transaction.blockNumber,
      });
      expect(await sentTransactions()).toBe(1);
    });

    it('shows the applicant the chain, the block, the transaction (linked) and the time; the transaction hash is the chain’s', async () => {
      const final = only(await t.database.db.selectFrom('ledger_anchors').selectAll().executeTakeFirst());
      for (let index = 0; index < published.length; index += 1) {
        const statement = await statementAt(index);
        expect(statement.anchor).toEqual({
          state: 'anchored',
          chain_id: 31337,
          chain_name: 'Hardhat local',
          block_number: final.block_number,
          block_time: final.block_time,
          transaction_hash: final.tx_hash,
          explorer_url: `https://explorer.example.org/tx/${final.tx_hash}`,
        });
        expect(statement.transaction_hash).toBe(final.tx_hash);
        expect(statement.ledger_hash).toMatch(/^[0-9a-f]{64}$/);
      }
    });

    it('gives every statement a receipt that checks with the file and a node alone, all in the one transaction', async () => {
      const transactions = new Set<string>();
      for (const { statement, pdf } of published) {
        const { response, receipt } = await receiptOf(statement.certificate_id);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-disposition']).toMatch(
          /attachment; filename="statement-.*\.receipt\.json"/,
        );
        expect(receipt.entry).toMatchObject({
          kind: 'seal',
          certificate_id: statement.certificate_id,
          payload_hash: sha256Hex(pdf),
        });
        transactions.add(receipt.anchor.transaction_hash);
        const checks = await checkReceipt({ receipt, fileSha256: sha256Hex(pdf), reader: reader() });
        expect(checks.map(({ step, outcome, reason }) => [step, outcome, reason])).toEqual([
          ['file', 'passed', 'file_matches'],
          ['entry', 'passed', 'entry_intact'],
          ['path', 'passed', 'path_leads_to_root'],
          ['transaction', 'passed', 'transaction_holds_root'],
        ]);
      }
      expect(transactions.size).toBe(1);
    });

    it('answers the public verification valid, with the anchor and every step passed', async () => {
      const { statement, pdf } = only(published[1]);
      const verdict = dataOf<Verification>(await verifyUpload(t.app, statement.certificate_id, pdf));
      expect(verdict).toMatchObject({ result: 'valid', reason: 'original', anchor: { state: 'anchored' } });
      expect(verdict.checks.map((check) => check.outcome)).toEqual(['passed', 'passed', 'passed', 'passed']);
      const byFile = dataOf<Verification>(await verifyUpload(t.app, null, pdf, { language: 'it-IT' }));
      expect(byFile).toMatchObject({ result: 'valid', certificate_id: statement.certificate_id });
      expect(byFile.message).toMatch(/^Valido:/);
    });
  });

  describe('checking a receipt step by step', () => {
    const receiptAndPdf = async () => {
      const { statement, pdf } = only(published[2]);
      return { receipt: (await receiptOf(statement.certificate_id)).receipt, pdf };
    };
    const outcomes = (checks: Awaited<ReturnType<typeof checkReceipt>>) =>
      checks.map(({ outcome, reason }) => `${outcome}:${reason}`);

    it('fails a tampered file at step 1, saying the fingerprints differ, and checks nothing after it', async () => {
      const { receipt, pdf } = await receiptAndPdf();
      const tampered = Buffer.from(pdf);
      tampered[tampered.length >> 1] = (tampered[tampered.length >> 1] ?? 0) ^ 1;
      const checks = await checkReceipt({ receipt, fileSha256: sha256Hex(tampered), reader: reader() });
      expect(outcomes(checks)).toEqual([
        'failed:file_differs',
        'skipped:earlier_step_failed',
        'skipped:earlier_step_failed',
        'skipped:earlier_step_failed',
      ]);
      expect(checks[0]?.values).toEqual({
        actual: sha256Hex(tampered),
        expected: receipt.entry.payload_hash,
      });
    });

    it('fails a changed entry at step 2', async () => {
      const { receipt, pdf } = await receiptAndPdf();
      const changed = { ...receipt, entry: { ...receipt.entry, created_at: '2020-01-01T00:00:00.000Z' } };
      const checks = await checkReceipt({ receipt: changed, fileSha256: sha256Hex(pdf), reader: reader() });
      expect(outcomes(checks).slice(0, 3)).toEqual([
        'passed:file_matches',
        'failed:entry_hash_differs',
        'skipped:earlier_step_failed',
      ]);
    });

    it('fails a tampered Merkle path at step 3, naming the root it leads to instead', async () => {
      const { receipt, pdf } = await receiptAndPdf();
      const [first, ...rest] = receipt.merkle.path;
      const flipped = {
        ...only(first),
        hash: `${only(first).hash.slice(0, 63)}${only(first).hash.endsWith('0') ? '1' : '0'}`,
      };
      const tampered = { ...receipt, merkle: { ...receipt.merkle, path: [flipped, ...rest] } };
      const checks = await checkReceipt({ receipt: tampered, fileSha256: sha256Hex(pdf), reader: reader() });
      expect(outcomes(checks)).toEqual([
        'passed:file_matches',
        'passed:entry_intact',
        'failed:path_differs',
        'skipped:earlier_step_failed',
      ]);
      expect(checks[2]?.values.root).toBe(receipt.merkle.root);
    });

    it('fails at step 4 when the transaction named carries another root', async () => {
      const { receipt, pdf } = await receiptAndPdf();
      const [, , other] = await chain.rpc<string[]>('eth_accounts');
      const otherTransaction = await chain.rpc<string>('eth_sendTransaction', [
        { from: other, to: other, data: `0x${'ab'.repeat(32)}` },
      ]);
      const elsewhere = { ...receipt, anchor: { ...receipt.anchor, transaction_hash: otherTransaction } };
      const checks = await checkReceipt({ receipt: elsewhere, fileSha256: sha256Hex(pdf), reader: reader() });
      expect(outcomes(checks)).toEqual([
        'passed:file_matches',
        'passed:entry_intact',
        'passed:path_leads_to_root',
        'failed:transaction_other_data',
      ]);
      expect(checks[3]?.values).toMatchObject({
        actual: `0x${'ab'.repeat(32)}`,
        root: `0x${receipt.merkle.root}`,
      });
    });

    it('fails at step 4 when the chain has no such transaction', async () => {
      const { receipt, pdf } = await receiptAndPdf();
      const unknown = { ...receipt, anchor: { ...receipt.anchor, transaction_hash: `0x${'12'.repeat(32)}` } };
      const checks = await checkReceipt({ receipt: unknown, fileSha256: sha256Hex(pdf), reader: reader() });
      expect(checks[3]).toMatchObject({ outcome: 'failed', reason: 'transaction_not_found' });
    });

    it('says a node that cannot be reached leaves step 4 undecided, not failed', async () => {
      const { receipt, pdf } = await receiptAndPdf();
      const nowhere = createChainReader({ rpcUrl: `http://127.0.0.1:${await freePort()}`, retryCount: 0 });
      const checks = await checkReceipt({ receipt, fileSha256: sha256Hex(pdf), reader: nowhere });
      expect(checks[3]).toMatchObject({ outcome: 'unavailable', reason: 'node_unreachable' });
    });

    it('checks with the documented steps and common tools alone (docs/verify-receipt.sh), naming the failing step', async () => {
      const { statement, pdf } = only(published[1]);
      const { receipt } = await receiptOf(statement.certificate_id);
      const folder = t.database.tempDir;
      const tamperedPath = { ...receipt, merkle: { ...receipt.merkle, root: 'f'.repeat(64) } };
      writeFileSync(join(folder, 'shell-receipt.json'), JSON.stringify(receipt));
      writeFileSync(join(folder, 'shell-tampered.json'), JSON.stringify(tamperedPath));
      writeFileSync(join(folder, 'shell.pdf'), pdf);
      const script = (receiptFile: string) =>
        execForTest('bash', [
          join(REPO_ROOT, 'docs', 'verify-receipt.sh'),
          join(folder, receiptFile),
          join(folder, 'shell.pdf'),
          chain.url,
        ]).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => error,
        );
      const valid = await script('shell-receipt.json');
      expect(valid.stdout).toMatch(/2\. The seal entry is intact and signed by the body: passed/);
      expect(valid.stdout).toMatch(/Result: VALID, every step passed\./);
      expect(valid.code).toBe(0);
      const tampered = await script('shell-tampered.json');
      expect(tampered.code).toBe(1);
      expect(tampered.stdout).toMatch(/FAILED: the Merkle path leads to [0-9a-f]{64}, not to the root f{64}/);
      expect(tampered.stdout).toMatch(/Result: NOT VALID at step 3\./);
    });

    it('checks a receipt file from the command line with a node and no t.database, and names the failing step', async () => {
      const { statement, pdf } = only(published[0]);
      const { receipt } = await receiptOf(statement.certificate_id);
      const folder = t.database.tempDir;
      writeFileSync(join(folder, 'receipt.json'), JSON.stringify(receipt));
      writeFileSync(join(folder, 'statement.pdf'), pdf);
      const tampered = Buffer.from(pdf);
      tampered[100] = (tampered[100] ?? 0) ^ 1;
      writeFileSync(join(folder, 'copy.pdf'), tampered);
      const cli = (file: string, lang = 'en-US') =>
        execForTest(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/cli.ts',
            'anchor:verify',
            join(folder, 'receipt.json'),
            '--rpc',
            chain.url,
            '--file',
            join(folder, file),
            '--lang',
            lang,
          ],
          // No t.database, no keys: an empty data directory the command never opens.
          {
            cwd: join(REPO_ROOT, 'apps', 'api'),
            env: { ...process.env, DATA_DIR: join(folder, 'nothing-here'), INIT_CWD: folder },
          },
        );
      // Both at once: each compiles the CLI with tsx, slow on a busy machine.
      const [valid, failure] = await Promise.all([
        cli('statement.pdf'),
        cli('copy.pdf', 'it-IT').then(
          () => {
            throw new Error('a tampered file must exit with 1');
          },
          (error: { code: number; stdout: string }) => error,
        ),
      ]);
      expect(valid.stdout).toMatch(/4\. The batch is recorded on the blockchain: passed/);
      expect(valid.stdout).toMatch(/Result: VALID, every step passed\./);
      expect(failure.code).toBe(1);
      expect(failure.stdout).toMatch(/1\. Il file è quello sigillato nel registro: NON SUPERATO/);
      expect(failure.stdout).toMatch(/Esito: NON VALIDO al passaggio 1\./);
    }, 180_000);
  });

  describe('anchoring in the metrics (issue #34)', () => {
    it('shows the last batch’s state, the oldest unanchored entry’s age and the sending account’s balance', async () => {
      const token = 'metrics-token-for-the-test-0123456789abcdef';
      const scraped = await t.instance({ env: { METRICS_TOKEN: token } });
      const answer = await scraped.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      const chainId = `chain_id="${env.ANCHOR_CHAIN_ID ?? ''}"`;
      const value = (series: string) =>
        Number(
          answer.body
            .split('\n')
            .find((line) => line.startsWith(`${series} `))
            ?.slice(series.length + 1),
        );
      const latest = only(
        await t.database.db
          .selectFrom('ledger_anchors')
          .select('status')
          .orderBy('first_seq', 'desc')
          .executeTakeFirst(),
      );
      expect(value(`lisbon_anchor_last_batch{${chainId},status="${latest.status}"}`)).toBe(1);
      expect(answer.body.match(/^lisbon_anchor_last_batch\{[^}]*\} 1$/gm)).toHaveLength(1);
      expect(value(`lisbon_anchor_oldest_unanchored_age_seconds{${chainId}}`)).toBeGreaterThanOrEqual(0);
      expect(value(`lisbon_anchor_node_up{${chainId}}`)).toBe(1);
      // Hardhat's accounts start with 10,000 ether; account 1 has paid for a few anchors since.
      const balance = value(`lisbon_anchor_sender_balance_ether{${chainId}}`);
      expect(balance).toBeGreaterThan(9_000);
      expect(balance).toBeLessThan(10_000);
    });
  });
});
