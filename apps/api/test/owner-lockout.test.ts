import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer, createUser, enableTwoFactor, login, NEW_PASSWORD, PASSWORD, totpCode } from './identity';
import { linkToken, readMailFiles } from './mail';

/** Issue #32: whoever knows a password, or shares an address, cannot lock the owner out (decision 084). */
const clock = new ManualClock('2026-02-10T10:00:00Z');
const t = useTestApp({ clock });

const HOME = '198.51.100.20';
const ELSEWHERE = '192.0.2.200';
const ATTACKERS = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];

const secondFactor = (token: string, code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/2fa',
    payload: { code },
    headers: bearer(token),
    remoteAddress,
  });

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });

/** Sixty password checks and more: on a loaded PostgreSQL run they take longer than the default 20 s. */
const SPREAD_ATTACK_TIMEOUT = 60_000;

/** Thirty wrong passwords from seven addresses (from 203.0.113.`first`): the account-wide limit is reached. */
async function spreadAttack(email: string, first: number): Promise<void> {
  for (let i = 0; i < 30; i += 1) await login(t.app, email, 'Wrong#Guess123', `203.0.113.${first + (i % 7)}`);
}

/** The link last mailed to the email, once the queued identity requests have run. */
async function mailedToken(email: string, kind: 'activation' | 'password-reset'): Promise<string> {
  await t.worker.drainOnce();
  const mail = readMailFiles(t.database.tempDir)
    .filter((m) => m.to === email && m.kind === kind)
    .at(-1);
  if (!mail) throw new Error(`no ${kind} mail to ${email}`);
  return linkToken(mail, kind === 'activation' ? 'activate' : 'reset-password');
}

describe('a password attack spread over many addresses', () => {
  it(
    'lets the owner in at a new address once they reset their password there, while the attack goes on',
    async () => {
      await createUser(t.database, clock, { email: 'travelling@example.org' });
      const hotel = '192.0.2.150';
      await spreadAttack('travelling@example.org', 10);
      expect((await login(t.app, 'travelling@example.org', PASSWORD, hotel)).response.statusCode).toBe(429);

      // The owner resets the password from the hotel: the mailbox proves who they are.
      expect(
        (await post('/auth/forgot-password', { email: 'travelling@example.org' }, hotel)).statusCode,
      ).toBe(202);
      const token = await mailedToken('travelling@example.org', 'password-reset');
      const pair = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
      expect((await post('/auth/reset-password', { token, ...pair }, hotel)).statusCode).toBe(200);

      // The attack goes on from seven more addresses, in the same window.
      await spreadAttack('travelling@example.org', 20);
      for (let i = 0; i < 2; i += 1)
        expect((await login(t.app, 'travelling@example.org', NEW_PASSWORD, hotel)).response.statusCode).toBe(
          200,
        );
      // A wrong password at the hotel still counts there; another new address is still slowed.
      expect((await login(t.app, 'travelling@example.org', PASSWORD, hotel)).response.statusCode).toBe(401);
      expect(
        (await login(t.app, 'travelling@example.org', NEW_PASSWORD, ELSEWHERE)).response.statusCode,
      ).toBe(429);
    },
    SPREAD_ATTACK_TIMEOUT,
  );

  it(
    'lets a new account in where it was activated, whatever failures its email had before',
    async () => {
      await createUser(t.database, clock, { email: 'arriving@example.org', isActive: false });
      const library = '192.0.2.151';
      await spreadAttack('arriving@example.org', 30);
      expect(
        (await post('/auth/activation/resend', { email: 'arriving@example.org' }, library)).statusCode,
      ).toBe(202);
      const token = await mailedToken('arriving@example.org', 'activation');
      const pair = { password: PASSWORD, password_confirmation: PASSWORD };
      expect((await post('/auth/activate', { token, ...pair }, library)).statusCode).toBe(200);
      await spreadAttack('arriving@example.org', 40);
      expect((await login(t.app, 'arriving@example.org', PASSWORD, library)).response.statusCode).toBe(200);
    },
    SPREAD_ATTACK_TIMEOUT,
  );
});

