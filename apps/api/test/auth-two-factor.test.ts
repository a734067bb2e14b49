import { sessionSchema, twoFactorSetupSchema } from '@lisbon/domain';
import { URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { enableTwoFactorAuth } from '../src/modules/auth/two-factor.service';
import { resolveSession } from '../src/modules/sessions/service';
import { findAccountById, takeBrowserLocale } from '../src/modules/users/accounts';
import { ManualClock } from '../src/platform/clock';
import { sha256 } from '../src/platform/crypto';
import { useTestApp } from './helper';
import {
  bearer,
  contextFor,
  createUser,
  enableTwoFactor,
  login,
  NEW_PASSWORD,
  PASSWORD,
  totpCode,
} from './identity';
import { linkToken, readMailFiles } from './mail';

const clock = new ManualClock();
const t = useTestApp({ clock });

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Past the time step of the last accepted code: each step's code works once. */
const nextStep = () => clock.advance({ seconds: 30 });

describe('two-factor setup and enable', () => {
  it('gives a pending secret with its otpauth URL and SVG QR code, in force only once confirmed', async () => {
    await createUser(t.database, clock, { email: 'setup@example.org' });
    const { token } = await login(t.app, 'setup@example.org');
    const response = await call('POST', '/auth/2fa/setup', token);
    expect(response.statusCode).toBe(200);
    const setup = twoFactorSetupSchema.parse(response.json<{ data: unknown }>().data);
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const otp = URI.parse(setup.otpauth_url);
    expect(otp.issuer).toBe('Lisbon');
    expect(otp.label).toBe('setup@example.org');
    expect(otp.secret.base32).toBe(setup.secret);
    expect((await call('GET', '/auth/2fa', token)).json()).toEqual({
      data: { enabled: false, verified: false },
    });

    const wrong = await call('POST', '/auth/2fa/enable', token, {
      code: '000000',
      current_password: PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { code: ['The code is not valid. Try again or contact us'] },
    });
  });

  it('asks for the current password: a session alone cannot put a second factor on the account', async () => {
    await createUser(t.database, clock, { email: 'taken-session@example.org' });
    const { token } = await login(t.app, 'taken-session@example.org');
    const { token: owners } = await login(t.app, 'taken-session@example.org', undefined, '198.51.100.7');
    const setup = await call('POST', '/auth/2fa/setup', token);
    const { secret } = setup.json<{ data: { secret: string } }>().data;
    const code = totpCode(secret, clock);
    const missing = await call('POST', '/auth/2fa/enable', token, { code });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { current_password: [expect.any(String)] } });
    const wrong = await call('POST', '/auth/2fa/enable', token, { code, current_password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { current_password: ['The current password is not correct'] },
    });
    // Still off, and the owner's other session still open.
    expect((await call('GET', '/auth/2fa', token)).json()).toEqual({
      data: { enabled: false, verified: false },
    });
    expect((await call('GET', '/auth/me', owners)).statusCode).toBe(200);
  });

  it('turns on with a real code: ten recovery codes, a new session for this one, the others ended, a mail', async () => {
    await createUser(t.database, clock, { email: 'enable@example.org' });
    const { token: before } = await login(t.app, 'enable@example.org');
    const { token: other } = await login(t.app, 'enable@example.org', undefined, '198.51.100.9');
    const { recoveryCodes, token } = await enableTwoFactor(t.app, before, clock);
    expect(token).not.toBe(before);
    expect((await call('GET', '/auth/me', before)).statusCode).toBe(401);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call('GET', '/auth/2fa', token)).json()).toEqual({
      data: { enabled: true, verified: true },
    });
    expect((await call('GET', '/auth/me', token)).json()).toMatchObject({
      data: { two_factor_enabled: true },
    });
    expect((await call('GET', '/auth/me', other)).statusCode).toBe(401);
    const stored = await t.database.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.some((row) => recoveryCodes.includes(row.code_hash))).toBe(false);
    expect((await call('POST', '/auth/2fa/setup', token)).statusCode).toBe(409);
    await t.worker.drainOnce();
    expect(
      readMailFiles(t.database.tempDir)
        .filter((m) => m.to === 'enable@example.org')
        .map((m) => m.kind),
    ).toEqual(['two-factor-enabled']);
  });
});

