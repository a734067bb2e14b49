import pino from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../src/context';
import { checkCountedPassword, type CountedPasswordAttempt } from '../src/modules/auth/service';
import { ManualClock } from '../src/platform/clock';
import {
  createPasswordWork,
  PASSWORD_CHECKS_PER_ADDRESS,
  PASSWORD_HASHES_AT_ONCE,
  PASSWORD_HASHES_WAITING,
  passwordWork,
} from '../src/platform/passwords';
import { useTestApp } from './helper';
import { logLines } from './log-lines';
import { bearer, createUser, login, NEW_PASSWORD, PASSWORD } from './identity';

// Decision 047: the argon2id hashes of an instance run a few at a time, the rest wait in a bounded
// queue, and past it a call is refused (429 with Retry-After) and counts nothing against the owner.

const clock = new ManualClock();
const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
const t = useTestApp({ clock, env: { METRICS_TOKEN } });
beforeAll(async () => {
  for (const email of [
    'busy@example.org',
    'queued@example.org',
    'changer@example.org',
    'crowd@example.org',
    'crowd-too@example.org',
    'crowd-neighbour@example.org',
    'elsewhere@example.org',
  ]) {
    await createUser(t.database, clock, { email });
  }
});

/** The value of one series of the instance's scrape. */
async function sampleOf(series: string): Promise<number | undefined> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = answer.body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

type Outcome<T> = { value: T } | { error: unknown };
const settle = <T>(promise: Promise<T>): Promise<Outcome<T>> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/** Takes `count` places of the process's password work until the answer is called. */
function holdPasswordWork(count: number): () => Promise<void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: count }, () => settle(passwordWork.run(() => gate)));
  return async () => {
    release();
    await Promise.all(held);
  };
}

const busy = {
  code: 'PASSWORD_CHECKS_BUSY',
  statusCode: 429,
  headers: { 'retry-after': '5' },
};

describe('the password hashes of one instance (createPasswordWork)', () => {
  it('runs two at a time, queues three in order, refuses the others with 429 and Retry-After, and runs the queued ones as places free', async () => {
    const work = createPasswordWork({ atOnce: 2, waiting: 3 });
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const hash = (n: number) => () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      return new Promise<number>((resolve) =>
        finish.push(() => {
          running -= 1;
          resolve(n);
        }),
      );
    };
    const calls = Array.from({ length: 7 }, (_, n) => settle(work.run(hash(n))));
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    expect(work.running).toBe(2);
    expect(work.waiting).toBe(3);
    for (const refused of await Promise.all(calls.slice(5))) {
      expect(refused).toMatchObject({ error: busy });
    }
    expect(work.refused).toBe(2);
    // Each hash that ends lets the next one waiting start, never more than two at once.
    for (let done = 0; done < 5; done += 1) {
      finish.shift()!();
      await vi.waitFor(() => expect(started).toHaveLength(Math.min(5, done + 3)));
    }
    expect(await Promise.all(calls.slice(0, 5))).toEqual([0, 1, 2, 3, 4].map((value) => ({ value })));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(work.running + work.waiting).toBe(0);
  });

  it('lets one address have three checks running or waiting: its fourth is refused, before it is counted, while other addresses still get in', async () => {
    const work = createPasswordWork({ atOnce: 2, waiting: 10, perAddress: 3 });
    const finish: (() => void)[] = [];
    const hash = () => new Promise<void>((resolve) => finish.push(resolve));
    const crowd = Array.from({ length: 5 }, () => settle(work.run(hash, '203.0.113.90')));
    for (const refused of await Promise.all(crowd.slice(3))) expect(refused).toMatchObject({ error: busy });
    expect(work.heldBy('203.0.113.90')).toBe(3);
    expect(() => work.assertRoom('203.0.113.90')).toThrow(expect.objectContaining(busy));
    expect(work.refused).toBe(3);
    // Another address: room, in the same queue.
    expect(() => work.assertRoom('198.51.100.91')).not.toThrow();
    const other = settle(work.run(hash, '198.51.100.91'));
    expect(work.running + work.waiting).toBe(4);
    expect(work.heldBy('198.51.100.91')).toBe(1);
    // A check of the crowded address that ends makes room for one more of it.
    finish.shift()!();
    await vi.waitFor(() => expect(work.heldBy('203.0.113.90')).toBe(2));
    const next = settle(work.run(hash, '203.0.113.90'));
    expect(work.heldBy('203.0.113.90')).toBe(3);
    for (let left = 4; left > 0; left -= 1) {
      await vi.waitFor(() => expect(finish.length).toBeGreaterThan(0));
      finish.shift()!();
    }
    expect(await Promise.all([...crowd.slice(0, 3), other, next])).toEqual(
      Array.from({ length: 5 }, () => ({ value: undefined })),
    );
    expect(work.heldBy('203.0.113.90') + work.heldBy('198.51.100.91')).toBe(0);
  });
});