describe('a shared address after many wrong link tokens', () => {
  it('still accepts the links just mailed to users there, and refuses wrong ones', async () => {
    const centre = '198.51.100.120';
    await createUser(t.database, clock, { email: 'resident@example.org' });
    await createUser(t.database, clock, { email: 'arrival@example.org', isActive: false });
    // Someone behind the centre's address sends made-up tokens until the address is refused.
    const madeUp = { token: 'z'.repeat(43), password: PASSWORD, password_confirmation: PASSWORD };
    for (let i = 0; i < 20; i += 1)
      expect((await post('/auth/activate', madeUp, centre)).statusCode).toBe(404);
    expect((await post('/auth/reset-password', madeUp, centre)).statusCode).toBe(429);
    expect(
      (await post('/auth/check-token', { token: madeUp.token, purpose: 'activation' }, centre)).statusCode,
    ).toBe(429);

    // A resident resets their password from there, and a new arrival activates their account.
    expect((await post('/auth/forgot-password', { email: 'resident@example.org' }, centre)).statusCode).toBe(
      202,
    );
    expect((await post('/auth/activation/resend', { email: 'arrival@example.org' }, centre)).statusCode).toBe(
      202,
    );
    const reset = await mailedToken('resident@example.org', 'password-reset');
    const activation = await mailedToken('arrival@example.org', 'activation');
    expect(
      (await post('/auth/check-token', { token: reset, purpose: 'password_reset' }, centre)).statusCode,
    ).toBe(204);
    const pair = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await post('/auth/reset-password', { token: reset, ...pair }, centre)).statusCode).toBe(200);
    expect((await post('/auth/activate', { token: activation, ...pair }, centre)).statusCode).toBe(200);
    // Made-up tokens are still refused there.
    expect((await post('/auth/activate', madeUp, centre)).statusCode).toBe(429);
  });
});

