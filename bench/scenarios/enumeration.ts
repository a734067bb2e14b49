import { performance } from 'node:perf_hooks';
import { rushEmail } from '../../apps/api/src/demo/rush-drafts';
import type { Scenario } from '../scenario';
import { runCli, startPortal } from '../servers';

/**
 * Whether the answer's time tells that an email has an account (issue #15 item 5). BENCH_ENUM_PAIRS
 * known emails (active applicants made by the CLI) and as many unknown ones are asked for a
 * password link, then registered, one request at a time, known and unknown alternating (which
 * comes first swaps every pair), each from an address of its own (the per-address limits would
 * refuse a prober from one address long before). Printed per call: the medians of the two sets,
 * their difference, and the Mann-Whitney z of the two samples: |z| < 2 says the times cannot be
 * told apart; the issue measured z = 6.7 (forgot-password) and −4.1 (register) before.
 */

const PORT = 3340;
const PAIRS = Number(process.env.BENCH_ENUM_PAIRS ?? 200);
const PREFIX = 'enum';
const PAUSE_MS = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/** The Mann-Whitney U test's z of `a` against `b` (ties share their mean rank; no tie correction). */
export function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [
    ...a.map((value) => ({ value, isA: true })),
    ...b.map((value) => ({ value, isA: false })),
  ].sort((x, y) => x.value - y.value);
  let rankSumA = 0;
  for (let start = 0; start < all.length;) {
    let end = start;
    while (end + 1 < all.length && all[end + 1]!.value === all[start]!.value) end += 1;
    const meanRank = (start + end) / 2 + 1;
    for (let at = start; at <= end; at += 1) if (all[at]!.isA) rankSumA += meanRank;
    start = end + 1;
  }
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return (u - mean) / sd;
}

const registration = (email: string) => ({
  email,
  first_name: 'Probe',
  last_name: 'Timing',
  birth_date: '1990-01-01',
  accept_terms: true,
});

export const enumeration: Scenario = {
  name: 'enumeration',
  async run() {
    if (!Number.isInteger(PAIRS) || PAIRS < 10)
      throw new Error('BENCH_ENUM_PAIRS must be a whole number ≥ 10');
    const portal = await startPortal(PORT, {
      env: { PUBLIC_URL: `http://127.0.0.1:${PORT}`, TRUST_PROXY: '1' },
      prepare: (env) => runCli(env, ['demo:rush-drafts', '--count', String(PAIRS), '--prefix', PREFIX]),
    });
    let address = 0;
    const timed = async (path: string, body: object): Promise<number> => {
      address += 1;
      const forwarded = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
      const started = performance.now();
      const response = await fetch(`${portal.url}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (response.status !== 202) throw new Error(`${path} answered ${response.status}`);
      await new Promise((done) => setTimeout(done, PAUSE_MS));
      return ms;
    };
    const calls = [
      {
        call: 'POST /auth/forgot-password',
        known: (index: number) => timed('/auth/forgot-password', { email: rushEmail(PREFIX, index) }),
        unknown: (index: number) =>
          timed('/auth/forgot-password', { email: `nobody-${index}@bench.example.org` }),
      },
      {
        call: 'POST /auth/register',
        known: (index: number) => timed('/auth/register', registration(rushEmail(PREFIX, index))),
        unknown: (index: number) =>
          timed('/auth/register', registration(`newcomer-${index}@bench.example.org`)),
      },
    ];
    const table: Record<string, unknown>[] = [];
    const figures: Record<string, unknown> = {};
    try {
      // A warm-up, so the first requests' compilation counts for neither side.
      for (let index = 1; index <= 20; index += 1)
        await timed('/auth/forgot-password', { email: `warm-up-${index}@bench.example.org` });
      for (const { call, known, unknown } of calls) {
        const knownMs: number[] = [];
        const unknownMs: number[] = [];
        for (let index = 1; index <= PAIRS; index += 1) {
          if (index % 2) {
            knownMs.push(await known(index));
            unknownMs.push(await unknown(index));
          } else {
            unknownMs.push(await unknown(index));
            knownMs.push(await known(index));
          }
        }
        const row = {
          call,
          'known email, median ms': round(median(knownMs)),
          'unknown email, median ms': round(median(unknownMs)),
          'difference ms': round(median(knownMs) - median(unknownMs)),
          'Mann-Whitney z': round(mannWhitneyZ(knownMs, unknownMs), 2),
          goal: '|z| < 2',
        };
        table.push(row);
        figures[call] = row;
      }
    } finally {
      await portal.stop();
    }
    return {
      table,
      summary: `${PAIRS} known and ${PAIRS} unknown emails per call, alternating, one address each; |z| < 2: the two cannot be told apart by time.`,
      figures: { pairs: PAIRS, calls: figures },
    };
  },
};