describe('a password check the instance has no room for', () => {
  it('answers 429 PASSWORD_CHECKS_BUSY in the caller’s language with Retry-After, and takes no attempt from the owner', async () => {
    const release = holdPasswordWork(PASSWORD_HASHES_AT_ONCE + PASSWORD_HASHES_WAITING);
    try {
      const english = await login(t.app, 'busy@example.org', PASSWORD, '203.0.113.80');
      expect(english.response.statusCode).toBe(429);
      expect(english.response.headers['retry-after']).toBe('5');
      expect(english.response.json()).toEqual({
        code: 'PASSWORD_CHECKS_BUSY',
        message:
          'Many people are logging in right now: your password could not be processed, nothing was changed and this attempt does not count. Please try again in a few seconds.',
      });
      const italian = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { email: 'busy@example.org', password: PASSWORD },
        headers: { 'accept-language': 'it-IT' },
        remoteAddress: '203.0.113.80',
      });
      expect(italian.statusCode).toBe(429);
      expect(italian.json<{ message: string }>().message).toBe(
        'In questo momento molte persone stanno accedendo: la tua password non è stata elaborata, non è cambiato nulla e questo tentativo non conta. Riprova tra qualche secondo.',
      );
      // The operator sees it: every place taken, the queue full, the refusals counted.
      expect(await sampleOf('lisbon_password_hashes{state="running"}')).toBe(PASSWORD_HASHES_AT_ONCE);
      expect(await sampleOf('lisbon_password_hashes{state="waiting"}')).toBe(PASSWORD_HASHES_WAITING);
      expect(await sampleOf('lisbon_password_hashes_refused_total')).toBeGreaterThanOrEqual(2);
      // More refusals than the five attempts an account has at an address: none of them counted.
      for (let i = 0; i < 6; i += 1) {
        const refused = await login(t.app, 'busy@example.org', 'Wrong#Guess123', '203.0.113.80');
        expect(refused.response.json()).toMatchObject({ code: 'PASSWORD_CHECKS_BUSY' });
      }
    } finally {
      await release();
    }
    // Five wrong passwords are still five attempts; then the owner's right one gets in.
    for (let i = 0; i < 4; i += 1) {
      const wrong = await login(t.app, 'busy@example.org', 'Wrong#Guess123', '203.0.113.80');
      expect(wrong.response.statusCode).toBe(401);
    }
    expect((await login(t.app, 'busy@example.org', PASSWORD, '203.0.113.80')).response.statusCode).toBe(200);
  });

  it('gives back the count of a password change whose current password could not be checked', async () => {
    const { token } = await login(t.app, 'changer@example.org', PASSWORD, '203.0.113.81');
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/update-password',
        payload: { current_password: current, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        headers: bearer(token),
        remoteAddress: '203.0.113.81',
      });
    const release = holdPasswordWork(PASSWORD_HASHES_AT_ONCE + PASSWORD_HASHES_WAITING);
    try {
      for (let i = 0; i < 6; i += 1) {
        const refused = await change(PASSWORD);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'PASSWORD_CHECKS_BUSY' });
      }
    } finally {
      await release();
    }
    expect((await change(PASSWORD)).statusCode).toBe(200);
  });

  it(`checks at most ${PASSWORD_CHECKS_PER_ADDRESS} passwords of one address at once: the others get 429 PASSWORD_CHECKS_BUSY and count nothing, other addresses wait their turn, and every right password gets in`, async () => {
    const release = holdPasswordWork(PASSWORD_HASHES_AT_ONCE);
    // Two accounts, as one account's attempts at an address are five at a time already (counted first).
    const crowd = Array.from({ length: PASSWORD_CHECKS_PER_ADDRESS }, (_, n) =>
      login(t.app, n % 2 ? 'crowd@example.org' : 'crowd-too@example.org', PASSWORD, '203.0.113.90'),
    );
    let elsewhere: ReturnType<typeof login> | undefined;
    try {
      await vi.waitFor(() => expect(passwordWork.waiting).toBe(PASSWORD_CHECKS_PER_ADDRESS));
      expect(passwordWork.heldBy('203.0.113.90')).toBe(PASSWORD_CHECKS_PER_ADDRESS);
      // More than the five an account has at an address, all refused at once, none checked or counted.
      const refused: Awaited<ReturnType<typeof login>>[] = [];
      for (let i = 0; i < 6; i += 1) {
        void login(t.app, 'crowd-neighbour@example.org', 'Wrong#Guess123', '203.0.113.90').then((answer) =>
          refused.push(answer),
        );
      }
      await vi.waitFor(() => expect(refused).toHaveLength(6));
      for (const { response } of refused) {
        expect(response.statusCode).toBe(429);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toMatchObject({ code: 'PASSWORD_CHECKS_BUSY' });
      }
      expect(passwordWork.waiting).toBe(PASSWORD_CHECKS_PER_ADDRESS);
      // Another address is not refused: it waits in the instance's queue.
      elsewhere = login(t.app, 'elsewhere@example.org', PASSWORD, '198.51.100.91');
      await vi.waitFor(() => expect(passwordWork.waiting).toBe(PASSWORD_CHECKS_PER_ADDRESS + 1));
    } finally {
      await release();
    }
    for (const { response } of await Promise.all(crowd)) expect(response.statusCode).toBe(200);
    expect((await elsewhere).response.statusCode).toBe(200);
    expect(passwordWork.heldBy('203.0.113.90')).toBe(0);
    // The refused ones counted nothing: five wrong passwords are still five attempts, then the right one.
    for (let i = 0; i < 4; i += 1) {
      const wrong = await login(t.app, 'crowd-neighbour@example.org', 'Wrong#Guess123', '203.0.113.90');
      expect(wrong.response.statusCode).toBe(401);
    }
    expect(
      (await login(t.app, 'crowd-neighbour@example.org', PASSWORD, '203.0.113.90')).response.statusCode,
    ).toBe(200);
  });

  it('answers 429 PASSWORD_CHECKS_BUSY, not the database’s error, when the count cannot be given back either, and tells the operator without the email or the password', async () => {
    const warnings = logLines<{ msg: string; userId?: unknown; address?: unknown; error?: unknown }>();
    const attempt: CountedPasswordAttempt = {
      email: 'refund@example.org',
      userId: 42,
      address: '203.0.113.83',
      counted: [],
      reservations: [],
      log: pino(warnings.stream),
    };
    const lostDatabase = Object.assign(new Error('connection to 10.0.0.5 lost: refund@example.org'), {
      code: 'ECONNRESET',
    });
    const ctx = {
      limiter: { refund: () => Promise.reject(lostDatabase) },
    } as unknown as AppContext;
    const release = holdPasswordWork(PASSWORD_HASHES_AT_ONCE + PASSWORD_HASHES_WAITING);
    try {
      await expect(checkCountedPassword(ctx, attempt, null, PASSWORD)).rejects.toMatchObject(busy);
    } finally {
      await release();
    }
    expect(warnings.entries()).toMatchObject([
      {
        msg: 'a password attempt not checked could not be given back: it stays counted',
        userId: 42,
        address: '203.0.113.83',
        error: { name: 'Error', code: 'ECONNRESET' },
      },
    ]);
    expect(warnings.lines.join('\n')).not.toMatch(/refund@example\.org|Quiet#Harbour42/);
  });

  it('lets a login wait its turn while every hash place is taken, and answers it once one frees', async () => {
    const release = holdPasswordWork(PASSWORD_HASHES_AT_ONCE);
    let answered = false;
    const pending = login(t.app, 'queued@example.org', PASSWORD, '203.0.113.82').finally(() => {
      answered = true;
    });
    try {
      await vi.waitFor(() => expect(passwordWork.waiting).toBe(1));
      expect(answered).toBe(false);
    } finally {
      await release();
    }
    expect((await pending).response.statusCode).toBe(200);
    expect(passwordWork.running + passwordWork.waiting).toBe(0);
  });
});
