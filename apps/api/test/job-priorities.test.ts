import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../src/platform/clock';
import { defineJob, JOB_KINDS, registerJob, type JobKind } from '../src/platform/jobs/definition';
import { createDatabaseQueue } from '../src/platform/jobs/queue';
import { createWorker } from '../src/platform/jobs/worker';
import { useTestApp } from './helper';

const clock = new ManualClock();
const queue = createDatabaseQueue(clock);
const log = pino({ level: 'silent' });
const t = useTestApp({ hasApp: false });
afterEach(async () => {
  await t.database.db.deleteFrom('jobs').execute();
});

const jobOfKind = (kind: JobKind) =>
  defineJob({ name: `test-${kind}`, version: 1, payload: z.object({ n: z.number() }), kind });

/** A gate every handler waits at until the test opens it; opened, it lets everyone through. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Lets every claim already asked of the database finish before the test looks. */
async function settle() {
  for (let round = 0; round < 3; round += 1) await t.database.db.selectFrom('jobs').select('id').execute();
}

/** Handlers that note when each job starts and how many run at once, and wait at `gate`. */
function observer(opened: Promise<void>) {
  const order: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const handlerFor = (kind: JobKind) =>
    registerJob(jobOfKind(kind), async ({ n }) => {
      order.push(`${kind} ${n}`);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      for (const waiter of waiters.filter(({ count }) => order.length >= count)) waiter.resolve();
      await opened;
      inFlight -= 1;
    });
  return {
    order,
    maxInFlight: () => maxInFlight,
    handlerFor,
    /** Resolves once `count` jobs have started. */
    started: (count: number) =>
      new Promise<void>((resolve) => {
        if (order.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
  };
}

describe('priorities', () => {
  it('claims a payment event queued after 100 PDF renders first', async () => {
    for (let n = 0; n < 100; n += 1) await queue.enqueue(t.database.db, jobOfKind('render'), { n });
    await queue.enqueue(t.database.db, jobOfKind('payment'), { n: 100 });
    const seen = observer(Promise.resolve());
    const worker = createWorker({
      db: t.database.db,
      clock,
      log,
      jobs: [seen.handlerFor('render'), seen.handlerFor('payment')],
    });
    expect(await worker.drainOnce()).toBe(101);
    expect(seen.order[0]).toBe('payment 100');
    // Within a kind, the oldest due first.
    expect(seen.order.slice(1)).toEqual(Array.from({ length: 100 }, (_, n) => `render ${n}`));
  });

  it('records each job with its kind’s priority, payment events highest and renders lowest', async () => {
    for (const kind of ['render', 'mail', 'payment', 'standard'] as const)
      await queue.enqueue(t.database.db, jobOfKind(kind), { n: 0 });
    const rows = await t.database.db
      .selectFrom('jobs')
      .select(['name', 'priority'])
      .orderBy('priority', 'desc')
      .execute();
    expect(rows.map((row) => row.name)).toEqual([
      'test-payment',
      'test-mail',
      'test-standard',
      'test-render',
    ]);
    expect(rows.map((row) => row.priority)).toEqual(
      (['payment', 'mail', 'standard', 'render'] as const).map((kind) => JOB_KINDS[kind].priority),
    );
  });

  it('starts no render while payment events take every payment slot', async () => {
    const { concurrency } = JOB_KINDS.payment;
    await queue.enqueue(t.database.db, jobOfKind('render'), { n: 0 });
    for (let n = 1; n <= concurrency + 1; n += 1)
      await queue.enqueue(t.database.db, jobOfKind('payment'), { n });
    const { open, opened } = gate();
    const seen = observer(opened);
    const worker = createWorker({
      db: t.database.db,
      clock,
      log,
      jobs: [seen.handlerFor('render'), seen.handlerFor('payment')],
    });
    const draining = worker.drainOnce();
    await seen.started(concurrency);
    await settle();
    expect(seen.order).toHaveLength(concurrency);
    open();
    expect(await draining).toBe(concurrency + 2);
    // The payment event still waiting went before the render that was due first.
    expect(seen.order.at(-1)).toBe('render 0');
  });
});

describe('bounded concurrency', () => {
  it.each(['payment', 'mail', 'render'] as const)(
    'runs several %s jobs at once, never more than the kind allows',
    async (kind) => {
      const { concurrency } = JOB_KINDS[kind];
      const count = concurrency * 2 + 1;
      for (let n = 0; n < count; n += 1) await queue.enqueue(t.database.db, jobOfKind(kind), { n });
      const { open, opened } = gate();
      const seen = observer(opened);
      const worker = createWorker({ db: t.database.db, clock, log, jobs: [seen.handlerFor(kind)] });
      const draining = worker.drainOnce();
      await seen.started(concurrency);
      await settle();
      // Every slot taken, and no job beyond them claimed.
      expect(seen.order).toHaveLength(concurrency);
      const running = await t.database.db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'running')
        .execute();
      expect(running).toHaveLength(concurrency);
      open();
      expect(await draining).toBe(count);
      expect(seen.maxInFlight()).toBe(concurrency);
    },
  );

  it('gives back, at stop, every job in hand it cannot finish before the deadline', async () => {
    const { concurrency } = JOB_KINDS.mail;
    const ids: number[] = [];
    for (let n = 0; n < concurrency; n += 1)
      ids.push(await queue.enqueue(t.database.db, jobOfKind('mail'), { n }));
    const seen = observer(new Promise(() => {}));
    const worker = createWorker({ db: t.database.db, clock, log, jobs: [seen.handlerFor('mail')] });
    worker.start();
    await seen.started(concurrency);
    await worker.stop({ deadlineMs: 50 });
    const rows = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'locked_by'])
      .where('id', 'in', ids)
      .execute();
    expect(rows).toEqual(ids.map(() => ({ status: 'pending', attempts: 0, locked_by: null })));
  });
});