describe('the second factor under attack by someone who knows the password', () => {
  it('lets the owner in with a code from an address where they passed it, and with a recovery code from anywhere', async () => {
    await createUser(t.database, clock, { email: 'staff@example.org', role: 'secretary' });
    const enabled = await enableTwoFactor(
      t.app,
      (await login(t.app, 'staff@example.org', PASSWORD, HOME)).token,
      clock,
    );
    // The owner passed the second factor at home once before the attack.
    clock.advance({ seconds: 30 });
    const before = await login(t.app, 'staff@example.org', PASSWORD, HOME);
    expect((await secondFactor(before.token, totpCode(enabled.secret, clock), HOME)).statusCode).toBe(200);

    // Five wrong codes from each of five addresses: the account passes its account-wide limit (20).
    const statuses: number[] = [];
    for (const address of ATTACKERS) {
      const attacker = await login(t.app, 'staff@example.org', PASSWORD, address);
      for (let i = 0; i < 5; i += 1)
        statuses.push((await secondFactor(attacker.token, '000000', address)).statusCode);
      expect((await secondFactor(attacker.token, '000000', address)).statusCode).toBe(429);
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(20);

    // At home, the right code opens, again and again.
    for (let i = 0; i < 2; i += 1) {
      clock.advance({ seconds: 30 });
      const owner = await login(t.app, 'staff@example.org', PASSWORD, HOME);
      expect((await secondFactor(owner.token, totpCode(enabled.secret, clock), HOME)).statusCode).toBe(200);
    }
    // Elsewhere, a recovery code opens (a TOTP code waits for the window: 20 wrong codes are a real guess).
    const travelling = await login(t.app, 'staff@example.org', PASSWORD, ELSEWHERE);
    clock.advance({ seconds: 30 });
    expect(
      (await secondFactor(travelling.token, totpCode(enabled.secret, clock), ELSEWHERE)).statusCode,
    ).toBe(429);
    expect((await secondFactor(travelling.token, enabled.recoveryCodes[0] ?? '', ELSEWHERE)).statusCode).toBe(
      200,
    );
    // The attackers' addresses stay refused a TOTP code; a recovery-code guess is only wrong (50 bits).
    const attacker = await login(t.app, 'staff@example.org', PASSWORD, ATTACKERS[0]);
    expect((await secondFactor(attacker.token, '000000', ATTACKERS[0] ?? '')).statusCode).toBe(429);
    expect((await secondFactor(attacker.token, 'abcde-fghjk', ATTACKERS[0] ?? '')).statusCode).toBe(422);
  });

  it('lets the owner in with a recovery code at their own address, when someone behind it spent its tries', async () => {
    await createUser(t.database, clock, { email: 'office@example.org', role: 'evaluator' });
    const office = '198.51.100.77';
    const enabled = await enableTwoFactor(
      t.app,
      (await login(t.app, 'office@example.org', PASSWORD, office)).token,
      clock,
    );
    clock.advance({ seconds: 30 });
    const before = await login(t.app, 'office@example.org', PASSWORD, office);
    expect((await secondFactor(before.token, totpCode(enabled.secret, clock), office)).statusCode).toBe(200);
    // A colleague behind the same address, who knows the password, sends five wrong codes.
    const colleague = await login(t.app, 'office@example.org', PASSWORD, office);
    for (let i = 0; i < 5; i += 1)
      expect((await secondFactor(colleague.token, '000000', office)).statusCode).toBe(422);
    clock.advance({ seconds: 30 });
    const owner = await login(t.app, 'office@example.org', PASSWORD, office);
    expect((await secondFactor(owner.token, totpCode(enabled.secret, clock), office)).statusCode).toBe(429);
    expect((await secondFactor(owner.token, enabled.recoveryCodes[1] ?? '', office)).statusCode).toBe(200);
  });
});

describe('turning two factors on again after an attack on the second factor', () => {
  it('is not refused by the account-wide count at an address the account knows, as the login is not', async () => {
    await createUser(t.database, clock, { email: 'again@example.org', role: 'secretary' });
    const first = await enableTwoFactor(
      t.app,
      (await login(t.app, 'again@example.org', PASSWORD, HOME)).token,
      clock,
    );
    clock.advance({ seconds: 30 });
    const before = await login(t.app, 'again@example.org', PASSWORD, HOME);
    const passed = await secondFactor(before.token, totpCode(first.secret, clock), HOME);
    expect(passed.statusCode).toBe(200);
    const home = passed.json<{ data: { access_token: string } }>().data.access_token;

    // Five wrong codes from each of four addresses: the account reaches its account-wide limit (20).
    for (const address of ATTACKERS.slice(0, 4)) {
      const attacker = await login(t.app, 'again@example.org', PASSWORD, address);
      for (let i = 0; i < 5; i += 1)
        expect((await secondFactor(attacker.token, '000000', address)).statusCode).toBe(422);
    }

    // At home the owner turns two factors off, then on again with a new secret.
    clock.advance({ seconds: 30 });
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/disable',
      payload: { code: totpCode(first.secret, clock) },
      headers: bearer(home),
      remoteAddress: HOME,
    });
    expect(off.statusCode).toBe(200);
    const enable = async (token: string, remoteAddress: string) => {
      const setup = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/2fa/setup',
        headers: bearer(token),
        remoteAddress,
      });
      const { secret } = setup.json<{ data: { secret: string } }>().data;
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/2fa/enable',
        payload: { code: totpCode(secret, clock), current_password: PASSWORD },
        headers: bearer(token),
        remoteAddress,
      });
    };
    // An address the account never passed its second factor at is refused, as the login's step is.
    const travelling = await login(t.app, 'again@example.org', PASSWORD, ELSEWHERE);
    expect((await enable(travelling.token, ELSEWHERE)).statusCode).toBe(429);
    expect((await enable(home, HOME)).statusCode).toBe(200);
  });
});

describe('a shared address after many failed logins', () => {
  it('still lets users who logged in there before log in, and refuses the others there', async () => {
    const shared = '198.51.100.99';
    await createUser(t.database, clock, { email: 'regular@example.org' });
    await createUser(t.database, clock, { email: 'newcomer@example.org' });
    expect((await login(t.app, 'regular@example.org', PASSWORD, shared)).response.statusCode).toBe(200);
    // 100 failures over 25 accounts at the address (four each: no account's own limit is reached).
    for (let i = 0; i < 100; i += 1)
      await login(t.app, `nobody${i % 25}@example.org`, 'Wrong#Guess123', shared);
    expect((await login(t.app, 'regular@example.org', PASSWORD, shared)).response.statusCode).toBe(200);
    expect((await login(t.app, 'newcomer@example.org', PASSWORD, shared)).response.statusCode).toBe(429);
    // From its own address the newcomer is not touched.
    expect((await login(t.app, 'newcomer@example.org', PASSWORD, HOME)).response.statusCode).toBe(200);
  });
});
