import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '../scenario';
import { startPortal } from '../servers';

/**
 * The public verification of a statement: a statement-sized 5 MB PDF uploaded to
 * `POST /api/v1/verify/{id}`, request after request, against the SHA-256 throughput of this
 * machine measured in the same run. Verifying costs the upload plus one hash, a few lookups and
 * the ledger walk: the ratio says how far the server is from hashing alone. The published
 * original (small) is measured too: its answer walks and checks the whole ledger.
 */

const PORT = 3330;
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const FIVE_MB = 5 * 1024 * 1024;
const BIG_REQUESTS = Number(process.env.BENCH_VERIFY_REQUESTS ?? 30);
const SMALL_REQUESTS = BIG_REQUESTS * 2;
const HASH_ROUNDS = 40;

/** `npm run cli -- demo:statement --out …` on the portal's environment: the certificate id it printed. */
function publishDemoStatement(env: NodeJS.ProcessEnv, out: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('tsx', [join(ROOT, 'apps/api/src/cli.ts'), 'demo:statement', '--out', out], {
      env,
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

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Milliseconds to hash `size` bytes with SHA-256 here and now (median of several rounds). */
function sha256Milliseconds(size: number): number {
  const data = randomBytes(size);
  const times: number[] = [];
  for (let round = 0; round < HASH_ROUNDS; round += 1) {
    const started = performance.now();
    createHash('sha256').update(data).digest();
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

export const verify: Scenario = {
  name: 'verify',
  async run() {
    let certificateId = '';
    let pdfPath = '';
    const portal = await startPortal(PORT, {
      // Each upload comes from its own address (as behind a proxy): the per-address limit stays out of the way.
      env: { PUBLIC_URL: `http://127.0.0.1:${PORT}`, TRUST_PROXY: '1' },
      prepare: async (env) => {
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

    try {
      const original = readFileSync(pdfPath);
      // The statement padded to 5 MB after its end: still a PDF to a reader, no longer the original.
      const large = Buffer.concat([original, Buffer.from('\n%'), randomBytes(FIVE_MB - original.length - 2)]);
      await upload(large); // warm-up
      const largeTimes: number[] = [];
      let largeResult = '';
      for (let index = 0; index < BIG_REQUESTS; index += 1) {
        const { ms, result } = await upload(large);
        largeTimes.push(ms);
        largeResult = result;
      }
      const smallTimes: number[] = [];
      let smallResult = '';
      for (let index = 0; index < SMALL_REQUESTS; index += 1) {
        const { ms, result } = await upload(original);
        smallTimes.push(ms);
        smallResult = result;
      }
      if (smallResult !== 'valid') throw new Error(`the original statement was answered ${smallResult}`);

      const hashMs = sha256Milliseconds(FIVE_MB);
      const hashMegabytesPerSecond = FIVE_MB / (1024 * 1024) / (hashMs / 1000);
      const serverMs = percentile(largeTimes, 50);
      const figures = {
        fileBytes: FIVE_MB,
        requests: BIG_REQUESTS,
        verifyP50Ms: round(serverMs),
        verifyP99Ms: round(percentile(largeTimes, 99)),
        verifyAnswer: largeResult,
        sha256MegabytesPerSecond: round(hashMegabytesPerSecond, 0),
        sha256Of5MbMs: round(hashMs),
        ratio: round(serverMs / hashMs, 1),
        originalBytes: original.length,
        originalRequests: SMALL_REQUESTS,
        originalVerifyP50Ms: round(percentile(smallTimes, 50)),
        originalVerifyP99Ms: round(percentile(smallTimes, 99)),
        originalAnswer: smallResult,
      };
      return {
        table: [
          {
            what: 'POST /verify, 5 MB PDF',
            p50Ms: figures.verifyP50Ms,
            p99Ms: figures.verifyP99Ms,
            answer: largeResult,
          },
          {
            what: `POST /verify, the original (${Math.round(original.length / 1024)} kB)`,
            p50Ms: figures.originalVerifyP50Ms,
            p99Ms: figures.originalVerifyP99Ms,
            answer: smallResult,
          },
          { what: 'SHA-256 of 5 MB in this process', p50Ms: figures.sha256Of5MbMs, p99Ms: '', answer: '' },
        ],
        summary: `Verifying a 5 MB PDF takes ${figures.verifyP50Ms} ms per request (p50, upload over loopback included); SHA-256 runs at ${figures.sha256MegabytesPerSecond} MB/s here, ${figures.sha256Of5MbMs} ms for 5 MB: the request costs ${figures.ratio}× the hash alone.`,
        figures,
      };
    } finally {
      await portal.stop();
    }
  },
};
