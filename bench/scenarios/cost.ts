import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';
import { DOCUMENT_TYPES } from '@lisbon/domain';
import { rushEmail } from '../../apps/api/src/demo/rush-drafts';
import { asciiHex, pdfBombBehind } from '../../apps/api/test/pdf-attacks';
import type { Scenario } from '../scenario';
import { runCli, startPortal } from '../servers';

/**
 * Issue #32 item 6 (decision 084): one applicant loops on a document rendered on request while
 * other users make a cheap call. The looping user runs as the attacker did, on a thread of its own:
 * BENCH_COST_LOOPS loops (6) from one session, a user of its own in each round (so that every loaded
 * round starts with a whole budget to spend), each renaming the user (a new name, so a new form)
 * and fetching the consent form, one call after the other, for as long as a measurement lasts; it
 * meets the render budget (10 a minute), then the global per-session floor (300 calls a minute)
 * of the default settings, as deployed, each refusal answered after the default pause
 * (RATE_LIMIT_REFUSAL_DELAY_MS, 1 s). The other users call `GET /countries/FR` one call at a
 * time, a call every BENCH_COST_GAP_MS (10 ms) after the last answer, for BENCH_COST_SECONDS (8 s)
 * per measurement, twenty users in turn so that they stay under the floor themselves. Idle and
 * loaded measurements alternate for BENCH_COST_ROUNDS rounds; the medians of their p99 are printed
 * side by side, each round's figures and the load average beside them. Then the same with uploads
 * (the third probe of issue #32): each loop uploads a PDF whose `[/ASCIIHexDecode /FlateDecode]`
 * stream expands past the check's budget (128 MB decoded before the 422), as fast as answered; it
 * meets the upload budget (20 a minute, then 429 answered early; decision 098), the checks run on
 * the portal's check thread.
 */

const PORT = 3346;
const LOOPS = Number(process.env.BENCH_COST_LOOPS ?? 6);
const SECONDS = Number(process.env.BENCH_COST_SECONDS ?? 8);
const GAP_MS = Number(process.env.BENCH_COST_GAP_MS ?? 10);
const ROUNDS = Number(process.env.BENCH_COST_ROUNDS ?? 3);
/** Users making the cheap call in turn: 20 × 300 calls a minute covers the measurements. */
const OTHERS = 20;
const PREFIX = 'cost';
/** A looping user of its own per round, for each of the two kinds. */
const LOOPERS = 2 * ROUNDS;
const PASSWORD = 'Rush#Hour2026';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
/**
 * The looping user, as the attacker did: `loops` loops from one session, each renaming the user
 * (a new name, so a new form) and fetching the consent form, one call after the other; counts
 * what it was answered. Started and stopped by messages; answers its counts when stopped.
 */
const LOOPER = `
const { parentPort, workerData } = require('node:worker_threads');
const { api, loops, kind, bomb, documentType } = workerData;
// Each round's looping user, given with its start: a user of its own each round.
let token;
let id;
// A name of letters only (names take no digits): 0 → a, 25 → z, 26 → aa …
const nameOf = (index) => (index >= 26 ? nameOf(Math.floor(index / 26) - 1) : '') + String.fromCharCode(97 + (index % 26));
let renamed = 0;
let running = [];
let isRunning = false;
let counts = { served: 0, refused: 0, renames: 0 };
const upload = async () => {
  while (isRunning) {
    const form = new FormData();
    form.append('type', documentType);
    form.append('file', new Blob([bomb], { type: 'application/pdf' }), 'diploma.pdf');
    const answer = await fetch(api + '/documents', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token },
      body: form,
    });
    await answer.arrayBuffer();
    if (answer.status === 422) counts.served += 1;
    else if (answer.status === 429) counts.refused += 1;
  }
};
const loop = async () => {
  if (kind === 'upload') return upload();
  while (isRunning) {
    renamed += 1;
    const rename = await fetch(api + '/users/' + id, {
      method: 'PATCH',
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Loop' + nameOf(renamed) }),
    });
    await rename.arrayBuffer();
    if (rename.status === 200) counts.renames += 1;
    const form = await fetch(api + '/consent/form', { headers: { authorization: 'Bearer ' + token } });
    await form.arrayBuffer();
    if (form.status === 200) counts.served += 1;
    else if (form.status === 429) counts.refused += 1;
  }
};
parentPort.on('message', async (message) => {
  if (message.type === 'start') {
    ({ token, id } = message);
    isRunning = true;
    running = Array.from({ length: loops }, loop);
  } else {
    isRunning = false;
    await Promise.all(running);
    parentPort.postMessage(counts);
    counts = { served: 0, refused: 0, renames: 0 };
  }
});
`;

