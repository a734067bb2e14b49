import { describe, expect, it } from 'vitest';
import { sealLegacyTotpSecrets } from '../src/modules/users/totp-sealing.service';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer, contextFor, createUser, enableTwoFactor, login, PASSWORD, totpCode } from './identity';

// Decision 057: TOTP secrets are sealed at rest under a key from configuration (issue #15, item 10).

const clock = new ManualClock('2025-03-03T09:00:00Z');
const t = useTestApp({ clock });

const storedOf = (id: number) =>
  t.database.db
    .selectFrom('users')
    .select(['two_factor_secret', 'two_factor_pending_secret'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const secondFactor = async (email: string, code: string) => {
  const { token } = await login(t.app, email);
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa', headers: bearer(token), payload: { code } });
};

describe('TOTP secrets at rest', () => {
  it('are stored sealed, never as the secret the user scanned, and still check codes', async () => {
    const id = await createUser(t.database, clock, { email: 'sealed@example.org' });
    const { token } = await login(t.app, 'sealed@example.org');
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/setup',
      headers: bearer(token),
    });
    const { secret } = setup.json<{ data: { secret: string } }>().data;
    expect((await storedOf(id)).two_factor_pending_secret).toMatch(/^v1\./);
    expect((await storedOf(id)).two_factor_pending_secret).not.toContain(secret);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      headers: bearer(token),
      payload: { code: totpCode(secret, clock), current_password: PASSWORD },
    });
    const stored = await storedOf(id);
    expect(stored.two_factor_secret).toMatch(/^v1\./);
    expect(stored.two_factor_secret).not.toContain(secret);
    clock.advance({ seconds: 30 });
    expect((await secondFactor('sealed@example.org', totpCode(secret, clock))).statusCode).toBe(200);
  });

  it('seals at start a secret stored in clear before, which keeps working', async () => {
    const id = await createUser(t.database, clock, { email: 'legacy@example.org' });
    const { token } = await login(t.app, 'legacy@example.org');
    const { secret } = await enableTwoFactor(t.app, token, clock);
    await t.database.db
      .updateTable('users')
      .set({ two_factor_secret: secret })
      .where('id', '=', id)
      .execute();
    expect(await sealLegacyTotpSecrets(contextFor(t.database, clock))).toBeGreaterThanOrEqual(1);
    expect((await storedOf(id)).two_factor_secret).toMatch(/^v1\./);
    expect(await sealLegacyTotpSecrets(contextFor(t.database, clock))).toBe(0);
    clock.advance({ seconds: 30 });
    expect((await secondFactor('legacy@example.org', totpCode(secret, clock))).statusCode).toBe(200);
  });

  it('opens for its own account only: a sealed secret copied onto another account checks no code', async () => {
    const owner = await createUser(t.database, clock, { email: 'owner2fa@example.org' });
    const { secret } = await enableTwoFactor(
      t.app,
      (await login(t.app, 'owner2fa@example.org')).token,
      clock,
    );
    const thief = await createUser(t.database, clock, { email: 'thief@example.org' });
    await enableTwoFactor(t.app, (await login(t.app, 'thief@example.org')).token, clock);
    const sealed = (await storedOf(owner)).two_factor_secret;
    await t.database.db
      .updateTable('users')
      .set({ two_factor_secret: sealed })
      .where('id', '=', thief)
      .execute();
    clock.advance({ seconds: 30 });
    const response = await secondFactor('thief@example.org', totpCode(secret, clock));
    expect(response.statusCode).toBe(422);
  });
});
