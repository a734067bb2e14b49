import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseDatabaseUrl } from '../../apps/api/src/platform/config';
import { openDatabase } from '../../apps/api/src/platform/db/database';
import { selectLatestAudit } from '../../apps/api/src/platform/ledger/audit-repository';
import type { Scenario } from '../scenario';
import { seedLedger } from '../seed/ledger';
import { runCli, startPortal } from '../servers';

/**
 * The public verification of a statement on a ledger of BENCH_VERIFY_LEDGER_ENTRIES entries (a
 * million by default): all but the last two seeded in one set-based INSERT and recorded as
 * audited (seed/ledger.ts), then a demo statement published through the CLI, whose issue and seal
 * entries are the last two. The portal's start-up audit job checks those two and records the head;
 * then the original is uploaded to `POST /api/v1/verify/{id}` request after request (answer:
 * valid), each followed by the SHA-256 of the same file in this process, and the medians are
 * compared with the goal of issue #13: 2 × the hash + 5 ms, whatever the ledger's length. The
 * statement padded to 5 MB (answer: not valid, not the original) is measured the same way.
 */

const PORT = 3330;
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const FIVE_MB = 5 * 1024 * 1024;
const LEDGER_ENTRIES = Number(process.env.BENCH_VERIFY_LEDGER_ENTRIES ?? 1_000_000);
const BIG_REQUESTS = Number(process.env.BENCH_VERIFY_REQUESTS ?? 30);
const ORIGINAL_REQUESTS = BIG_REQUESTS * 2;
/** The issue and seal entries of the demo statement, appended after the seeded ones. */
const STATEMENT_ENTRIES = 2;
const GOAL_SLACK_MS = 5;

/**
 * `npm run cli -- demo:statement --out …` on the portal's environment: the certificate id it printed.
 * The bench's portal is a throw-away SQLite copy, so demo data is allowed there even when this
 * process carries NODE_ENV=production (Vite's build sets it), which the demo commands refuse.
 */
export function publishDemoStatement(env: NodeJS.ProcessEnv, out: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('tsx', [join(ROOT, 'apps/api/src/cli.ts'), 'demo:statement', '--out', out], {
      env: { ...env, NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      const id = /^certificate (\S+)$/m.exec(output)?.[1];
      if (code === 0 && id) done(id);
      else fail(new Error(`demo:statement exited with ${code}: ${output}`));
    });
  });
}

