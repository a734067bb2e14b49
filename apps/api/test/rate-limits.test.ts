import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { AppError } from '../src/platform/errors';
import { createRateLimiter } from '../src/platform/rate-limit/limiter';
import { useTestApp } from './helper';
import { bearer, createUser, enableTwoFactor, login, PASSWORD } from './identity';
import { logLines } from './log-lines';

const clock = new ManualClock();
const log = logLines<{ msg: string; userId?: unknown; address?: unknown }>();
const t = useTestApp({ clock, env: { LOG_LEVEL: 'warn' }, logTo: log.stream });
beforeAll(async () => {
  for (const email of [
    'victim@example.org',
    'neighbour@example.org',
    'spread@example.org',
    'otp@example.org',
    'burst@example.org',
    'otp-burst@example.org',
  ]) {
    await createUser(t.database, clock, { email });
  }
});

const ATTACKER = '203.0.113.66';
const VICTIM = '198.51.100.10';
const failLogin = (email: string, address: string) => login(t.app, email, 'Wrong#Guess123', address);
const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress, headers });

function expectLimited(response: Awaited<ReturnType<App['inject']>>, maxSeconds: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    code: 'RATE_LIMITED',
    message: 'Too many attempts. Please wait and try again.',
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('login limits', () => {
  it('stops an address after 5 failures on one account, with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await failLogin('victim@example.org', ATTACKER)).response.statusCode).toBe(401);
    expectLimited((await failLogin('victim@example.org', ATTACKER)).response, 15 * 60);
    expectLimited((await login(t.app, 'victim@example.org', PASSWORD, ATTACKER)).response, 15 * 60);
  });

  it('checks no more than 5 wrong passwords for one account at one address sent all at once: the rest are refused before their hash', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => failLogin('burst@example.org', '203.0.113.67')),
    );
    const statuses = answers.map(({ response }) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expectLimited((await login(t.app, 'burst@example.org', PASSWORD, '203.0.113.67')).response, 15 * 60);
    expect((await login(t.app, 'burst@example.org', PASSWORD, VICTIM)).response.statusCode).toBe(200);
  });

  it('does not block another account from that address, nor the victim from their own', async () => {
    expect((await login(t.app, 'neighbour@example.org', PASSWORD, ATTACKER)).response.statusCode).toBe(200);
    expect((await login(t.app, 'victim@example.org', PASSWORD, VICTIM)).response.statusCode).toBe(200);
  });

  it('lifts the limit when its window has passed: no lock is permanent', async () => {
    clock.advance({ minutes: 16 });
    expect((await login(t.app, 'victim@example.org', PASSWORD, ATTACKER)).response.statusCode).toBe(200);
  });

  it('never refuses the right password from an address where the account logged in before (decision 047)', async () => {
    // The victim has logged in from home before the attack.
    expect((await login(t.app, 'spread@example.org', PASSWORD, VICTIM)).response.statusCode).toBe(200);
    // Thirty wrong passwords from seven addresses: the account is past its account-wide limit.
    for (let i = 0; i < 30; i += 1) await failLogin('spread@example.org', `203.0.113.${100 + (i % 7)}`);
    // From home, the right password still opens, again and again.
    for (let i = 0; i < 3; i += 1)
      expect((await login(t.app, 'spread@example.org', PASSWORD, VICTIM)).response.statusCode).toBe(200);
    // A wrong one from home still counts at home: five, then 429 there too.
    for (let i = 0; i < 5; i += 1)
      expect((await failLogin('spread@example.org', VICTIM)).response.statusCode).toBe(401);
    expectLimited((await login(t.app, 'spread@example.org', PASSWORD, VICTIM)).response, 15 * 60);
  });

  it('slows an account attacked from many addresses at addresses it does not know, briefly, in Italian', async () => {
    const roamingId = await createUser(t.database, clock, { email: 'roaming@example.org' });
    for (let i = 0; i < 30; i += 1) await failLogin('roaming@example.org', `203.0.113.${100 + (i % 7)}`);
    const unknownAddress = '192.0.2.77';
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'roaming@example.org', password: PASSWORD },
      remoteAddress: unknownAddress,
      headers: { 'accept-language': 'it-IT' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Troppi tentativi. Attendi e riprova.' });
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Operators are told which account is under attack: by its id, never its email.
    const warning = log
      .entries()
      .find(
        (entry) =>
          entry.msg.startsWith('an account past its failed-login limit') && entry.address === unknownAddress,
      );
    expect(warning?.userId).toBe(roamingId);
    expect(log.lines.filter((line) => line.includes('roaming@example.org'))).toEqual([]);
    // Another account is not touched at that address.
    expect((await login(t.app, 'neighbour@example.org', PASSWORD, unknownAddress)).response.statusCode).toBe(
      200,
    );
    clock.advance({ minutes: 15 });
    expect((await login(t.app, 'roaming@example.org', PASSWORD, unknownAddress)).response.statusCode).toBe(
      200,
    );
  });

  it('counts the addresses of one IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    await createUser(t.database, clock, { email: 'ipv6@example.org' });
    // Five wrong passwords, each from a new address of one /64: the sixth address there is refused.
    for (let i = 1; i <= 5; i += 1)
      expect((await failLogin('ipv6@example.org', `2001:db8:66:1::${i}`)).response.statusCode).toBe(401);
    expectLimited(
      (await login(t.app, 'ipv6@example.org', PASSWORD, '2001:db8:66:1:ffff::9')).response,
      15 * 60,
    );
    // The next /64 is another address.
    expect((await login(t.app, 'ipv6@example.org', PASSWORD, '2001:db8:66:2::1')).response.statusCode).toBe(
      200,
    );
    // An IPv4 address and the same address mapped into IPv6 share one count.
    for (let i = 0; i < 5; i += 1)
      await failLogin('ipv6@example.org', i % 2 ? '203.0.113.90' : '::ffff:203.0.113.90');
    expectLimited((await login(t.app, 'ipv6@example.org', PASSWORD, '203.0.113.90')).response, 15 * 60);
  });

  it('forgets a known address after 90 days', async () => {
    await createUser(t.database, clock, { email: 'seldom@example.org' });
    const home = '198.51.100.44';
    expect((await login(t.app, 'seldom@example.org', PASSWORD, home)).response.statusCode).toBe(200);
    clock.advance({ days: 91 });
    for (let i = 0; i < 30; i += 1) await failLogin('seldom@example.org', `203.0.113.${150 + (i % 7)}`);
    expect((await login(t.app, 'seldom@example.org', PASSWORD, home)).response.statusCode).toBe(429);
  });
});