describe('two factors turned on by a member of staff', () => {
  it('opens the staff routes to a new token only: the one from before, seen somewhere, never becomes a staff login', async () => {
    await createUser(t.database, clock, { email: 'newstaff@example.org', role: 'secretary' });
    const { token: before } = await login(t.app, 'newstaff@example.org');
    expect((await call('GET', '/staff/queues/counts', before)).json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
    });
    const setup = await call('POST', '/auth/2fa/setup', before);
    const { secret } = twoFactorSetupSchema.parse(setup.json<{ data: unknown }>().data);
    const enabled = await call('POST', '/auth/2fa/enable', before, {
      code: totpCode(secret, clock),
      current_password: PASSWORD,
    });
    expect(enabled.statusCode).toBe(200);
    const body = enabled.json<{ data: unknown }>().data;
    const session = sessionSchema.parse(body);
    expect(session).toMatchObject({ two_factor_required: false });
    expect(session.access_token).not.toBe(before);
    expect(Date.parse(session.expires_at)).toBeGreaterThan(clock.now().getTime());
    expect(body).toMatchObject({ recovery_codes: expect.any(Array) });

    expect((await call('GET', '/staff/queues/counts', session.access_token)).statusCode).toBe(200);
    expect((await call('GET', '/auth/2fa', session.access_token)).json()).toEqual({
      data: { enabled: true, verified: true },
    });
    for (const [method, url] of [
      ['GET', '/staff/queues/counts'],
      ['GET', '/auth/me'],
      ['POST', '/auth/refresh'],
    ] as const) {
      expect((await call(method, url, before)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    }
    const sessions = await t.database.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.two_factor_passed_at'])
      .where('u.email', '=', 'newstaff@example.org')
      .execute();
    expect(sessions.map((row) => row.two_factor_passed_at !== null)).toEqual([true]);
  });
});

describe('two factors turned on and an earlier reset link', () => {
  it('withdraws it: the link answers as an expired one', async () => {
    await createUser(t.database, clock, { email: 'guarded@example.org' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: 'guarded@example.org' },
    });
    await t.worker.drainOnce();
    const mail = readMailFiles(t.database.tempDir)
      .filter((m) => m.to === 'guarded@example.org' && m.kind === 'password-reset')
      .at(-1);
    const link = linkToken(mail!, 'reset-password');
    const { token } = await login(t.app, 'guarded@example.org');
    await enableTwoFactor(t.app, token, clock);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: link, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(404);
    expect(reset.json()).toEqual({ code: 'TOKEN_NOT_FOUND', message: 'Token not found' });
    await t.worker.drainOnce();
  });
});

