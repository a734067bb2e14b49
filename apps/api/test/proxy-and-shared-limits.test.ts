import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app';
import { ManualClock, systemClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { createUser, login, sessionToken } from './identity';
import { logLines } from './log-lines';
import { STAFF_PASSWORD, staffMember } from './staff';

// Each test starts the instances its limits need, on the one database.
const t = useTestApp({ hasApp: false });
const appWith = (env: Record<string, string>) => t.instance({ env });

/** A fresh client address per run, so counters left in Redis by an earlier run never meet this one. */
const freshAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0] ?? 0) % 250}`;

const cms = (app: App, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/cms-entries',
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

describe('client addresses behind a trusted proxy', () => {
  it('counts the address the balancer saw, however the client rotates X-Forwarded-For', async () => {
    const app = await appWith({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '5' });
    const client = freshAddress();
    const statuses: number[] = [];
    for (let call = 0; call < 6; call += 1) {
      // The client writes anything; the balancer (127.0.0.1) appends the address it saw.
      statuses.push((await cms(app, '127.0.0.1', `198.51.100.${call}, ${client}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts a client taking a new IPv6 address of its /64 for each call as one address', async () => {
    const app = await appWith({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '3' });
    const network = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    const statuses: number[] = [];
    for (let call = 1; call <= 4; call += 1)
      statuses.push(
        (await cms(app, '127.0.0.1', `${network}:${call}::${randomBytes(2).toString('hex')}`)).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The next /64 is another client.
    expect(
      (await cms(app, '127.0.0.1', `${network.slice(0, -1)}${network.endsWith('0') ? 1 : 0}::1`)).statusCode,
    ).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const app = await appWith({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '3' });
    const client = freshAddress();
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1)
      statuses.push((await cms(app, client, `198.51.100.${call}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('the global limit across instances (REDIS_URL)', () => {
  it('is one count for the deployment: calls on two instances add up', async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379/3', RATE_LIMIT_PER_MINUTE: '4' };
    const [first, second] = [await appWith(env), await appWith(env)];
    const client = freshAddress();
    const statuses = [
      (await cms(first, client)).statusCode,
      (await cms(second, client)).statusCode,
      (await cms(first, client)).statusCode,
      (await cms(second, client)).statusCode,
      (await cms(first, client)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('serves every call when Redis does not answer, rather than refusing the legitimate user', async () => {
    const app = await appWith({ REDIS_URL: 'redis://127.0.0.1:1/0', RATE_LIMIT_PER_MINUTE: '1' });
    const client = freshAddress();
    expect((await cms(app, client)).statusCode).toBe(200);
    expect((await cms(app, client)).statusCode).toBe(200);
  });

  it('says once that Redis does not answer, not at each reconnection try all the outage long', async () => {
    // A "Redis" that resets every connection: each try of the instance fails, and is counted.
    let tries = 0;
    const refusing = createServer((socket) => {
      tries += 1;
      socket.resetAndDestroy();
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = refusing.address() as AddressInfo;
      const { lines, stream } = logLines();
      const app = await t.instance({
        env: { REDIS_URL: `redis://127.0.0.1:${port}/0`, LOG_LEVEL: 'warn' },
        logTo: stream,
      });
      expect((await cms(app, freshAddress())).statusCode).toBe(200);
      await vi.waitFor(() => expect(tries).toBeGreaterThanOrEqual(4), { timeout: 20_000, interval: 50 });
      expect(lines.filter((line) => line.includes('redis unreachable'))).toHaveLength(1);
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  }, 30_000);
});

describe('many users behind one address (decision 050)', () => {
  it('serves fifty logged-in users polling from one address, and still limits anonymous calls there', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '60' });
    const clock = new ManualClock('2025-03-03T09:00:00Z');
    const users: { id: number; token: string }[] = [];
    for (let index = 0; index < 50; index += 1) {
      const email = `student${index}@example.org`;
      const id = await createUser(t.database, clock, { email });
      users.push({ id, token: (await login(app, email, undefined, `203.0.113.${index}`)).token });
    }
    const shared = freshAddress();
    const poll = (user: { id: number; token: string }) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/users/${user.id}/notifications`,
        remoteAddress: shared,
        headers: { authorization: `Bearer ${user.token}` },
      });
    const statuses = new Set<number>();
    // Three polls each: 150 calls from the one address, far over its 60 a minute.
    for (let round = 0; round < 3; round += 1) {
      for (const user of users) statuses.add((await poll(user)).statusCode);
    }
    expect([...statuses]).toEqual([200]);

    const anonymous: number[] = [];
    for (let call = 0; call < 61; call += 1) anonymous.push((await cms(app, shared)).statusCode);
    expect(anonymous.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(anonymous[60]).toBe(429);
  });

  it('counts one account’s calls together whatever the session, so logging in again buys no extra calls', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '60' });
    const clock = new ManualClock('2025-03-03T09:00:00Z');
    const email = 'many-sessions@example.org';
    const id = await createUser(t.database, clock, { email });
    // Four sessions of the one account, each opened from an address of its own.
    const tokens: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      tokens.push((await login(app, email, undefined, freshAddress())).token);
    }
    const client = freshAddress();
    const statuses: number[] = [];
    for (let call = 0; call < 62; call += 1) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/users/${id}/notifications`,
        remoteAddress: client,
        headers: { authorization: `Bearer ${tokens[call % tokens.length]}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });

  it('counts a session short of its second factor, or expired, against its address: someone with the password alone cannot lock its owner out', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '30' };
    const app = await appWith(env);
    const email = 'password-known@example.org';
    const owner = await staffMember(app, t.database, systemClock, { role: 'evaluator', email }, env);
    const attacker = freshAddress();
    // The password alone opens a session limited to the second factor's calls.
    const { token: pending } = await login(app, email, STAFF_PASSWORD, attacker);
    // A token of one of the owner's sessions that has expired (kept a day after its expiry).
    const expired = await sessionToken(t.database, new ManualClock('2025-03-03T09:00:00Z'), owner.id);
    const flood: number[] = [];
    for (let call = 0; call < 40; call += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/countries',
        remoteAddress: attacker,
        headers: { authorization: `Bearer ${call % 2 === 0 ? pending : expired}` },
      });
      flood.push(response.statusCode);
    }
    // Limited at the attacker's address: the tokens buy no calls there.
    expect(flood.at(-1)).toBe(429);
    // The owner, logged in with both factors, from their own address.
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      remoteAddress: freshAddress(),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('counts made-up tokens against their address, so they buy no extra calls', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '1000' });
    const client = freshAddress();
    const statuses: number[] = [];
    for (let call = 0; call < 121; call += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        remoteAddress: client,
        headers: { authorization: `Bearer ${randomBytes(32).toString('base64url').slice(0, 43)}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 401)).toBe(true);
    expect(statuses[120]).toBe(429);
  });

  it('counts unknown and malformed tokens on public routes against their address like no token', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '60' });
    const client = freshAddress();
    const statuses: number[] = [];
    for (let call = 0; call < 62; call += 1) {
      const token =
        call % 2 === 0 ? randomBytes(32).toString('base64url').slice(0, 43) : `x${call}.not-a-token`;
      const response = await app.inject({
        method: 'GET',
        url: call % 3 === 0 ? '/api/v1/countries' : '/api/v1/verify/LSB-0000-0000',
        remoteAddress: client,
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).includes(429)).toBe(false);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});