describe('mail-sending calls', () => {
  const registration = (email: string) => ({
    email,
    first_name: 'Ada',
    last_name: 'Lovelace',
    birth_date: '1990-12-10',
    accept_terms: true,
  });

  it('answers past the per-email limit (3 an hour) as before it, queueing no more mail, for every email', async () => {
    const identityRequests = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('name', '=', 'identity-request')
            .executeTakeFirstOrThrow()
        ).count,
      );
    // The file's other tests queue theirs too, before this one or after it, shuffled, and ask for
    // the victim's link: a known account of its own, whose per-email limit nothing else uses.
    await createUser(t.database, clock, { email: 'inbox@example.org' });
    const before = await identityRequests();
    for (const [url, payload] of [
      ['/auth/register', registration('flood@example.org')],
      ['/auth/activation/resend', { email: 'flood@example.org' }],
      ['/auth/forgot-password', { email: 'inbox@example.org' }],
      ['/auth/forgot-password', { email: 'nobody@example.org' }],
    ] as const) {
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await post(url, payload, `192.0.2.${i}`));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(202);
        expect(answer.json()).toEqual(answers[0]?.json());
      }
    }
    // The fourth registration is queued without its mail; the fourth resend and forgot are not queued.
    expect((await identityRequests()) - before).toBe(4 + 3 + 3 + 3);
    expect((await post('/auth/register', registration('calm@example.org'), '192.0.2.9')).statusCode).toBe(
      202,
    );
  });

  it('keeps forgot-password and resend open at a shared address past twenty calls, up to LINK_REQUESTS_PER_ADDRESS (100), known and unknown emails alike', async () => {
    const university = '198.51.100.140';
    const identityRequests = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('name', '=', 'identity-request')
            .executeTakeFirstOrThrow()
        ).count,
      );
    for (const url of ['/auth/forgot-password', '/auth/activation/resend']) {
      const before = await identityRequests();
      // Twenty-five made-up calls, then the shared address's real users, up to the hundredth call.
      for (let i = 0; i < 25; i += 1)
        expect((await post(url, { email: `made-up${i}@example.org` }, university)).statusCode).toBe(202);
      // Accounts of this file whose per-email limit no earlier test used.
      const known = ['neighbour@example.org', 'spread@example.org', 'otp@example.org'];
      for (let i = 0; i < 71; i += 1) {
        const email = known[i] ?? `student${i}@example.org`;
        expect((await post(url, { email }, university)).statusCode).toBe(202);
      }
      // The per-email limit still protects a mailbox: its fourth call there is answered, not queued.
      for (let i = 0; i < 4; i += 1)
        expect((await post(url, { email: 'one-inbox@example.org' }, university)).statusCode).toBe(202);
      expect((await identityRequests()) - before).toBe(25 + 71 + 3);
      // The 101st call of the hour from the address is refused, for any email; another address is not.
      expectLimited(await post(url, { email: 'victim@example.org' }, university), 3600);
      expect((await post(url, { email: 'victim@example.org' }, '198.51.100.141')).statusCode).toBe(202);
    }
    // Registration keeps its own count there.
    expect((await post('/auth/register', registration('newcomer@example.org'), university)).statusCode).toBe(
      202,
    );
  });

  it('keeps registering open at a shared address after twenty made-up registrations, up to REGISTRATIONS_PER_ADDRESS (100)', async () => {
    const centre = '198.51.100.130';
    for (let i = 0; i < 20; i += 1)
      expect((await post('/auth/register', registration(`made-up${i}@example.org`), centre)).statusCode).toBe(
        202,
      );
    // A resident registers from the centre, as do the next ones up to the hundredth.
    for (let i = 0; i < 80; i += 1)
      expect(
        (await post('/auth/register', registration(`resident${i}@example.org`), centre)).statusCode,
      ).toBe(202);
    expectLimited(await post('/auth/register', registration('one-more@example.org'), centre), 3600);
    // The other mail calls keep their own count there.
    expect((await post('/auth/forgot-password', { email: 'victim@example.org' }, centre)).statusCode).toBe(
      202,
    );
  });

  it('counts wrong activation and reset tokens per address', async () => {
    const payload = { token: 'z'.repeat(43), password: PASSWORD, password_confirmation: PASSWORD };
    for (let i = 0; i < 20; i += 1)
      expect((await post('/auth/activate', payload, '192.0.2.77')).statusCode).toBe(404);
    expectLimited(await post('/auth/reset-password', payload, '192.0.2.77'), 15 * 60);
    expect((await post('/auth/reset-password', payload, '192.0.2.78')).statusCode).toBe(404);
  });
});

