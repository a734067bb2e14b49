import { createServer, type AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../src/platform/clock';
import { defineJob, registerJob } from '../src/platform/jobs/definition';
import { createDatabaseQueue } from '../src/platform/jobs/queue';
import { causeOf, createWorker, describeError, retryDelaySeconds } from '../src/platform/jobs/worker';
import { useTestApp, createTestWorker } from './helper';
import { readMailFiles } from './mail';

const clock = new ManualClock();
const queue = createDatabaseQueue(clock);
const log = pino({ level: 'silent' });
const t = useTestApp({ clock });

const counterJob = defineJob({
  name: 'test-counter',
  version: 1,
  payload: z.object({ n: z.number() }),
  maxAttempts: 3,
});
/** A port nothing listens on: one the system gave, then closed. */
const aClosedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
const jobRow = (id: number) =>
  t.database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

describe('the queue', () => {
  it('tells where a subject’s jobs stand, and queues a given-up subject again once', async () => {
    const subject = { n: 9001 };
    expect(await queue.stateOf(t.database.db, counterJob, subject)).toBe('none');
    const first = await queue.enqueue(t.database.db, counterJob, subject);
    await queue.enqueue(t.database.db, counterJob, { n: 9002 });
    expect(await queue.stateOf(t.database.db, counterJob, subject)).toBe('underway');
    await t.database.db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', first).execute();
    expect(await queue.stateOf(t.database.db, counterJob, subject)).toBe('failed');
    const again = await queue.requeue(t.database.db, counterJob, subject);
    expect(await jobRow(first)).toBeUndefined();
    expect(await jobRow(again)).toMatchObject({ status: 'pending', payload: JSON.stringify(subject) });
    expect(await queue.stateOf(t.database.db, counterJob, subject)).toBe('underway');
    // Another subject's job is left as it was.
    expect(await queue.stateOf(t.database.db, counterJob, { n: 9002 })).toBe('underway');
    await t.database.db.deleteFrom('jobs').where('name', '=', counterJob.name).execute();
  });

  it('says whether a job of a definition waits or runs, and lets a handler take its job once', async () => {
    const other = defineJob({ name: 'test-other', version: 1, payload: z.object({}) });
    expect(await queue.isAnyQueued(t.database.db, counterJob)).toBe(false);
    const id = await queue.enqueue(t.database.db, counterJob, { n: 9100 });
    await queue.enqueue(t.database.db, other, {});
    expect(await queue.isAnyQueued(t.database.db, counterJob)).toBe(true);
    await t.database.db.updateTable('jobs').set({ status: 'running' }).where('id', '=', id).execute();
    expect(await queue.isAnyQueued(t.database.db, counterJob)).toBe(true);
    await t.database.db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', id).execute();
    expect(await queue.isAnyQueued(t.database.db, counterJob)).toBe(false);
    expect(await queue.take(t.database.db, id)).toBe(true);
    expect(await queue.take(t.database.db, id)).toBe(false);
    await t.database.db.deleteFrom('jobs').where('name', '=', other.name).execute();
  });

  it('commits a job with the change that asks for it, or not at all', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, counterJob, { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const jobs = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'test-counter')
      .execute();
    expect(jobs).toEqual([]);
  });

  it('refuses a payload its definition does not accept', async () => {
    await expect(queue.enqueue(t.database.db, counterJob, { n: 'one' } as never)).rejects.toThrow();
  });
});

