import autocannon from 'autocannon';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/platform/db/database';
import { prepareDatabase } from '../../apps/api/src/seeds';
import type { DatabaseConfig } from '../../apps/api/src/platform/config';
import { generateKeySet } from '../../apps/api/src/platform/signing/keys';
import { seedRequests, type SeededVolume } from '../seed/requests';
import { startBareFastify, startPortal, type Server } from '../servers';
import type { Scenario } from '../scenario';
import { verify } from './verify';

/**
 * Issue #13's table at a million requests: the portal on a database seeded with
 * BENCH_SCALE_REQUESTS requests (default 1,000,000) for a fifth as many applicants, on SQLite and
 * on PostgreSQL, each figure beside a reference measured in the same run and interleaved with it,
 * medians of BENCH_SCALE_ROUNDS rounds (default 3):
 *
 * - the poll (`GET /users/{id}/notifications`, autocannon) against a bare Fastify hello route;
 * - the staff queue in its default filter and order, and the queue counts, one call after the
 *   other as a staff member's browser makes them, against the same calls on 1,005 requests;
 * - on SQLite, the poll while one staff member reloads the queue, against the poll alone.
 */
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SMALL_REQUESTS = 1_005;

export type Dialect = 'sqlite' | 'postgres';

export type SeededPortal = { server: Server; volume: SeededVolume; stop: () => Promise<void> };

