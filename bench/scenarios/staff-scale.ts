import { normaliseSearchText, type StaffSearchResult } from '@lisbon/domain';
import { FIRST_NAMES, INSTITUTIONS, LAST_NAMES, TAX_ID_BASE } from '../seed/requests';
import type { Scenario } from '../scenario';
import { bearer, quantile, round1, seededPortal, timed, type Dialect, type SeededPortal } from './scale';

/**
 * Issue #18 at a million requests: staff search as one types, and the queues against their
 * deadlines, on PostgreSQL (and SQLite with BENCH_STAFF_DATABASES=postgres,sqlite). The database is
 * seeded with BENCH_STAFF_REQUESTS requests (default 1,000,000) for a fifth as many applicants by
 * `seed/requests.ts`; then, one call after the other as a staff member's browser makes them,
 * BENCH_STAFF_ROUNDS rounds (default 3) of:
 *
 * - search sessions: names (in order with accents, reversed without), emails, tax IDs, request
 *   numbers, qualifications, institutions, countries and mixes, each typed a keystroke at a time
 *   from the second character, one call per keystroke;
 * - the default queue (every request, nearest deadline first), and the queue of requests at risk
 *   and of those late;
 * - the queue to assign, whose total is split by kind (`meta.kinds`) and depends on people (an
 *   open request without its evaluator or reviewer is in it): from the appeals' kept counts of
 *   migration 120, where it joined its 60,000 requests to their appeals (p50 0.48 s before).
 *
 * BENCH_STAFF_PORT (default 3360; SQLite the next but nine) moves the portals, and with them the
 * names of their throw-away PostgreSQL databases.
 *
 * Goal (issue #18): p99 ≤ 100 ms on PostgreSQL for search and the default queue.
 */
const GOAL_MS = 100;

/** mulberry32: the same searches on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

type Search = { kind: string; text: string; expect?: (results: StaffSearchResult[]) => boolean };

/** Some seeded countries, as staff type them in either language. */
const COUNTRY_NAMES: Record<string, string> = { NG: 'Nigeria', BR: 'Brasile', UA: 'Ukraine', MA: 'Marocco' };

/** What staff look for: each a whole text, typed from its second character on. */
function searchesFor(volume: SeededPortal['volume'], count: number): Search[] {
  const random = generator(18);
  // random(n) is below n: the index is in the list.
  const pickOf = <T>(list: readonly T[]): T => list[random(list.length)] as T;
  const applicantNumber = () => 1 + random(volume.applicants);
  const kinds: (() => Search)[] = [
    () => {
      const k = applicantNumber();
      const name = `${FIRST_NAMES[k % 10]} ${LAST_NAMES[Math.floor(k / 10) % 10]}`;
      return { kind: 'name', text: name };
    },
    () => {
      const k = applicantNumber();
      const text = normaliseSearchText(`${LAST_NAMES[Math.floor(k / 10) % 10]} ${FIRST_NAMES[k % 10]}`);
      return { kind: 'name, reversed, no accents', text };
    },
    () => {
      const k = applicantNumber();
      return {
        kind: 'email',
        text: `applicant-${k}@bench.example`,
        expect: (results) =>
          results.some((result) => result.applicant.email === `applicant-${k}@bench.example`),
      };
    },
    () => {
      const k = applicantNumber();
      return {
        kind: 'tax ID',
        text: `TAX${TAX_ID_BASE + k}`,
        expect: (results) =>
          results.some((result) => result.applicant.email === `applicant-${k}@bench.example`),
      };
    },
    () => {
      const id = 1 + random(volume.requests);
      return { kind: 'request number', text: `#${id}`, expect: (results) => results[0]?.id === id };
    },
    () => ({ kind: 'qualification', text: `Bachelor of Science ${random(500)}` }),
    () => ({ kind: 'institution', text: pickOf(INSTITUTIONS) }),
    () => ({ kind: 'country', text: pickOf(Object.values(COUNTRY_NAMES)) }),
    () => {
      const k = applicantNumber();
      const name = `${FIRST_NAMES[k % 10]} ${LAST_NAMES[Math.floor(k / 10) % 10]}`;
      return { kind: 'name and country', text: `${name} ${pickOf(Object.values(COUNTRY_NAMES))}` };
    },
  ];
  return Array.from({ length: count }, (_, index) => (kinds[index % kinds.length] as () => Search)());
}

/** Each keystroke of a search from its second character on, as the box sends them. */
const keystrokes = (text: string) =>
  Array.from({ length: text.length - 1 }, (_, index) => text.slice(0, index + 2)).filter(
    (typed) => typed.trim().length >= 2,
  );

