import { ABILITIES, sessionSchema, userSchema } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { logoutEverywhere } from '../src/modules/auth/logout-everywhere.service';
import { resolveSession } from '../src/modules/sessions/service';
import { ManualClock } from '../src/platform/clock';
import { sha256 } from '../src/platform/crypto';
import { useTestApp } from './helper';
import { bearer, contextFor, createUser, login, PASSWORD } from './identity';

const clock = new ManualClock();
const t = useTestApp({ clock, env: { SESSION_TTL_MINUTES: '60' } });
beforeAll(async () => {
  await createUser(t.database, clock, { email: 'ada@example.org' });
  await createUser(t.database, clock, { email: 'inactive@example.org', isActive: false });
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

describe('POST /auth', () => {
  it('answers an opaque 256-bit token, its expiry and the user id', async () => {
    const { response, session } = await login(t.app, 'Ada@Example.org ');
    expect(response.statusCode).toBe(200);
    expect(sessionSchema.parse(session)).toEqual(session);
    expect(session.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.two_factor_required).toBe(false);
    expect(session.expires_at).toBe(new Date(clock.now().getTime() + 60 * 60_000).toISOString());
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = await login(t.app, 'ada@example.org');
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers 401 INVALID_CREDENTIALS alike for a wrong password, an unknown email and an inactive account', async () => {
    const answers = await Promise.all([
      login(t.app, 'ada@example.org', 'Wrong#Password1'),
      login(t.app, 'nobody@example.org', PASSWORD),
      login(t.app, 'inactive@example.org', PASSWORD),
    ]);
    for (const { response } of answers) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
    }
  });
});

describe('GET /auth/me', () => {
  it('answers the profile with the full abilities map of the role', async () => {
    const { token, session } = await login(t.app, 'ada@example.org');
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    const user = userSchema.parse(response.json<{ data: unknown }>().data);
    expect(user).toMatchObject({ id: session.user_id, email: 'ada@example.org', role: 'applicant' });
    expect(Object.keys(user.abilities).sort()).toEqual([...ABILITIES].sort());
    expect(user.abilities['practice.apply']).toBe(true);
    expect(user.abilities['staff.workspace']).toBe(false);
    expect(JSON.stringify(response.json())).not.toMatch(/password|secret/);
  });

  it('answers 401 UNAUTHORIZED_ACCESS without a token or with an unknown one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    const unknown = await me('A'.repeat(43));
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: 'Basic xyz' },
    });
    for (const response of [none, unknown, malformed]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED_ACCESS', message: 'Please log in to continue.' });
    }
  });
});