export const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const median = (values: readonly number[]) => quantile(values, 0.5);
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** A portal on its own database, migrated, seeded with `requests` requests, started afterwards. */
export async function seededPortal(dialect: Dialect, requests: number, port: number): Promise<SeededPortal> {
  const work = mkdtempSync(join(tmpdir(), 'lisbon-scale-'));
  const name = `lisbon_bench_scale_${port}`;
  const url = POSTGRES.replace(/\/[^/]*$/, `/${name}`);
  const config: DatabaseConfig =
    dialect === 'postgres' ? { dialect, url } : { dialect, path: join(work, 'lisbon.sqlite') };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (dialect === 'postgres') {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
  }
  const db = openDatabase(config);
  let volume: SeededVolume;
  try {
    await prepareDatabase(db);
    volume = await seedRequests(db, { applicants: Math.ceil(requests / 5), requests });
    // What autovacuum does after a bulk load, at once; SQLite's statistics are taken when the portal opens it.
    if (dialect === 'postgres') await sql`analyze`.execute(db);
  } finally {
    await db.destroy();
  }
  // On PostgreSQL an instance takes its keys from configuration only (decision 039): one set, as a deployer makes it.
  const keyEnv =
    dialect === 'postgres'
      ? Object.fromEntries(
          generateKeySet({ folder: join(work, 'keys'), bodyName: 'Bench', now: new Date() }).map(
            (line) => line.split('=') as [string, string],
          ),
        )
      : {};
  const server = await startPortal(port, {
    env: {
      ...keyEnv,
      DATABASE_URL: dialect === 'postgres' ? url : config.dialect === 'sqlite' ? config.path : '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The figures are the portal's, not the floor against floods: one session makes every call.
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  return {
    server,
    volume,
    stop: async () => {
      await server.stop();
      rmSync(work, { recursive: true, force: true });
      if (dialect === 'postgres') await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `count` calls one after the other, as one browser makes them: each call's milliseconds. */
export async function timed(url: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let call = 0; call < count; call += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function load(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

const pollUrl = (portal: SeededPortal) =>
  `${portal.server.url}/api/v1/users/${portal.volume.applicant.id}/notifications`;
const queueUrl = (portal: SeededPortal) => `${portal.server.url}/api/v1/staff/practices`;
const countsUrl = (portal: SeededPortal) => `${portal.server.url}/api/v1/staff/queues/counts`;

type Row = { path: string; figure: string; reference: string; ratio: string; goal: string; met: boolean };

async function measureDialect(
  dialect: Dialect,
  hello: Server,
  { connections, durationSeconds, rounds }: { connections: number; durationSeconds: number; rounds: number },
) {
  const basePort = dialect === 'sqlite' ? 3340 : 3350;
  const requests = Number(process.env.BENCH_SCALE_REQUESTS ?? 1_000_000);
  console.log(`[scale] ${dialect}: seeding ${requests.toLocaleString('en-US')} requests…`);
  const big = await seededPortal(dialect, requests, basePort);
  const small = await seededPortal(dialect, SMALL_REQUESTS, basePort + 1);
  console.log(
    `[scale] ${dialect}: ${big.volume.requests.toLocaleString('en-US')} requests, ${big.volume.history.toLocaleString('en-US')} history rows, ${big.volume.applicants.toLocaleString('en-US')} applicants seeded in ${big.volume.seconds} s`,
  );
  try {
    const staffOf = (portal: SeededPortal) => bearer(portal.volume.secretary.token);
    const samples = {
      queue: [] as { p50: number; p99: number }[],
      queueSmall: [] as { p50: number; p99: number }[],
      counts: [] as { p50: number; p99: number }[],
      countsSmall: [] as { p50: number; p99: number }[],
      poll: [] as { requestsPerSecond: number; p99: number }[],
      hello: [] as { requestsPerSecond: number; p99: number }[],
      pollBesideStaff: [] as { requestsPerSecond: number; p99: number }[],
    };
    const calls = 60;
    const spread = (times: number[]) => ({ p50: quantile(times, 0.5), p99: quantile(times, 0.99) });
    // Warm-up: the first call of each kind pays for compiling and caches.
    await timed(queueUrl(big), staffOf(big), 3);
    await timed(queueUrl(small), staffOf(small), 3);
    for (let round = 0; round < rounds; round += 1) {
      samples.queue.push(spread(await timed(queueUrl(big), staffOf(big), calls)));
      samples.queueSmall.push(spread(await timed(queueUrl(small), staffOf(small), calls)));
      samples.counts.push(spread(await timed(countsUrl(big), staffOf(big), calls)));
      samples.countsSmall.push(spread(await timed(countsUrl(small), staffOf(small), calls)));
      const applicant = bearer(big.volume.applicant.token);
      samples.poll.push(await load(pollUrl(big), applicant, connections, durationSeconds));
      samples.hello.push(await load(`${hello.url}/hello`, {}, connections, durationSeconds));
      if (dialect === 'sqlite') {
        // One staff member reloading the queue and its counts, one call after the other, meanwhile.
        let isLoading = true;
        const staff = (async () => {
          while (isLoading) {
            await timed(queueUrl(big), staffOf(big), 1);
            await timed(countsUrl(big), staffOf(big), 1);
          }
        })();
        samples.pollBesideStaff.push(await load(pollUrl(big), applicant, connections, durationSeconds));
        isLoading = false;
        await staff;
      }
    }
    const med = <K extends string>(list: Record<K, number>[], key: K) =>
      median(list.map((entry) => entry[key]));
    const queueGoal = dialect === 'postgres' ? 100 : 200;
    const rows: Row[] = [];
    const poll = { rps: med(samples.poll, 'requestsPerSecond'), p99: med(samples.poll, 'p99') };
    const helloRps = med(samples.hello, 'requestsPerSecond');
    rows.push({
      path: `${dialect}: GET /users/{id}/notifications, ${connections} connections`,
      figure: `${Math.round(poll.rps)} req/s, p99 ${poll.p99} ms`,
      reference: `hello ${Math.round(helloRps)} req/s, p99 ${med(samples.hello, 'p99')} ms`,
      ratio: (poll.rps / helloRps).toFixed(3),
      goal: '≥ 0.25, p99 ≤ 25 ms',
      met: poll.rps / helloRps >= 0.25 && poll.p99 <= 25,
    });
    for (const [label, key, smallKey] of [
      ['staff queue, default filter', 'queue', 'queueSmall'],
      ['staff queue counts', 'counts', 'countsSmall'],
    ] as const) {
      const p99 = med(samples[key], 'p99');
      const referenceP50 = med(samples[smallKey], 'p50');
      rows.push({
        path: `${dialect}: ${label}`,
        figure: `p50 ${round1(med(samples[key], 'p50'))} ms, p99 ${round1(p99)} ms`,
        reference: `${SMALL_REQUESTS.toLocaleString('en-US')} requests: p50 ${round1(referenceP50)} ms, p99 ${round1(med(samples[smallKey], 'p99'))} ms`,
        ratio: (med(samples[key], 'p50') / referenceP50).toFixed(2),
        goal: `p99 ≤ ${queueGoal} ms`,
        met: p99 <= queueGoal,
      });
    }
    if (dialect === 'sqlite') {
      const beside = {
        rps: med(samples.pollBesideStaff, 'requestsPerSecond'),
        p99: med(samples.pollBesideStaff, 'p99'),
      };
      rows.push({
        path: 'sqlite: notifications while one staff member reloads the queue',
        figure: `${Math.round(beside.rps)} req/s, p99 ${beside.p99} ms`,
        reference: `alone: ${Math.round(poll.rps)} req/s, p99 ${poll.p99} ms`,
        ratio: (beside.p99 / Math.max(1, poll.p99)).toFixed(2),
        goal: 'p99 ≤ 50 ms',
        met: beside.p99 <= 50,
      });
    }
    return {
      rows,
      volume: {
        requests: big.volume.requests,
        history: big.volume.history,
        applicants: big.volume.applicants,
        seedSeconds: big.volume.seconds,
      },
      samples,
    };
  } finally {
    await big.stop();
    await small.stop();
  }
}

export const scale: Scenario = {
  name: 'scale',
  async run({ connections, durationSeconds }) {
    const rounds = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
    // Named by whoever runs the bench (README): the bench trusts its own settings.
    const dialects = (process.env.BENCH_SCALE_DATABASES ?? 'sqlite,postgres').split(',') as Dialect[];
    const hello = await startBareFastify(3339);
    try {
      const results: Record<string, Awaited<ReturnType<typeof measureDialect>>> = {};
      for (const dialect of dialects) {
        results[dialect] = await measureDialect(dialect, hello, { connections, durationSeconds, rounds });
      }
      const table = Object.values(results).flatMap((result) => result.rows);
      // The verification row: the `verify` scenario, on its own ledger of a million entries.
      const verification = (await verify.run({ connections, durationSeconds })).figures as {
        originalVerifyP50Ms: number;
        originalSha256P50Ms: number;
        goalMs: number;
        goalRatio: number;
        isWithinGoal: boolean;
        ledgerEntries?: number;
      };
      table.push({
        path: 'sqlite: a valid public verification, 1,000,000 ledger entries',
        figure: `p50 ${verification.originalVerifyP50Ms} ms`,
        reference: `SHA-256 of the file ${verification.originalSha256P50Ms} ms`,
        ratio: String(verification.goalRatio),
        goal: `≤ 2 × hash + 5 ms = ${verification.goalMs} ms`,
        met: verification.isWithinGoal,
      });
      const missed = table.filter((row) => !row.met).length;
      return {
        table,
        summary: missed === 0 ? 'every row meets its goal' : `${missed} row(s) miss their goal`,
        figures: { rounds, results, verification },
      };
    } finally {
      await hello.stop();
    }
  },
};