describe('the worker', () => {
  it('logs why a job failed by the error’s code or class, never its message', async () => {
    const lines: { cause?: string; msg?: string }[] = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const refused = Object.assign(new Error('connect ECONNREFUSED maria@example.org'), {
      code: 'ECONNREFUSED',
    });
    const failing = registerJob(counterJob, async () => {
      throw refused;
    });
    const worker = createWorker({ db: t.database.db, clock, jobs: [failing], log: capture });
    const id = await queue.enqueue(t.database.db, counterJob, { n: 20 });
    expect(await worker.drainOnce()).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({ cause: 'ECONNREFUSED', msg: 'job failed; it will be retried' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('maria@example.org');
    expect(causeOf(new TypeError('x is not a function'))).toBe('TypeError');
    expect(causeOf(Object.assign(new Error('bad'), { code: 'a message, not a code' }))).toBe('Error');
    // nodemailer names a refused connection ESOCKET; the system's name underneath is what the log says.
    const closedPort = await aClosedPort();
    const refusedMail = await nodemailer
      .createTransport(`smtp://127.0.0.1:${closedPort}`)
      .sendMail({ from: 'a@example.org', to: 'b@example.org', text: 'x' })
      .catch((error: unknown) => error);
    expect((refusedMail as { code?: string }).code).toBe('ESOCKET');
    expect(causeOf(refusedMail)).toBe('ECONNREFUSED');
    await t.database.db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('logs the code under a failed fetch and keeps the whole reason in the job’s row', async () => {
    const lines: { cause?: string; msg?: string }[] = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    // What undici throws for a certificate Node does not trust: the reason is only in `cause`.
    const untrusted = new TypeError('fetch failed', {
      cause: Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
    });
    const failing = registerJob(counterJob, async () => {
      throw untrusted;
    });
    const worker = createWorker({ db: t.database.db, clock, jobs: [failing], log: capture });
    const id = await queue.enqueue(t.database.db, counterJob, { n: 21 });
    expect(await worker.drainOnce()).toBe(1);
    // Read and removed before the checks, so a failed check leaves no job to the tests after it.
    const row = await jobRow(id);
    await t.database.db.deleteFrom('jobs').where('id', '=', id).execute();
    expect(lines).toEqual([
      expect.objectContaining({
        cause: 'DEPTH_ZERO_SELF_SIGNED_CERT',
        msg: 'job failed; it will be retried',
      }),
    ]);
    expect(row?.last_error).toBe('fetch failed: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');

    // A real fetch to a port nothing listens on: the refusal, not TypeError.
    const closedPort = await aClosedPort();
    const refused = await fetch(`http://127.0.0.1:${closedPort}/`).catch((error: unknown) => error);
    expect(causeOf(refused)).toBe('ECONNREFUSED');
    expect(describeError(refused)).toBe(`fetch failed: connect ECONNREFUSED 127.0.0.1:${closedPort}`);
    // What is under the error is redacted as the error itself is: no credentials, no query string.
    const withToken = new Error('rpc failed', {
      cause: new Error('GET https://user:pw@rpc.example.org/v3/path?apikey=s3cret answered 401'),
    });
    expect(describeError(withToken)).toBe(
      'rpc failed: GET https://[redacted]@rpc.example.org/v3/path?[redacted] answered 401',
    );
    // A provider's key in the URL's path (an RPC endpoint's) goes too; the host and the path's words stay.
    const keyInPath = new Error('HTTP request failed.', {
      cause: new Error(
        'Status: 401 URL: https://eth-sepolia.g.alchemy.com/v2/Zx9_kL2mQ7vR4tW8yB1nC5pD3fG6hJ0a Request body: {"method":"eth_chainId"}',
      ),
    });
    expect(describeError(keyInPath)).toBe(
      'HTTP request failed.: Status: 401 URL: https://eth-sepolia.g.alchemy.com/v2/[redacted] Request body: {"method":"eth_chainId"}',
    );
    expect(
      describeError(new Error('GET https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef/ failed')),
    ).toBe('GET https://mainnet.infura.io/v3/[redacted]/ failed');
    // Whatever follows the key: a quote (a URL in JSON), a comma, a full stop, a bracket.
    expect(
      describeError(
        new Error('{"url":"https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef","status":401}'),
      ),
    ).toBe('{"url":"https://mainnet.infura.io/v3/[redacted]","status":401}');
    expect(
      describeError(
        new Error(
          '(https://x.io/v3/0123456789abcdef0123456789abcdef), then https://x.io/v3/abcdefabcdefabcdefabcd.',
        ),
      ),
    ).toBe('(https://x.io/v3/[redacted]), then https://x.io/v3/[redacted].');
    expect(describeError(new Error('POST http://127.0.0.1:8545/api/v1/jsonrpc refused'))).toBe(
      'POST http://127.0.0.1:8545/api/v1/jsonrpc refused',
    );
  });

  it('retries a failing job with exponential backoff, keeps no secret in the error, then gives up', async () => {
    let calls = 0;
    const flaky = registerJob(counterJob, async () => {
      calls += 1;
      throw new Error('connect ECONNREFUSED smtp://mailer:s3cret@mail.example.org:25');
    });
    const worker = createWorker({ db: t.database.db, clock, jobs: [flaky], log });
    const id = await queue.enqueue(t.database.db, counterJob, { n: 2 });

    expect(await worker.drainOnce()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      run_at: new Date(clock.now().getTime() + 30_000).toISOString(),
    });
    expect(row?.last_error).toBe('connect ECONNREFUSED smtp://[redacted]@mail.example.org:25');
    expect(await worker.drainOnce()).toBe(0);

    clock.advance({ seconds: retryDelaySeconds(1) });
    expect(await worker.drainOnce()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 2,
      run_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });

    clock.advance({ seconds: retryDelaySeconds(2) });
    expect(await worker.drainOnce()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3 });
    clock.advance({ hours: 2 });
    expect(await worker.drainOnce()).toBe(0);
    expect(calls).toBe(3);
    await t.database.db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('removes a job once it has run', async () => {
    const seen: number[] = [];
    const worker = createWorker({
      db: t.database.db,
      clock,
      jobs: [registerJob(counterJob, async ({ n }) => void seen.push(n))],
      log,
    });
    const id = await queue.enqueue(t.database.db, counterJob, { n: 3 });
    expect(await worker.drainOnce()).toBe(1);
    expect(seen).toEqual([3]);
    expect(await jobRow(id)).toBeUndefined();
  });

  it('takes back a job left running by a worker that died, after the lock timeout', async () => {
    const id = await queue.enqueue(t.database.db, counterJob, { n: 4 });
    const now = clock.now().toISOString();
    await t.database.db
      .updateTable('jobs')
      .set({ status: 'running', locked_at: now, locked_by: 'dead' })
      .where('id', '=', id)
      .execute();
    const seen: number[] = [];
    const worker = createWorker({
      db: t.database.db,
      clock,
      jobs: [registerJob(counterJob, async ({ n }) => void seen.push(n))],
      log,
    });
    expect(await worker.drainOnce()).toBe(0);
    clock.advance({ minutes: 11 });
    expect(await worker.drainOnce()).toBe(1);
    expect(seen).toEqual([4]);
  });

  it('takes over the job of a killed instance once its lease lapses, in seconds', async () => {
    const id = await queue.enqueue(t.database.db, counterJob, { n: 5 });
    const seen: number[] = [];
    const handler = registerJob(counterJob, async ({ n }) => void seen.push(n));
    // The instance claimed it, then was killed with kill -9: no heartbeat, no release.
    await t.database.db
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_at: clock.now().toISOString(),
        locked_by: 'killed',
        lease_until: new Date(clock.now().getTime() + 30_000).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    const survivor = createWorker({ db: t.database.db, clock, jobs: [handler], log, leaseSeconds: 30 });
    expect(await survivor.drainOnce()).toBe(0);
    clock.advance({ seconds: 31 });
    expect(await survivor.drainOnce()).toBe(1);
    expect(seen).toEqual([5]);
  });

  it('keeps a long job with its worker while the worker renews the lease', async () => {
    const id = await queue.enqueue(t.database.db, counterJob, { n: 6 });
    let finish = () => {};
    let started = () => {};
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    const slow = registerJob(counterJob, async () => {
      started();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const owner = createWorker({
      db: t.database.db,
      clock,
      jobs: [slow],
      log,
      leaseSeconds: 30,
      heartbeatMs: 10,
    });
    const running = owner.drainOnce();
    await isStarted;
    const other = createWorker({ db: t.database.db, clock, jobs: [slow], log, leaseSeconds: 30 });
    for (let step = 0; step < 3; step += 1) {
      clock.advance({ seconds: 20 });
      // A heartbeat renews the lease from the clock's new time; before, a fixed 60 ms wait, which
      // a heartbeat late on a loaded machine missed, the lease then taken for a dead worker's.
      const renewed = clock.now().getTime() + 30_000;
      await vi.waitFor(
        async () => expect(new Date((await jobRow(id))?.lease_until ?? 0).getTime()).toBe(renewed),
        { timeout: 10_000 },
      );
      expect(await other.drainOnce()).toBe(0);
    }
    finish();
    expect(await running).toBe(1);
    expect(await jobRow(id)).toBeUndefined();
  });

  it('gives back, at stop, a job it cannot finish before the deadline, without counting an attempt', async () => {
    const id = await queue.enqueue(t.database.db, counterJob, { n: 7 });
    let started = () => {};
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    const stuck = registerJob(counterJob, async () => {
      started();
      await new Promise(() => {});
    });
    const worker = createWorker({ db: t.database.db, clock, jobs: [stuck], log });
    worker.start();
    await isStarted;
    await worker.stop({ deadlineMs: 50 });
    expect(await jobRow(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      locked_by: null,
      lease_until: null,
    });
    await t.database.db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('shares the queue between workers on separate connections: each job runs exactly once', async () => {
    const ids = [];
    for (let n = 0; n < 30; n += 1) ids.push(await queue.enqueue(t.database.db, counterJob, { n }));
    const seen: number[] = [];
    const handler = registerJob(counterJob, async ({ n }) => {
      seen.push(n);
      await new Promise((resolve) => setImmediate(resolve));
    });
    const connections = [t.database.openConnection(), t.database.openConnection()];
    try {
      const workers = connections.map((db) => createWorker({ db, clock, jobs: [handler], log }));
      const counts = await Promise.all(workers.map((worker) => worker.drainOnce()));
      expect(counts[0]! + counts[1]!).toBe(30);
      expect([...seen].sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
    } finally {
      await Promise.all(connections.map((db) => db.destroy()));
    }
  });
});

describe('a crash between commit and sending', () => {
  it('still sends the mail, exactly once, when a fresh worker starts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: 'crash@example.org',
        first_name: 'Ada',
        last_name: 'L',
        birth_date: '1990-01-01',
        accept_terms: true,
      },
    });
    expect(response.statusCode).toBe(202);
    // The process that committed is gone before any worker ran; a new one opens its own connection.
    const connection = t.database.openConnection();
    try {
      // The registration's work, then its mail.
      expect(await createTestWorker(t.database, { clock, db: connection }).drainOnce()).toBe(2);
      expect(await createTestWorker(t.database, { clock, db: connection }).drainOnce()).toBe(0);
    } finally {
      await connection.destroy();
    }
    expect(readMailFiles(t.database.tempDir).filter((mail) => mail.to === 'crash@example.org')).toHaveLength(
      1,
    );
  });
});