describe('the Authorization header', () => {
  it('takes the bearer scheme in any case and with more than one space (RFC 9110 §11.1)', async () => {
    const { token } = await login(t.app, 'ada@example.org');
    for (const header of [`bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: header },
      });
      expect(response.statusCode, header).toBe(200);
    }
  });
});

describe('sliding expiry', () => {
  it('extends the session on every authenticated call and on /auth/refresh', async () => {
    const { token, session } = await login(t.app, 'ada@example.org');
    clock.advance({ minutes: 50 });
    expect((await me(token)).statusCode).toBe(200);
    clock.advance({ minutes: 50 });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: bearer(token),
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toEqual({
      data: {
        expires_at: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
        user_id: session.user_id,
      },
    });
    clock.advance({ minutes: 59 });
    expect((await me(token)).statusCode).toBe(200);
  });

  it('answers 401 TOKEN_EXPIRED once the session has been idle longer than its lifetime', async () => {
    const { token } = await login(t.app, 'ada@example.org');
    clock.advance({ minutes: 61 });
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: bearer(token),
    });
    expect(refresh.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});

describe('session lifetimes', () => {
  it('ends an active session at its absolute lifetime (12 hours by default), however often it is used', async () => {
    const { token, session } = await login(t.app, 'ada@example.org');
    const loginAt = clock.now().getTime();
    for (let minutes = 30; minutes < 12 * 60; minutes += 30) {
      clock.advance({ minutes: 30 });
      expect((await me(token)).statusCode).toBe(200);
    }
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: bearer(token),
    });
    expect(refresh.json()).toEqual({
      data: { expires_at: new Date(loginAt + 12 * 3600_000).toISOString(), user_id: session.user_id },
    });
    clock.advance({ minutes: 30 });
    expect((await me(token)).json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('writes the sliding expiry only once it would move by a tenth of the idle lifetime', async () => {
    const { token, session } = await login(t.app, 'ada@example.org');
    const stored = () =>
      t.database.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('user_id', '=', session.user_id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const first = await stored();
    // The poll of every page, every 10 s for five minutes: nothing written (the default hour / 10 = 6 min).
    for (let poll = 0; poll < 30; poll += 1) {
      clock.advance({ seconds: 10 });
      expect((await me(token)).statusCode).toBe(200);
    }
    expect(await stored()).toEqual(first);
    clock.advance({ seconds: 61 });
    expect((await me(token)).statusCode).toBe(200);
    expect(Date.parse((await stored()).expires_at)).toBe(clock.now().getTime() + 3600_000);
  });

  it('slides a one-minute session on every call, so an active user keeps it', async () => {
    const shortApp = await t.instance({ env: { SESSION_TTL_MINUTES: '1' } });
    const { token } = await login(shortApp, 'ada@example.org');
    for (let step = 0; step < 6; step += 1) {
      clock.advance({ seconds: 30 });
      const response = await shortApp.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
    }
    clock.advance({ seconds: 61 });
    const idle = await shortApp.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(idle.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session and records the route and the cause', async () => {
    const { token, session } = await login(t.app, 'ada@example.org');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
      payload: { route: '/practices/12', cause: 'user' },
    });
    expect(response.statusCode).toBe(204);
    expect((await me(token)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    const event = await t.database.db
      .selectFrom('auth_events')
      .select(['route', 'cause'])
      .where('user_id', '=', session.user_id)
      .where('kind', '=', 'logout')
      // This logout's: the file's other tests log the same account out too, before it or after.
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ route: '/practices/12', cause: 'user' });
  });

  it('records a session a new login in the same browser replaced', async () => {
    const { token, session } = await login(t.app, 'ada@example.org');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
      payload: { cause: 'replaced' },
    });
    expect(response.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    const event = await t.database.db
      .selectFrom('auth_events')
      .select(['route', 'cause'])
      .where('user_id', '=', session.user_id)
      .where('kind', '=', 'logout')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ route: null, cause: 'replaced' });
  });

  it('records a route on a link token’s page without the token (decision 083)', async () => {
    const secret = 'Qw7eRt9yUi2oPa4sDf6gHj8kLz1xCv3bNm5QwErTy0u';
    for (const route of [
      `/auth/reset-password/${secret}`,
      `/verify/shared/${secret}?from=mail`,
      `/auth/login?next=%2Fverify%2Fshared%2F${secret}`,
    ]) {
      const { token, session } = await login(t.app, 'ada@example.org');
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(token),
        payload: { route, cause: 'expired' },
      });
      const event = await t.database.db
        .selectFrom('auth_events')
        .select('route')
        .where('user_id', '=', session.user_id)
        .where('kind', '=', 'logout')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(event.route).not.toContain(secret);
      expect(event.route).toContain('[redacted]');
    }
  });

  it('ends the session whose route, once redacted, is longer than the one sent (PostgreSQL keeps 2,048 characters)', async () => {
    const tail = '?n=/shared/x';
    const route = `/p${'a'.repeat(2048 - 2 - tail.length)}${tail}`;
    const { token, session } = await login(t.app, 'ada@example.org');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
      payload: { route, cause: 'expired' },
    });
    expect(response.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    const event = await t.database.db
      .selectFrom('auth_events')
      .select('route')
      .where('user_id', '=', session.user_id)
      .where('kind', '=', 'logout')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.route).toHaveLength(2048);
    expect(event.route).not.toContain('/shared/x');
  });

  it('also ends an expired session, and refuses an unknown token', async () => {
    const { token } = await login(t.app, 'ada@example.org');
    clock.advance({ hours: 2 });
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
      payload: { cause: 'expired' },
    });
    expect(expired.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });
});

describe('POST /auth/logout-everywhere', () => {
  const everywhere = (token: string, payload: unknown, remoteAddress = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-everywhere',
      headers: bearer(token),
      payload: payload as object,
      remoteAddress,
    });

  it('ends every session of the account, this one too, and answers a new one for this device', async () => {
    await createUser(t.database, clock, { email: 'everywhere@example.org' });
    const { token: here, session } = await login(t.app, 'everywhere@example.org');
    const { token: phone } = await login(t.app, 'everywhere@example.org');
    const { token: library } = await login(t.app, 'everywhere@example.org');
    const { token: someoneElse } = await login(t.app, 'ada@example.org');

    const response = await everywhere(here, { current_password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const renewed = sessionSchema.parse(response.json<{ data: unknown }>().data);
    expect(renewed).toMatchObject({ user_id: session.user_id, two_factor_required: false });
    expect(renewed.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([here, phone, library]).not.toContain(renewed.access_token);
    for (const ended of [here, phone, library])
      expect((await me(ended)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    expect((await me(renewed.access_token)).statusCode).toBe(200);
    // Another account's sessions are not this one's to end.
    expect((await me(someoneElse)).statusCode).toBe(200);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', session.user_id)
      .execute();
    expect(sessions).toHaveLength(1);
    const events = await t.database.db
      .selectFrom('auth_events')
      .select('kind')
      .where('user_id', '=', session.user_id)
      .where('kind', '=', 'logout_everywhere')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('opens no session when its own ended after the guard read it (a password reset committed first): 401', async () => {
    await createUser(t.database, clock, { email: 'raced@example.org' });
    const { token } = await login(t.app, 'raced@example.org');
    const ctx = contextFor(t.database, clock, { SESSION_TTL_MINUTES: '60' });
    const auth = await resolveSession(ctx, sha256(token));
    // A reset of the password commits between the guard and this call's transaction: it ends every session.
    await t.database.db.deleteFrom('sessions').where('user_id', '=', auth.user.id).execute();
    await expect(
      logoutEverywhere(ctx, auth, { current_password: PASSWORD }, { address: '198.51.100.7' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', auth.user.id)
      .execute();
    expect(sessions).toHaveLength(0);
  });

  it('asks for the current password: a wrong one ends nothing and counts like a failed login', async () => {
    await createUser(t.database, clock, { email: 'copied@example.org' });
    const { token: owner } = await login(t.app, 'copied@example.org');
    const { token: copied } = await login(t.app, 'copied@example.org');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await everywhere(copied, { current_password: 'Not#MyPassword1' }, '203.0.113.9');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({
        errors: { current_password: ['The current password is not correct'] },
      });
    }
    const limited = await everywhere(copied, { current_password: PASSWORD }, '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await me(owner)).statusCode).toBe(200);
    expect((await me(copied)).statusCode).toBe(200);
  });

  it('refuses a body without the password, or not an object, with the field map; and a session still waiting for its second factor', async () => {
    const { token } = await login(t.app, 'ada@example.org');
    const missing = await everywhere(token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { current_password: [expect.any(String)] },
    });
    const list = await everywhere(token, ['x']);
    expect(list.statusCode).toBe(422);
    const tooLong = await everywhere(token, { current_password: 'x'.repeat(1025) });
    expect(tooLong.statusCode).toBe(422);
    expect((await me(token)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-everywhere',
      payload: { current_password: PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