async function measureDialect(dialect: Dialect, rounds: number) {
  const requests = Number(process.env.BENCH_STAFF_REQUESTS ?? 1_000_000);
  console.log(`[staff-scale] ${dialect}: seeding ${requests.toLocaleString('en-US')} requests…`);
  const port = Number(process.env.BENCH_STAFF_PORT ?? 3360);
  const portal = await seededPortal(dialect, requests, dialect === 'postgres' ? port : port + 10);
  console.log(
    `[staff-scale] ${dialect}: ${portal.volume.requests.toLocaleString('en-US')} requests, ${portal.volume.applicants.toLocaleString('en-US')} applicants seeded in ${portal.volume.seconds} s`,
  );
  try {
    const headers = bearer(portal.volume.secretary.token);
    const api = `${portal.server.url}/api/v1`;
    const searches = searchesFor(portal.volume, 45);
    const times = {
      search: [] as number[],
      queue: [] as number[],
      atRisk: [] as number[],
      late: [] as number[],
      toAssign: [] as number[],
    };
    const byKind = new Map<string, number[]>();
    const wrong: string[] = [];
    // Warm-up: the first calls pay for compiling and caches.
    await timed(`${api}/staff/practices`, headers, 3);
    await timed(`${api}/staff/search?q=ro`, headers, 3);
    await timed(`${api}/staff/practices?queue=unassigned`, headers, 3);
    for (let round = 0; round < rounds; round += 1) {
      for (const search of searches) {
        for (const typed of keystrokes(search.text)) {
          const url = `${api}/staff/search?${new URLSearchParams({ q: typed })}`;
          const started = performance.now();
          const response = await fetch(url, { headers });
          const body = (await response.json()) as { data: StaffSearchResult[] };
          const elapsed = performance.now() - started;
          if (!response.ok) throw new Error(`${url} answered ${response.status}`);
          times.search.push(elapsed);
          byKind.set(search.kind, [...(byKind.get(search.kind) ?? []), elapsed]);
          if (typed === search.text && search.expect && !search.expect(body.data)) {
            wrong.push(`${search.kind} "${search.text}"`);
          }
        }
      }
      times.queue.push(...(await timed(`${api}/staff/practices`, headers, 60)));
      times.atRisk.push(...(await timed(`${api}/staff/practices?deadline=at_risk`, headers, 30)));
      times.late.push(...(await timed(`${api}/staff/practices?deadline=late`, headers, 30)));
      times.toAssign.push(...(await timed(`${api}/staff/practices?queue=unassigned`, headers, 60)));
    }
    const row = (path: string, values: number[], goal: number | null) => {
      const p99 = quantile(values, 0.99);
      return {
        path: `${dialect}: ${path}`,
        calls: values.length,
        p50: `${round1(quantile(values, 0.5))} ms`,
        p99: `${round1(p99)} ms`,
        goal: goal === null ? '—' : `p99 ≤ ${goal} ms`,
        met: goal === null ? true : p99 <= goal,
      };
    };
    const goal = dialect === 'postgres' ? GOAL_MS : null;
    const rows = [
      row('GET /staff/search, every keystroke', times.search, goal),
      ...[...byKind].map(([kind, values]) => row(`  search by ${kind}`, values, null)),
      row('GET /staff/practices, default queue', times.queue, goal),
      row('GET /staff/practices?deadline=at_risk', times.atRisk, null),
      row('GET /staff/practices?deadline=late', times.late, null),
      row('GET /staff/practices?queue=unassigned, total split by kind', times.toAssign, goal),
    ];
    return {
      rows,
      wrong,
      volume: {
        requests: portal.volume.requests,
        applicants: portal.volume.applicants,
        seedSeconds: portal.volume.seconds,
      },
    };
  } finally {
    await portal.stop();
  }
}

export const staffScale: Scenario = {
  name: 'staff-scale',
  async run() {
    const rounds = Number(process.env.BENCH_STAFF_ROUNDS ?? 3);
    // Named by whoever runs the bench (README): the bench trusts its own settings.
    const dialects = (process.env.BENCH_STAFF_DATABASES ?? 'postgres').split(',') as Dialect[];
    const results: Record<string, Awaited<ReturnType<typeof measureDialect>>> = {};
    for (const dialect of dialects) results[dialect] = await measureDialect(dialect, rounds);
    const table = Object.values(results).flatMap((result) => result.rows);
    const missed = table.filter((line) => !line.met).length;
    const wrong = Object.values(results).flatMap((result) => result.wrong);
    if (wrong.length > 0)
      throw new Error(`searches that did not find what they looked for: ${wrong.join(', ')}`);
    return {
      table,
      summary: missed === 0 ? 'every row meets its goal' : `${missed} row(s) miss their goal`,
      figures: { rounds, results },
    };
  },
};