describe('a configured limit on link requests (LINK_REQUESTS_PER_ADDRESS)', () => {
  const limited = useTestApp({ clock, env: { LOG_LEVEL: 'warn', LINK_REQUESTS_PER_ADDRESS: '5' } });
  const postThere = (url: string, email: string, remoteAddress: string) =>
    limited.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: { email }, remoteAddress });

  it('refuses forgot-password and resend past the configured number an hour from one address, each counted apart', async () => {
    for (const url of ['/auth/forgot-password', '/auth/activation/resend']) {
      for (let i = 0; i < 5; i += 1)
        expect((await postThere(url, `someone${i}@example.org`, '192.0.2.200')).statusCode).toBe(202);
      expectLimited(await postThere(url, 'someone-else@example.org', '192.0.2.200'), 3600);
      expect((await postThere(url, 'someone-else@example.org', '192.0.2.201')).statusCode).toBe(202);
    }
  });
});

describe('second-factor limits', () => {
  it('stops wrong codes after 5 from one address, not the same account from another', async () => {
    await enableTwoFactor(t.app, (await login(t.app, 'otp@example.org')).token, clock);
    const attacker = await login(t.app, 'otp@example.org', PASSWORD, ATTACKER);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post('/auth/2fa', { code: '000000' }, ATTACKER, bearer(attacker.token));
      expect(wrong.statusCode).toBe(422);
    }
    expectLimited(await post('/auth/2fa', { code: '000000' }, ATTACKER, bearer(attacker.token)), 15 * 60);
    const owner = await login(t.app, 'otp@example.org', PASSWORD, VICTIM);
    expect((await post('/auth/2fa', { code: '000000' }, VICTIM, bearer(owner.token))).statusCode).toBe(422);
  });

  it('checks no more than 5 wrong codes for one account at one address sent all at once: the rest are refused', async () => {
    await enableTwoFactor(t.app, (await login(t.app, 'otp-burst@example.org')).token, clock);
    const attacker = await login(t.app, 'otp-burst@example.org', PASSWORD, '203.0.113.68');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/auth/2fa', { code: '000000' }, '203.0.113.68', bearer(attacker.token)),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const owner = await login(t.app, 'otp-burst@example.org', PASSWORD, VICTIM);
    expect((await post('/auth/2fa', { code: '000000' }, VICTIM, bearer(owner.token))).statusCode).toBe(422);
  });
});

