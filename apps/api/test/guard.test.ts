import type { Ability } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAuthGuard } from '../src/modules/sessions/guard';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer, contextFor, createUser, enableTwoFactor, login, totpCode } from './identity';

const clock = new ManualClock();
const t = useTestApp({ clock });
beforeAll(async () => {
  // Routes that exist only here: the staff modules that will use these guards come later.
  const guard = createAuthGuard(contextFor(t.database, clock));
  for (const ability of ['staff.assign', 'staff.manage', 'practice.apply'] satisfies Ability[]) {
    t.app.get(`/api/v1/test/${ability}`, { onRequest: guard.ability(ability) }, async (request) => ({
      data: { user: request.user?.id },
    }));
  }
  await t.app.ready();
  for (const [email, role] of [
    ['applicant@example.org', 'applicant'],
    ['secretary@example.org', 'secretary'],
    ['admin@example.org', 'admin'],
  ] as const) {
    await createUser(t.database, clock, { email, role });
  }
});

const reach = (ability: Ability, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/test/${ability}`, headers: bearer(token) });

/** Logs in and, for staff, turns on and passes two factors. */
async function staffSession(email: string): Promise<string> {
  const { token } = await login(t.app, email);
  const { secret } = await enableTwoFactor(t.app, token, clock);
  clock.advance({ seconds: 30 });
  const session = await login(t.app, email);
  const passed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/2fa',
    headers: bearer(session.token),
    payload: { code: totpCode(secret, clock) },
  });
  // Passing the second factor ends the first step's session and answers a new token.
  return passed.json<{ data: { access_token: string } }>().data.access_token;
}

describe('ability guard', () => {
  it('lets a user with the ability through and sets request.user', async () => {
    const { token, session } = await login(t.app, 'applicant@example.org');
    const response = await reach('practice.apply', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { user: session.user_id } });
  });

  it('answers 403 FORBIDDEN_ACCESS without the ability, ADMIN_FORBIDDEN_ACCESS for staff.manage', async () => {
    const { token } = await login(t.app, 'applicant@example.org');
    expect((await reach('staff.assign', token)).json()).toEqual({
      code: 'FORBIDDEN_ACCESS',
      message: 'You do not have access to this resource.',
    });
    const secretary = await staffSession('secretary@example.org');
    const admin = await reach('staff.manage', secretary);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'ADMIN_FORBIDDEN_ACCESS' });
    expect((await reach('staff.assign', secretary)).statusCode).toBe(200);
  });

  it('keeps staff out of staff routes until two factors are on: 403 TWO_FACTOR_REQUIRED', async () => {
    const { token } = await login(t.app, 'admin@example.org');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/staff.manage',
      headers: { ...bearer(token), 'accept-language': 'it-IT' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      message:
        'Attiva l’autenticazione a due fattori nelle impostazioni dell’account per usare l’area del personale.',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const withTwoFactors = await staffSession('admin@example.org');
    expect((await reach('staff.manage', withTwoFactors)).statusCode).toBe(200);
  });

  it('answers 401 to a session still waiting for its second factor, before any ability check', async () => {
    const { token } = await login(t.app, 'secretary@example.org');
    expect((await reach('staff.assign', token)).json()).toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
  });
});
