import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../src/platform/clock';
import { registerMetrics } from '../src/platform/http/metrics';
import { VERSION } from '../src/app';
import { recordBackup } from '../src/platform/backup-record';
import { buildCommit } from '../src/platform/build';
import { defineJob, registerJob } from '../src/platform/jobs/definition';
import { createDatabaseQueue } from '../src/platform/jobs/queue';
import { insertJob } from '../src/platform/jobs/repository';
import { createWorker, retryDelaySeconds } from '../src/platform/jobs/worker';
import { createMetrics } from '../src/platform/metrics';
import { isPostgresRun, useTestApp } from './helper';
import { startS3Server } from './s3';

// The figures an operator misses (issue #34, item 4): the queue by kind, server errors by route,
// the database pool and Redis. Anchoring's are in anchor.test.ts, on a real chain.

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
const clock = new ManualClock('2026-11-27T09:00:00Z');
const t = useTestApp({ clock, env: { METRICS_TOKEN } });

/** An object store nobody answers for: nothing listens on port 1. */
const S3_UNREACHABLE = {
  S3_BUCKET: 'lisbon-test',
  S3_ENDPOINT: 'http://127.0.0.1:1',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
};

/** Prometheus's text of a scrape of `app`. */
async function scrape(app: { inject: ReturnType<typeof Fastify>['inject'] }): Promise<string> {
  const answer = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}