export const cost: Scenario = {
  name: 'cost',
  async run() {
    const portal = await startPortal(PORT, {
      env: { PUBLIC_URL: `http://127.0.0.1:${PORT}` },
      prepare: (env) =>
        runCli(env, ['demo:rush-drafts', '--count', String(LOOPERS + OTHERS), '--prefix', PREFIX]),
    });
    const api = `${portal.url}/api/v1`;
    const login = async (email: string) => {
      const response = await fetch(`${api}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const body = (await response.json()) as { data: { access_token: string; user_id: number } };
      return { token: body.data.access_token, id: body.data.user_id };
    };
    const table: Record<string, unknown>[] = [];
    const results: Record<string, unknown>[] = [];
    try {
      // A looping user of its own for each round of each kind: every loaded round starts with a
      // whole budget to spend, as a new attacker's minute would, not only the first.
      const loopers: { token: string; id: number }[] = [];
      for (let index = 1; index <= LOOPERS; index += 1) loopers.push(await login(rushEmail(PREFIX, index)));
      const others: { token: string; id: number }[] = [];
      for (let index = LOOPERS + 1; index <= LOOPERS + OTHERS; index += 1)
        others.push(await login(rushEmail(PREFIX, index)));
      let turn = 0;
      const cheapCall = async () => {
        turn += 1;
        const other = others[turn % others.length]!;
        const started = performance.now();
        const response = await fetch(`${api}/countries/FR`, {
          headers: { authorization: `Bearer ${other.token}` },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`GET /countries/FR answered ${response.status}`);
        return performance.now() - started;
      };
      const measureCheap = async () => {
        const times: number[] = [];
        const ends = performance.now() + SECONDS * 1000;
        while (performance.now() < ends) {
          times.push(await cheapCall());
          await sleep(GAP_MS);
        }
        return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), calls: times.length };
      };
      // The looping user runs on a thread of its own, as the attacker's client is not the
      // measuring one: its six loops' own work (fetch, parsing answers) does not wait in the
      // measuring event loop, only what the portal makes the other user wait counts.
      // 256 MB of zeros, deflated and written in hex: a 0.5 MB file the check decodes to its budget.
      const bomb = pdfBombBehind(
        '[/ASCIIHexDecode /FlateDecode]',
        asciiHex(deflateSync(Buffer.alloc(256 * 1024 * 1024))),
      );
      for (const [kindIndex, kind] of (['render', 'upload'] as const).entries()) {
        const looperThread = new Worker(LOOPER, {
          eval: true,
          workerData: {
            api,
            loops: LOOPS,
            kind,
            bomb,
            documentType: DOCUMENT_TYPES[0],
          },
        });
        const looperCalls = { served: 0, refused: 0, renames: 0 };
        const startLoops = (looper: { token: string; id: number }) => {
          looperThread.postMessage({ type: 'start', ...looper });
          return () =>
            new Promise<typeof looperCalls>((resolve) => {
              looperThread.once('message', (counts: typeof looperCalls) => {
                looperCalls.served += counts.served;
                looperCalls.refused += counts.refused;
                looperCalls.renames += counts.renames;
                resolve(counts);
              });
              looperThread.postMessage({ type: 'stop' });
            });
        };
        // Warm-up: the first calls' compilation counts for neither side.
        for (let call = 0; call < 50; call += 1) await cheapCall();
        const idle: number[] = [];
        const loaded: number[] = [];
        const idleP50: number[] = [];
        const loadedP50: number[] = [];
        const calls: number[] = [];
        const perRound: Record<string, number | string>[] = [];
        for (let index = 0; index < ROUNDS; index += 1) {
          const quiet = await measureCheap();
          idle.push(quiet.p99);
          idleP50.push(quiet.p50);
          const stop = startLoops(loopers[kindIndex * ROUNDS + index]!);
          const busy = await measureCheap();
          const counts = await stop();
          loaded.push(busy.p99);
          loadedP50.push(busy.p50);
          calls.push(quiet.calls, busy.calls);
          perRound.push({
            looper: kind,
            'idle p99 ms': round(quiet.p99),
            'loaded p99 ms': round(busy.p99),
            [kind === 'render' ? 'forms served' : 'bombs refused (422)']: counts.served,
            '429': counts.refused,
            renames: counts.renames,
            'load (1 min)': round(loadavg()[0] ?? 0, 2),
          });
        }
        const ratio = median(loaded) / median(idle);
        table.push({
          call: 'GET /countries/FR (other users)',
          'the looping user': kind === 'render' ? 'consent form, renamed each time' : 'uploads a PDF bomb',
          'idle p50 ms': round(median(idleP50)),
          'idle p99 ms (reference)': round(median(idle)),
          'while one user loops p50 ms': round(median(loadedP50)),
          'while one user loops p99 ms': round(median(loaded)),
          'p99 ratio': round(ratio, 2),
          goal: '≤ 2',
          'looper: answered': looperCalls.served,
          'looper: refused (429)': looperCalls.refused,
          'looper: renames': looperCalls.renames,
          'load average (1 min)': round(loadavg()[0] ?? 0, 2),
        });
        results.push({
          kind,
          idleP99Ms: idle,
          loadedP99Ms: loaded,
          ratio,
          looper: looperCalls,
          calls,
          perRound,
        });
        await looperThread.terminate();
      }
      console.table(results.flatMap((result) => result.perRound as Record<string, number | string>[]));
      return {
        table,
        summary: `${LOOPS} loops of one user renaming themselves and fetching the consent form (a render each time: 10 renders a minute allowed, 300 calls a minute in all, each refusal answered after a 1 s pause), then of one user uploading a PDF bomb (refused 422 once decoded to the 128 MB budget on the check thread; 20 uploads a minute allowed), beside other users' GET /countries/FR, one call at a time every ${GAP_MS} ms for ${SECONDS} s per measurement, idle and loaded interleaved over ${ROUNDS} rounds, a new looping user each round (a whole budget spent in each), medians of the p99. Load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' / ')}.`,
        figures: {
          loops: LOOPS,
          seconds: SECONDS,
          gapMs: GAP_MS,
          rounds: ROUNDS,
          results,
          loadAverage: loadavg(),
        },
      };
    } finally {
      await portal.stop();
    }
  },
};
