import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { rushEmail } from '../../apps/api/src/demo/rush-drafts';
import type { Scenario } from '../scenario';
import { runCli, startPortal } from '../servers';

/**
 * Issue #32 item 6 (decision 084): one applicant loops on a document rendered on request while
 * another makes a cheap call. BENCH_COST_LOOPS loops (6) each rename the looper and fetch the
 * consent form (a render every time, as a new name changes it); the other user fetches
 * `GET /countries/FR` one call at a time, BENCH_COST_CALLS calls per measurement (five other users
 * in turn, so the measurement stays under the global per-session floor of the default settings,
 * which acts on the looper as deployed). Idle and loaded measurements alternate for
 * BENCH_COST_ROUNDS rounds; the medians of their p99 are printed side by side.
 */

const PORT = 3346;
const LOOPS = Number(process.env.BENCH_COST_LOOPS ?? 6);
const CALLS = Number(process.env.BENCH_COST_CALLS ?? 200);
const ROUNDS = Number(process.env.BENCH_COST_ROUNDS ?? 3);
/** Users making the cheap call in turn: 5 × 300 calls a minute covers the measurement. */
const OTHERS = 5;
const PREFIX = 'cost';
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
/** A name of letters only (names take no digits): 0 → A, 25 → Z, 26 → AA … */
const nameOf = (index: number): string =>
  (index >= 26 ? nameOf(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

export const cost: Scenario = {
  name: 'cost',
  async run() {
    const portal = await startPortal(PORT, {
      env: { PUBLIC_URL: `http://127.0.0.1:${PORT}` },
      prepare: (env) => runCli(env, ['demo:rush-drafts', '--count', String(1 + OTHERS), '--prefix', PREFIX]),
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
    try {
      const looper = await login(rushEmail(PREFIX, 1));
      const others: { token: string; id: number }[] = [];
      for (let index = 2; index <= 1 + OTHERS; index += 1) others.push(await login(rushEmail(PREFIX, index)));
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
        for (let call = 0; call < CALLS; call += 1) times.push(await cheapCall());
        return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
      };
      let renamed = 0;
      const looperCalls = { served: 0, refused: 0 };
      const startLoops = () => {
        let isRunning = true;
        const loop = async () => {
          while (isRunning) {
            renamed += 1;
            await fetch(`${api}/users/${looper.id}`, {
              method: 'PATCH',
              headers: { authorization: `Bearer ${looper.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ first_name: `Loop${nameOf(renamed).toLowerCase()}` }),
            }).then((response) => response.arrayBuffer());
            const form = await fetch(`${api}/consent/form`, {
              headers: { authorization: `Bearer ${looper.token}` },
            });
            await form.arrayBuffer();
            if (form.status === 200) looperCalls.served += 1;
            else if (form.status === 429) looperCalls.refused += 1;
          }
        };
        const loops = Array.from({ length: LOOPS }, loop);
        return async () => {
          isRunning = false;
          await Promise.all(loops);
        };
      };
      // Warm-up: the first calls' compilation counts for neither side.
      for (let call = 0; call < 50; call += 1) await cheapCall();
      const idle: number[] = [];
      const loaded: number[] = [];
      const idleP50: number[] = [];
      const loadedP50: number[] = [];
      for (let index = 0; index < ROUNDS; index += 1) {
        const quiet = await measureCheap();
        idle.push(quiet.p99);
        idleP50.push(quiet.p50);
        const stop = startLoops();
        const busy = await measureCheap();
        await stop();
        loaded.push(busy.p99);
        loadedP50.push(busy.p50);
      }
      const ratio = median(loaded) / median(idle);
      table.push({
        call: 'GET /countries/FR (other users)',
        'idle p50 ms': round(median(idleP50)),
        'idle p99 ms (reference)': round(median(idle)),
        'while one user loops p50 ms': round(median(loadedP50)),
        'while one user loops p99 ms': round(median(loaded)),
        'p99 ratio': round(ratio, 2),
        goal: '≤ 2',
        'looper: forms served': looperCalls.served,
        'looper: forms refused (429)': looperCalls.refused,
        'load average (1 min)': round(loadavg()[0] ?? 0, 2),
      });
      return {
        table,
        summary: `${LOOPS} loops of one user renaming themselves and fetching the consent form (a render each time: 10 renders a minute allowed, 300 calls a minute in all) beside other users' GET /countries/FR, ${CALLS} calls one at a time per measurement, idle and loaded interleaved over ${ROUNDS} rounds, medians of the p99. Load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' / ')}.`,
        figures: {
          loops: LOOPS,
          calls: CALLS,
          rounds: ROUNDS,
          idleP99Ms: idle,
          loadedP99Ms: loaded,
          ratio,
          looper: looperCalls,
          loadAverage: loadavg(),
        },
      };
    } finally {
      await portal.stop();
    }
  },
};
