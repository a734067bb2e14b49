import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { systemClock } from '../src/platform/clock';
import { clocksOf, testClockPath, writeClockOffset } from '../src/platform/test-clock';
import { testConfig, useTestApp } from './helper';
import { bearer, createUser, enableTwoFactor, login, totpCode } from './identity';

// The clocks as the server wires them under TEST_CLOCK (server.ts): `clock:set --days 6` moves the
// business calendar, never the time an authenticator app shows (issue 33, decision 085).
// The app's clocks are wired from the file's DATA_DIR, which the harness makes: the app is an
// instance started once it has.
const t = useTestApp({ hasApp: false });
let app: App;
beforeAll(async () => {
  const config = testConfig(t.database, { TEST_CLOCK: 'true' });
  app = await t.instance({ env: { TEST_CLOCK: 'true' }, ...clocksOf(config) });
  writeClockOffset(testClockPath(config.dataDir), 6 * 24 * 3600);
});

describe('two factors after the test clock moved six days', () => {
  it('the business calendar is six days ahead, and a real authenticator code still logs in', async () => {
    const config = testConfig(t.database, { TEST_CLOCK: 'true' });
    const { clock } = clocksOf(config);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(5.9 * 24 * 3600 * 1000);

    await createUser(t.database, systemClock, { email: 'moved@example.org' });
    const first = await login(app, 'moved@example.org');
    const { secret } = await enableTwoFactor(app, first.token, systemClock);
    const second = await login(app, 'moved@example.org', undefined, '198.51.100.8');
    expect(second.session.two_factor_required).toBe(true);
    const passed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa',
      headers: bearer(second.token),
      // The next time step's (each step's code works once, and enabling spent this one's).
      payload: { code: totpCode(secret, { now: () => new Date(Date.now() + 30_000) }) },
    });
    expect(passed.statusCode).toBe(200);
    const { access_token } = passed.json<{ data: { access_token: string } }>().data;
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(access_token) });
    expect(me.statusCode).toBe(200);
  });

  it('a code of the moved calendar is refused', async () => {
    await createUser(t.database, systemClock, { email: 'calendar@example.org' });
    const first = await login(app, 'calendar@example.org');
    const { secret } = await enableTwoFactor(app, first.token, systemClock);
    const second = await login(app, 'calendar@example.org', undefined, '198.51.100.9');
    const { clock } = clocksOf(testConfig(t.database, { TEST_CLOCK: 'true' }));
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa',
      headers: bearer(second.token),
      payload: { code: totpCode(secret, clock) },
    });
    expect(refused.statusCode).toBe(422);
  });
});