describe('jobs that share an ordering key', () => {
  const orderedJob = defineJob({
    name: 'test-ordered',
    version: 1,
    payload: z.object({ key: z.string(), n: z.number() }),
    kind: 'mail',
    orderingKey: ({ key }) => key,
  });

  /** A handler that notes each job's start and end, with turns of the event loop between. */
  function recorder() {
    const events: string[] = [];
    const handler = registerJob(orderedJob, async ({ key, n }) => {
      events.push(`start ${key}${n}`);
      for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      events.push(`end ${key}${n}`);
    });
    return { events, handler };
  }

  it('run one at a time in the order queued, while other keys run beside them', async () => {
    for (const [key, n] of [
      ['a', 1],
      ['a', 2],
      ['b', 1],
      ['a', 3],
    ] as const) {
      await queue.enqueue(t.database.db, orderedJob, { key, n });
    }
    const { events, handler } = recorder();
    // a1 ends only once b1 has started: b runs beside a, not behind it (or this never ends).
    const bStarted = gate();
    const gated = registerJob(orderedJob, async (payload, job) => {
      if (payload.key === 'b') bStarted.open();
      if (payload.key === 'a' && payload.n === 1) await bStarted.opened;
      await handler.handler(payload, job);
    });
    const worker = createWorker({ db: t.database.db, clock, jobs: [gated], log });
    expect(await worker.drainOnce()).toBe(4);
    expect(events.filter((event) => event.includes(' a'))).toEqual([
      'start a1',
      'end a1',
      'start a2',
      'end a2',
      'start a3',
      'end a3',
    ]);
  });

  it('keep their order across workers on separate connections', async () => {
    for (let n = 1; n <= 12; n += 1) await queue.enqueue(t.database.db, orderedJob, { key: 'c', n });
    const { events, handler } = recorder();
    const connections = [t.database.openConnection(), t.database.openConnection()];
    try {
      const workers = connections.map((db) => createWorker({ db, clock, jobs: [handler], log }));
      const counts = await Promise.all(workers.map((worker) => worker.drainOnce()));
      expect(counts[0]! + counts[1]!).toBe(12);
    } finally {
      await Promise.all(connections.map((db) => db.destroy()));
    }
    expect(events).toEqual(
      Array.from({ length: 12 }, (_, index) => [`start c${index + 1}`, `end c${index + 1}`]).flat(),
    );
  });

  it('wait while an earlier one waits for its retry, but not behind one given up', async () => {
    const retrying = await queue.enqueue(t.database.db, orderedJob, { key: 'd', n: 1 });
    await queue.enqueue(t.database.db, orderedJob, { key: 'd', n: 2 });
    const later = new Date(clock.now().getTime() + 60_000).toISOString();
    await t.database.db.updateTable('jobs').set({ run_at: later }).where('id', '=', retrying).execute();
    const { events, handler } = recorder();
    const worker = createWorker({ db: t.database.db, clock, jobs: [handler], log });
    expect(await worker.drainOnce()).toBe(0);

    await t.database.db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', retrying).execute();
    expect(await worker.drainOnce()).toBe(1);
    expect(events).toEqual(['start d2', 'end d2']);
  });
});