/** The value of one series (name with its labels as Prometheus prints them), or undefined. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics for operators', () => {
  it('names the build each instance runs: lisbon_build_info{version,commit} 1', async () => {
    // A checkout has no COMMIT file: the commit is unknown there.
    const commit = buildCommit() ?? 'unknown';
    expect(sample(await scrape(t.app), `lisbon_build_info{version="${VERSION}",commit="${commit}"}`)).toBe(1);
    // A release's, as its COMMIT file names it: one series, whatever else the instance counts.
    const text = await createMetrics({
      build: { version: '1.1.0', commit: '5fc440a-dirty' },
    }).registry.metrics();
    expect(text.split('\n').filter((line) => line.startsWith('lisbon_build_info'))).toEqual([
      'lisbon_build_info{version="1.1.0",commit="5fc440a-dirty"} 1',
    ]);
  });

  it('counts the shared queue by kind and status', async () => {
    const job = (name: string) =>
      insertJob(t.database.db, {
        name,
        version: 1,
        payload: '{}',
        maxAttempts: 3,
        runAt: clock.now().toISOString(),
      });
    await job('test.mail-kind');
    await job('test.mail-kind');
    await job('test.publication-kind');
    const text = await scrape(t.app);
    expect(sample(text, 'lisbon_jobs_by_kind{kind="test.mail-kind",status="pending"}')).toBe(2);
    expect(sample(text, 'lisbon_jobs_by_kind{kind="test.publication-kind",status="pending"}')).toBe(1);
    await t.database.db.deleteFrom('jobs').where('name', 'like', 'test.%').execute();
    // A kind that left the queue leaves the scrape too.
    expect(await scrape(t.app)).not.toContain('test.mail-kind');
  });

  it('says when the newest backup was written whole: 0 until one is recorded (decision 096)', async () => {
    await t.database.db.deleteFrom('backups').execute();
    expect(sample(await scrape(t.app), 'lisbon_backup_last_success_timestamp_seconds')).toBe(0);
    const older = new Date('2026-11-30T02:31:00Z');
    const newer = new Date('2026-12-01T02:34:00Z');
    await recordBackup(t.database.db, {
      kind: 'pg_dump',
      location: '/b/lisbon-newer.dump',
      finishedAt: newer,
    });
    await recordBackup(t.database.db, { kind: 'embedded', location: '/b/lisbon-older', finishedAt: older });
    expect(sample(await scrape(t.app), 'lisbon_backup_last_success_timestamp_seconds')).toBe(
      newer.getTime() / 1000,
    );
  });

  it('counts server errors by route pattern, and nothing for answers below 500', async () => {
    const app = Fastify();
    const metrics = createMetrics();
    registerMetrics(app, { metrics, token: METRICS_TOKEN, db: t.database.db, clock });
    app.get('/boom/:id', () => {
      throw new Error('broken on purpose');
    });
    app.get('/fine', () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/boom/1' });
    await app.inject({ method: 'GET', url: '/boom/2' });
    await app.inject({ method: 'GET', url: '/fine' });
    const text = await scrape(app);
    expect(sample(text, 'lisbon_http_errors_total{method="GET",route="/boom/:id",status="500"}')).toBe(2);
    expect(text).not.toMatch(/lisbon_http_errors_total\{[^}]*route="\/fine"/);
    await app.close();
  });

  it('counts the jobs given up for good by kind, from 0, and not an attempt that will be retried', async () => {
    // The example alert LisbonJobsFailing reads this counter, not the failed rows the queue keeps
    // (docs/ops/lisbon-alerts.yml): each instance counts the jobs its worker gave up.
    const app = Fastify();
    const metrics = createMetrics();
    registerMetrics(app, { metrics, token: METRICS_TOKEN, db: t.database.db, clock });
    const failingJob = defineJob({
      name: 'test.failing-kind',
      version: 1,
      payload: z.object({ n: z.number() }),
      maxAttempts: 2,
    });
    const failing = registerJob(failingJob, () => Promise.reject(new Error('refused on purpose')));
    const worker = createWorker({
      db: t.database.db,
      clock,
      jobs: [failing],
      log: pino({ level: 'silent' }),
      metrics,
    });
    const series = 'lisbon_jobs_failed_total{kind="test.failing-kind"}';
    // At 0 before any failure, so that Prometheus's increase() sees the first one (a series that
    // appears at 1 shows no increase), after a restart too.
    expect(sample(await scrape(app), series)).toBe(0);
    await createDatabaseQueue(clock).enqueue(t.database.db, failingJob, { n: 1 });
    // The first attempt fails: it will be retried, nothing is given up.
    expect(await worker.drainOnce()).toBe(1);
    expect(sample(await scrape(app), series)).toBe(0);
    // The last attempt fails: given up for good.
    clock.advance({ seconds: retryDelaySeconds(1) });
    expect(await worker.drainOnce()).toBe(1);
    expect(sample(await scrape(app), series)).toBe(1);
    // The failed row stays in the queue; the counter counts the give-up once, not at each scrape.
    expect(sample(await scrape(app), series)).toBe(1);
    expect(sample(await scrape(app), 'lisbon_jobs_by_kind{kind="test.failing-kind",status="failed"}')).toBe(
      1,
    );
    await t.database.db.deleteFrom('jobs').where('name', 'like', 'test.%').execute();
    await app.close();
  });

  it('neither records nor counts the failure of a run whose lease another worker has taken', async () => {
    // Instance A's run outlives its lease (its heartbeats fail during a database blip) and instance
    // B claims the job again; A's run then fails. The row is B's run: A writes neither `failed` nor
    // a retry over it, and the job is not counted as given up (B's own outcome is what counts).
    const app = Fastify();
    const metrics = createMetrics();
    registerMetrics(app, { metrics, token: METRICS_TOKEN, db: t.database.db, clock });
    const lines: { msg?: string; jobId?: number }[] = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const lastTryJob = defineJob({
      name: 'test.lease-lost',
      version: 1,
      payload: z.object({ n: z.number() }),
      maxAttempts: 1,
    });
    const retriedJob = defineJob({ ...lastTryJob, name: 'test.lease-lost-retried', maxAttempts: 3 });
    const leaseOfB = new Date(clock.now().getTime() + 30_000).toISOString();
    /** Instance B claims the job while A's run is still going, as `claimNextJob` does once A's lease lapsed. */
    const claimedByB = async (id: number) => {
      await t.database.db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_at: clock.now().toISOString(),
          locked_by: 'instance-b',
          lease_until: leaseOfB,
        }))
        .where('id', '=', id)
        .execute();
      throw new Error('connect ECONNREFUSED smtp://mailer:s3cret@mail.example.org:25');
    };
    const worker = createWorker({
      db: t.database.db,
      clock,
      jobs: [
        registerJob(lastTryJob, (_payload, job) => claimedByB(job.id)),
        registerJob(retriedJob, (_payload, job) => claimedByB(job.id)),
      ],
      log: capture,
      workerId: 'instance-a',
      metrics,
    });
    const series = 'lisbon_jobs_failed_total{kind="test.lease-lost"}';
    const queue = createDatabaseQueue(clock);
    const lastTry = await queue.enqueue(t.database.db, lastTryJob, { n: 1 });
    const retried = await queue.enqueue(t.database.db, retriedJob, { n: 2 });
    expect(await worker.drainOnce()).toBe(2);
    expect(sample(await scrape(app), series)).toBe(0);
    const rowsOfB = await t.database.db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'locked_by', 'lease_until', 'last_error'])
      .where('id', 'in', [lastTry, retried])
      .orderBy('id')
      .execute();
    expect(rowsOfB).toEqual([
      {
        id: lastTry,
        status: 'running',
        attempts: 2,
        locked_by: 'instance-b',
        lease_until: leaseOfB,
        last_error: null,
      },
      {
        id: retried,
        status: 'running',
        attempts: 2,
        locked_by: 'instance-b',
        lease_until: leaseOfB,
        last_error: null,
      },
    ]);
    expect(
      lines.map(({ msg, jobId }) => ({ msg, jobId })).sort((a, b) => (a.jobId ?? 0) - (b.jobId ?? 0)),
    ).toEqual([
      { msg: 'job failed after its lease was lost; its result was dropped', jobId: lastTry },
      { msg: 'job failed after its lease was lost; its result was dropped', jobId: retried },
    ]);
    expect(JSON.stringify(lines)).not.toContain('s3cret');
    await t.database.db.deleteFrom('jobs').where('name', 'like', 'test.%').execute();
    await app.close();
  });

  it('shows the PostgreSQL pool in use, idle and waiting (none on SQLite)', async () => {
    const text = await scrape(t.app);
    if (isPostgresRun) {
      expect(sample(text, 'lisbon_db_pool_connections{state="waiting"}')).toBe(0);
      const inUse = sample(text, 'lisbon_db_pool_connections{state="in_use"}') ?? -1;
      const idle = sample(text, 'lisbon_db_pool_connections{state="idle"}') ?? -1;
      expect(inUse).toBeGreaterThanOrEqual(0);
      // The scrape's own reads opened at least one connection, given back since.
      expect(inUse + idle).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('lisbon_db_pool_connections{');
    }
  });

  it('says whether Redis is reachable: 1 when it answers, 0 when it does not, nothing without REDIS_URL', async () => {
    const up = await t.instance({ env: { REDIS_URL: 'redis://127.0.0.1:6379/3' } });
    await up.ready();
    expect(sample(await scrape(up), 'lisbon_redis_up{role="rate_limit"}')).toBe(1);
    const down = await t.instance({ env: { REDIS_URL: 'redis://127.0.0.1:1/0' } });
    await down.ready();
    expect(sample(await scrape(down), 'lisbon_redis_up{role="rate_limit"}')).toBe(0);
    expect(await scrape(t.app)).not.toMatch(/^lisbon_redis_up/m);
  });
});

describe('GET /metrics: the file store', () => {
  it('says whether the object store answers: 1 for its bucket, 0 when it does not answer or has no such bucket', async () => {
    const s3 = await startS3Server();
    try {
      const up = await t.instance({ env: s3.env });
      expect(sample(await scrape(up), 'lisbon_object_store_up{store="s3"}')).toBe(1);
      const missing = await t.instance({ env: { ...s3.env, S3_BUCKET: 'lisbon-no-such-bucket' } });
      expect(sample(await scrape(missing), 'lisbon_object_store_up{store="s3"}')).toBe(0);
    } finally {
      await s3.close();
    }
    const down = await t.instance({ env: { ...S3_UNREACHABLE } });
    expect(sample(await scrape(down), 'lisbon_object_store_up{store="s3"}')).toBe(0);
    // The embedded default: DATA_DIR/files on disk, writable.
    expect(sample(await scrape(t.app), 'lisbon_object_store_up{store="disk"}')).toBe(1);
  });
});