describe('a budget of things made (limiter.spend)', () => {
  it('gives back the hit of a call refused in the window it was counted in, never a later window’s', async () => {
    const limiter = createRateLimiter({ db: t.database.db, clock });
    const bucket = { rule: { name: 'test:spend', limit: 2, windowSeconds: 60 }, subject: 'someone' };
    const refused = () => Promise.reject(new AppError('CONFLICT', { message: 'refused' }));
    await expect(limiter.spend([bucket], refused)).rejects.toThrow('refused');
    expect(await limiter.count(bucket)).toBe(0);
    expect(await limiter.spend([bucket], async () => 'made')).toBe('made');
    // Refused once the window turned, after a call of the next window was made.
    await expect(
      limiter.spend([bucket], async () => {
        clock.advance({ seconds: 61 });
        await limiter.spend([bucket], async () => 'made');
        return refused();
      }),
    ).rejects.toThrow('refused');
    expect(await limiter.count(bucket)).toBe(1);
    await limiter.spend([bucket], async () => 'made');
    // Past the limit: 429, and the refusal counts nothing either.
    await expect(limiter.spend([bucket], async () => 'made')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await limiter.count(bucket)).toBe(2);
  });

  it('gives back the hit of a call that failed on our side (a 500) before its thing was written, and keeps the hit of one that failed once it was being committed', async () => {
    const limiter = createRateLimiter({ db: t.database.db, clock });
    const bucket = { rule: { name: 'test:spend-failed', limit: 2, windowSeconds: 60 }, subject: 'someone' };
    // Nothing made: the database lost before the write, a library that threw, a 503 of a store.
    const lost = () => Promise.reject(new Error('the connection ended before the insert'));
    const unavailable = Object.assign(new Error('the store is away'), { statusCode: 503 });
    for (let call = 0; call < 3; call += 1) {
      await expect(limiter.spend([bucket], lost)).rejects.toThrow('before the insert');
      await expect(
        limiter.spend([bucket], () => Promise.reject(new AppError('api_error'))),
      ).rejects.toThrow();
      await expect(limiter.spend([bucket], () => Promise.reject(unavailable))).rejects.toThrow('away');
    }
    expect(await limiter.count(bucket)).toBe(0);
    // Failed once written, as its commit went out: the thing may stand, so its hit stays.
    const failedCommitting = (committing: () => void) => {
      committing();
      return Promise.reject(new Error('the connection ended during the commit'));
    };
    await expect(limiter.spend([bucket], failedCommitting)).rejects.toThrow('during the commit');
    expect(await limiter.count(bucket)).toBe(1);
    const refusedCommitting = (committing: () => void) => {
      committing();
      return Promise.reject(new AppError('CONFLICT'));
    };
    await expect(limiter.spend([bucket], refusedCommitting)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await limiter.count(bucket)).toBe(2);
    await expect(limiter.spend([bucket], async () => 'made')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await limiter.count(bucket)).toBe(2);
  });
});

describe('a refusal, as the error handler tells one (limiter.spend)', () => {
  it('gives back the hit of a call refused by any error answered below 500, an AppError or not', async () => {
    const limiter = createRateLimiter({ db: t.database.db, clock });
    const bucket = { rule: { name: 'test:spend-refusal', limit: 2, windowSeconds: 60 }, subject: 'someone' };
    const tooLarge = Object.assign(new Error('the file is too large'), { statusCode: 413 });
    await expect(limiter.spend([bucket], () => Promise.reject(tooLarge))).rejects.toThrow('too large');
    expect(await limiter.count(bucket)).toBe(0);
  });
});

describe('an attempt counted before its check (limiter.reserve, refund)', () => {
  it('takes a refunded attempt back from the window it was counted in, never from a later window’s hit', async () => {
    const limiter = createRateLimiter({ db: t.database.db, clock });
    const bucket = { rule: { name: 'test:reserve', limit: 2, windowSeconds: 60 }, subject: 'someone' };
    const reservation = await limiter.reserve([bucket]);
    clock.advance({ seconds: 61 });
    await limiter.hit([bucket]);
    await limiter.refund(reservation);
    expect(await limiter.count(bucket)).toBe(1);
  });

  it('counts nothing of an attempt refused past the limit, and refunds within the window', async () => {
    const limiter = createRateLimiter({ db: t.database.db, clock });
    const bucket = { rule: { name: 'test:reserve-full', limit: 2, windowSeconds: 60 }, subject: 'someone' };
    const first = await limiter.reserve([bucket]);
    await limiter.reserve([bucket]);
    await expect(limiter.reserve([bucket])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await limiter.count(bucket)).toBe(2);
    await limiter.refund(first);
    expect(await limiter.count(bucket)).toBe(1);
  });
});