/** Waits until the portal's audit job has recorded the chain through `seq`. */
async function waitForAuditThrough(databaseUrl: string, seq: number, timeoutMs = 60_000): Promise<void> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl, ROOT));
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const audit = await selectLatestAudit(db);
      if (audit?.status === 'broken') throw new Error(`the audit found the ledger broken: ${audit.fault}`);
      if (audit && audit.through_seq >= seq) return;
      if (Date.now() > deadline) throw new Error(`no audit through entry ${seq} within ${timeoutMs} ms`);
      await new Promise((done) => setTimeout(done, 200));
    }
  } finally {
    await db.destroy();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Milliseconds to hash `data` with SHA-256 here and now. */
function sha256Milliseconds(data: Buffer): number {
  const started = performance.now();
  createHash('sha256').update(data).digest();
  return performance.now() - started;
}

export const verify: Scenario = {
  name: 'verify',
  async run() {
    let certificateId = '';
    let pdfPath = '';
    let seedSeconds = 0;
    let databaseUrl = '';
    const portal = await startPortal(PORT, {
      // Each upload comes from its own address (as behind a proxy): the per-address limit stays out of the way.
      env: { PUBLIC_URL: `http://127.0.0.1:${PORT}`, TRUST_PROXY: '1' },
      prepare: async (env) => {
        databaseUrl = env.DATABASE_URL ?? '';
        await runCli(env, ['migrate']);
        const started = performance.now();
        await seedLedger(databaseUrl, { entries: LEDGER_ENTRIES - STATEMENT_ENTRIES });
        seedSeconds = (performance.now() - started) / 1000;
        pdfPath = join(env.DATA_DIR ?? '', 'demo-statement.pdf');
        certificateId = await publishDemoStatement(env, pdfPath);
      },
    });
    let sent = 0;
    async function upload(content: Buffer): Promise<{ ms: number; result: string }> {
      sent += 1;
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'application/pdf' }), 'statement.pdf');
      const started = performance.now();
      const response = await fetch(`${portal.url}/api/v1/verify/${certificateId}`, {
        method: 'POST',
        body: form,
        headers: { 'x-forwarded-for': `10.88.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}` },
      });
      const body = (await response.json()) as { data?: { result: string } };
      const ms = performance.now() - started;
      if (!response.ok || !body.data) throw new Error(`verify answered ${response.status}`);
      return { ms, result: body.data.result };
    }
    /** Request, then hash of the same bytes, round after round: both see the same machine state. */
    async function interleaved(content: Buffer, rounds: number) {
      await upload(content); // warm-up
      const verifyTimes: number[] = [];
      const hashTimes: number[] = [];
      let result = '';
      for (let index = 0; index < rounds; index += 1) {
        const answer = await upload(content);
        verifyTimes.push(answer.ms);
        result = answer.result;
        hashTimes.push(sha256Milliseconds(content));
      }
      return { verifyTimes, hashTimes, result };
    }

    try {
      await waitForAuditThrough(databaseUrl, LEDGER_ENTRIES);
      const original = readFileSync(pdfPath);
      const valid = await interleaved(original, ORIGINAL_REQUESTS);
      if (valid.result !== 'valid') throw new Error(`the original statement was answered ${valid.result}`);
      // The statement padded to 5 MB after its end: still a PDF to a reader, no longer the original.
      const large = Buffer.concat([original, Buffer.from('\n%'), randomBytes(FIVE_MB - original.length - 2)]);
      const padded = await interleaved(large, BIG_REQUESTS);

      const verifyMs = percentile(valid.verifyTimes, 50);
      const hashMs = percentile(valid.hashTimes, 50);
      const goalMs = 2 * hashMs + GOAL_SLACK_MS;
      const largeMs = percentile(padded.verifyTimes, 50);
      const largeHashMs = percentile(padded.hashTimes, 50);
      const figures = {
        ledgerEntries: LEDGER_ENTRIES,
        seedSeconds: round(seedSeconds, 1),
        originalBytes: original.length,
        originalRequests: ORIGINAL_REQUESTS,
        originalVerifyP50Ms: round(verifyMs),
        originalVerifyP99Ms: round(percentile(valid.verifyTimes, 99)),
        originalAnswer: valid.result,
        originalSha256P50Ms: round(hashMs, 3),
        goalMs: round(goalMs),
        goalRatio: round(verifyMs / goalMs),
        isWithinGoal: verifyMs <= goalMs,
        fileBytes: FIVE_MB,
        requests: BIG_REQUESTS,
        verifyP50Ms: round(largeMs),
        verifyP99Ms: round(percentile(padded.verifyTimes, 99)),
        verifyAnswer: padded.result,
        sha256Of5MbMs: round(largeHashMs),
        sha256MegabytesPerSecond: round(FIVE_MB / (1024 * 1024) / (largeHashMs / 1000), 0),
        ratio: round(largeMs / largeHashMs, 1),
      };
      return {
        table: [
          {
            what: `POST /verify, the original (${Math.round(original.length / 1024)} kB), ${LEDGER_ENTRIES} entries`,
            p50Ms: figures.originalVerifyP50Ms,
            p99Ms: figures.originalVerifyP99Ms,
            answer: valid.result,
          },
          {
            what: 'SHA-256 of the original, interleaved',
            p50Ms: figures.originalSha256P50Ms,
            p99Ms: '',
            answer: '',
          },
          { what: 'goal: 2 × SHA-256 + 5 ms', p50Ms: figures.goalMs, p99Ms: '', answer: '' },
          {
            what: 'POST /verify, 5 MB PDF',
            p50Ms: figures.verifyP50Ms,
            p99Ms: figures.verifyP99Ms,
            answer: padded.result,
          },
          { what: 'SHA-256 of 5 MB, interleaved', p50Ms: figures.sha256Of5MbMs, p99Ms: '', answer: '' },
        ],
        summary:
          `With ${LEDGER_ENTRIES} ledger entries (seeded in ${figures.seedSeconds} s), verifying the original takes ${figures.originalVerifyP50Ms} ms (p50, upload over loopback included) ` +
          `against ${figures.originalSha256P50Ms} ms to hash it: goal 2 × hash + ${GOAL_SLACK_MS} ms = ${figures.goalMs} ms, ratio to the goal ${figures.goalRatio} (${figures.isWithinGoal ? 'within' : 'OVER'} the goal). ` +
          `A 5 MB PDF takes ${figures.verifyP50Ms} ms, ${figures.ratio}× hashing it (${figures.sha256MegabytesPerSecond} MB/s).`,
        figures,
      };
    } finally {
      await portal.stop();
    }
  },
};