describe('logging in with two factors', () => {
  it('limits the session to the second-factor step until a TOTP code passes it', async () => {
    await createUser(t.database, clock, { email: 'totp@example.org' });
    const { secret } = await enableTwoFactor(t.app, (await login(t.app, 'totp@example.org')).token, clock);
    nextStep();
    const { session, token } = await login(t.app, 'totp@example.org');
    expect(session.two_factor_required).toBe(true);
    expect((await call('GET', '/auth/2fa', token)).json()).toEqual({
      data: { enabled: true, verified: false },
    });
    for (const [method, url] of [
      ['GET', '/auth/me'],
      ['POST', '/auth/refresh'],
      ['GET', `/users/${session.user_id}`],
    ] as const) {
      expect((await call(method, url, token)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    }
    const code = totpCode(secret, clock);
    const passed = await call('POST', '/auth/2fa', token, { code });
    expect(passed.statusCode).toBe(200);
    const renewed = sessionSchema.parse(passed.json<{ data: unknown }>().data);
    expect(renewed).toMatchObject({ user_id: session.user_id, two_factor_required: false });
    expect(renewed.access_token).not.toBe(token);
    expect(Date.parse(renewed.expires_at)).toBeGreaterThan(clock.now().getTime());
    expect((await call('GET', '/auth/me', renewed.access_token)).statusCode).toBe(200);
    expect((await call('GET', '/auth/2fa', renewed.access_token)).json()).toEqual({
      data: { enabled: true, verified: true },
    });

    const { token: second } = await login(t.app, 'totp@example.org');
    const replay = await call('POST', '/auth/2fa', second, { code });
    expect(replay.statusCode).toBe(422);
  });

  it('ends the session of the first step: its token, seen before the second step, never becomes a login', async () => {
    await createUser(t.database, clock, { email: 'renew@example.org' });
    const { secret } = await enableTwoFactor(t.app, (await login(t.app, 'renew@example.org')).token, clock);
    nextStep();
    const { token } = await login(t.app, 'renew@example.org');
    const passed = await call('POST', '/auth/2fa', token, { code: totpCode(secret, clock) });
    const renewed = sessionSchema.parse(passed.json<{ data: unknown }>().data);
    expect((await call('GET', '/auth/me', renewed.access_token)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/auth/me'],
      ['GET', '/auth/2fa'],
      ['POST', '/auth/refresh'],
    ] as const) {
      expect((await call(method, url, token)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    }
    nextStep();
    expect((await call('POST', '/auth/2fa', token, { code: totpCode(secret, clock) })).statusCode).toBe(401);
    // The full session has nothing left to pass.
    expect(
      (await call('POST', '/auth/2fa', renewed.access_token, { code: totpCode(secret, clock) })).statusCode,
    ).toBe(409);
    const sessions = await t.database.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.two_factor_passed_at'])
      .where('u.email', '=', 'renew@example.org')
      .execute();
    expect(sessions.map((row) => row.two_factor_passed_at !== null)).toEqual([true, true]);
  });

  it('accepts a code one step early or late, and not two', async () => {
    await createUser(t.database, clock, { email: 'drift@example.org' });
    const { secret } = await enableTwoFactor(t.app, (await login(t.app, 'drift@example.org')).token, clock);
    nextStep();
    const { token } = await login(t.app, 'drift@example.org');
    const late = totpCode(secret, clock);
    clock.advance({ seconds: 60 });
    expect((await call('POST', '/auth/2fa', token, { code: late })).statusCode).toBe(422);
    clock.advance({ seconds: -30 });
    expect((await call('POST', '/auth/2fa', token, { code: late })).statusCode).toBe(200);
  });

  it('accepts each recovery code once, typed in any case and spacing', async () => {
    await createUser(t.database, clock, { email: 'recovery@example.org' });
    const { recoveryCodes } = await enableTwoFactor(
      t.app,
      (await login(t.app, 'recovery@example.org')).token,
      clock,
    );
    const code = recoveryCodes[0]!;
    const first = await login(t.app, 'recovery@example.org');
    expect(
      (await call('POST', '/auth/2fa', first.token, { code: ` ${code.toUpperCase()} ` })).statusCode,
    ).toBe(200);
    const second = await login(t.app, 'recovery@example.org');
    const reused = await call('POST', '/auth/2fa', second.token, { code });
    expect(reused.statusCode).toBe(422);
    expect((await call('POST', '/auth/2fa', second.token, { code: recoveryCodes[1]! })).statusCode).toBe(200);
  });

  it('answers 409 to the second-factor step of an account without two factors', async () => {
    await createUser(t.database, clock, { email: 'plain@example.org' });
    const { token } = await login(t.app, 'plain@example.org');
    expect((await call('POST', '/auth/2fa', token, { code: '123456' })).statusCode).toBe(409);
  });

  // Decision 099: an account that never settled its language takes the browser's at a complete login.
  it('gives an account without a settled language its browser’s after the second factor, never at the password alone', async () => {
    const userId = await createUser(t.database, clock, { email: 'unsettled@example.org' });
    const { secret } = await enableTwoFactor(
      t.app,
      (await login(t.app, 'unsettled@example.org')).token,
      clock,
    );
    await t.database.db
      .updateTable('users')
      .set({ locale: 'en-US', locale_chosen_at: null })
      .where('id', '=', userId)
      .execute();
    const language = async () =>
      t.database.db
        .selectFrom('users')
        .select(['locale', 'locale_chosen_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    nextStep();
    const italian = { 'accept-language': 'it-IT,it;q=0.9' };
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: italian,
      payload: { email: 'unsettled@example.org', password: PASSWORD },
    });
    expect(password.json()).toMatchObject({ data: { two_factor_required: true } });
    // The password alone: whoever holds it changes nothing on the account.
    expect(await language()).toEqual({ locale: 'en-US', locale_chosen_at: null });
    const token = password.json<{ data: { access_token: string } }>().data.access_token;
    const code = totpCode(secret, clock);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa',
      headers: { ...bearer(token), ...italian },
      payload: { code: String((Number(code) + 500_000) % 1_000_000).padStart(6, '0') },
    });
    expect(wrong.statusCode).toBe(422);
    expect(await language()).toEqual({ locale: 'en-US', locale_chosen_at: null });
    const passed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa',
      headers: { ...bearer(token), ...italian },
      payload: { code },
    });
    expect(passed.statusCode).toBe(200);
    expect(await language()).toEqual({ locale: 'it-IT', locale_chosen_at: expect.any(String) });
  });

  it('keeps a language chosen after the login read the account: the browser’s is taken only where none was chosen', async () => {
    const userId = await createUser(t.database, clock, { email: 'chosen-meanwhile@example.org' });
    await t.database.db
      .updateTable('users')
      .set({ locale: 'en-US', locale_chosen_at: null })
      .where('id', '=', userId)
      .execute();
    // The second step read the account, its language not settled yet.
    const read = await findAccountById(t.database.db, userId);
    if (!read) throw new Error('no account');
    // Meanwhile the user chose Italian on the profile (PATCH /users/{id} writes it so).
    const chosenAt = clock.now().toISOString();
    await t.database.db
      .updateTable('users')
      .set({ locale: 'it-IT', locale_chosen_at: chosenAt })
      .where('id', '=', userId)
      .execute();
    await takeBrowserLocale(t.database.db, read, 'en-US', clock.now().toISOString());
    expect(
      await t.database.db
        .selectFrom('users')
        .select(['locale', 'locale_chosen_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ locale: 'it-IT', locale_chosen_at: chosenAt });
  });
});

describe('POST /auth/2fa/disable', () => {
  it('needs a current code or a recovery code, ends the other sessions and mails a notice', async () => {
    await createUser(t.database, clock, { email: 'disable@example.org' });
    const { recoveryCodes, token } = await enableTwoFactor(
      t.app,
      (await login(t.app, 'disable@example.org')).token,
      clock,
    );
    const other = await login(t.app, 'disable@example.org', undefined, '198.51.100.77');
    // The other device's session: the one its second step opened (its first step's token has ended).
    const otherToken = sessionSchema.parse(
      (await call('POST', '/auth/2fa', other.token, { code: recoveryCodes[0]! })).json<{ data: unknown }>()
        .data,
    ).access_token;
    expect((await call('GET', '/auth/me', otherToken)).statusCode).toBe(200);
    expect((await call('POST', '/auth/2fa/disable', token, { code: '999999' })).statusCode).toBe(422);
    const response = await call('POST', '/auth/2fa/disable', token, { code: recoveryCodes[1]! });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { enabled: false, verified: false } });
    expect((await call('GET', '/auth/me', token)).json()).toMatchObject({
      data: { two_factor_enabled: false },
    });
    expect((await call('GET', '/auth/me', otherToken)).statusCode).toBe(401);
    expect((await login(t.app, 'disable@example.org')).session.two_factor_required).toBe(false);
    const codesLeft = await t.database.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', other.session.user_id)
      .execute();
    expect(codesLeft).toEqual([]);
    await t.worker.drainOnce();
    const kinds = readMailFiles(t.database.tempDir)
      .filter((m) => m.to === 'disable@example.org')
      .map((m) => m.kind);
    // Both queued before the worker ran: sent in one round, in either order.
    expect(kinds.toSorted()).toEqual(['two-factor-disabled', 'two-factor-enabled']);
  });
});

describe('logging out everywhere with two factors on', () => {
  it('takes no session still waiting for its second factor, and opens one that has passed it', async () => {
    await createUser(t.database, clock, { email: 'everywhere2fa@example.org' });
    const { token: first } = await login(t.app, 'everywhere2fa@example.org');
    const { secret, token: full } = await enableTwoFactor(t.app, first, clock);
    // The password alone, from elsewhere: a session limited to the second-factor step.
    const { token: pending } = await login(t.app, 'everywhere2fa@example.org');
    const refused = await call('POST', '/auth/logout-everywhere', pending, { current_password: PASSWORD });
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    expect((await call('GET', '/auth/me', full)).statusCode).toBe(200);

    const done = await call('POST', '/auth/logout-everywhere', full, { current_password: PASSWORD });
    expect(done.statusCode).toBe(200);
    const renewed = sessionSchema.parse(done.json<{ data: unknown }>().data);
    expect((await call('GET', '/auth/2fa', renewed.access_token)).json()).toEqual({
      data: { enabled: true, verified: true },
    });
    for (const ended of [full, pending])
      expect((await call('GET', '/auth/2fa', ended)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    // The second factor stays as it was: a new login still asks for a code.
    nextStep();
    const again = await login(t.app, 'everywhere2fa@example.org');
    expect(again.session.two_factor_required).toBe(true);
    expect((await call('POST', '/auth/2fa', again.token, { code: totpCode(secret, clock) })).statusCode).toBe(
      200,
    );
  });
});

describe('two factors turned on twice at once', () => {
  it('turns them on once: the recovery codes and the session answered are the ones in force', async () => {
    await createUser(t.database, clock, { email: 'twice@example.org' });
    const { token } = await login(t.app, 'twice@example.org');
    const setup = await call('POST', '/auth/2fa/setup', token);
    const { secret } = twoFactorSetupSchema.parse(setup.json<{ data: unknown }>().data);
    const input = { code: totpCode(secret, clock), current_password: PASSWORD };
    // A double submission, or two tabs: both calls past their checks before either commits.
    const answers = await Promise.all([
      call('POST', '/auth/2fa/enable', token, input),
      call('POST', '/auth/2fa/enable', token, input),
    ]);
    const turnedOn = answers.filter((answer) => answer.statusCode === 200);
    expect(turnedOn).toHaveLength(1);
    const { recovery_codes: codes, access_token: renewed } = turnedOn[0]!.json<{
      data: { recovery_codes: string[]; access_token: string };
    }>().data;
    expect((await call('GET', '/auth/me', renewed)).statusCode).toBe(200);
    const recoveryRows = await t.database.db
      .selectFrom('recovery_codes as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.id')
      .where('u.email', '=', 'twice@example.org')
      .execute();
    expect(recoveryRows).toHaveLength(10);
    // A code the answer showed opens a login's second step.
    const again = await login(t.app, 'twice@example.org');
    expect((await call('POST', '/auth/2fa', again.token, { code: codes[0]! })).statusCode).toBe(200);
  });
});

describe('turning two factors on while a password reset ends every session', () => {
  it('opens no session and leaves two factors off when its own session ended after the guard read it: 401', async () => {
    await createUser(t.database, clock, { email: 'reset-race@example.org' });
    const { token } = await login(t.app, 'reset-race@example.org');
    const setup = await call('POST', '/auth/2fa/setup', token);
    const { secret } = setup.json<{ data: { secret: string } }>().data;
    const ctx = contextFor(t.database, clock);
    const auth = await resolveSession(ctx, sha256(token));
    // The reset commits between the guard and this call's transaction: it ends every session.
    await t.database.db.deleteFrom('sessions').where('user_id', '=', auth.user.id).execute();
    await expect(
      enableTwoFactorAuth(
        ctx,
        auth,
        { code: totpCode(secret, clock), current_password: PASSWORD },
        { address: '198.51.100.7' },
      ),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    const account = await t.database.db
      .selectFrom('users')
      .select('two_factor_enabled_at')
      .where('id', '=', auth.user.id)
      .executeTakeFirstOrThrow();
    expect(account.two_factor_enabled_at).toBeNull();
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', auth.user.id)
      .execute();
    expect(sessions).toHaveLength(0);
  });
});
