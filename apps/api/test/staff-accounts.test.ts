import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStaffAccount } from '../src/modules/auth/registration.service';
import { createContext } from '../src/app';
import { purgeExpiredIdentityData } from '../src/modules/auth/service';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import { useTestApp } from './helper';
import { bearer, contextFor, login, PASSWORD } from './identity';
import { execForTest } from './processes';

const clock = new ManualClock();
const t = useTestApp({ clock, env: { PUBLIC_URL: 'https://staff.example.org' } });

describe('staff accounts', () => {
  it('creates an inactive staff account whose link sets the password', async () => {
    const ctx = contextFor(t.database, clock);
    const { userId, link } = await createStaffAccount(
      { ...ctx, config: { ...ctx.config, publicUrl: 'https://staff.example.org' } },
      { role: 'reviewer', email: 'Rev@Example.org', firstName: 'Rosa', lastName: 'Rossi' },
    );
    expect(link).toMatch(/^https:\/\/staff\.example\.org\/auth\/activate\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').at(-1)!;
    const activate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/activate',
      payload: { token, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(activate.statusCode).toBe(200);
    const { token: session } = await login(t.app, 'rev@example.org');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session) });
    expect(me.json()).toMatchObject({
      data: {
        id: userId,
        role: 'reviewer',
        first_name: 'Rosa',
        abilities: { 'staff.review': true, 'practice.apply': false },
      },
    });
    await expect(
      createStaffAccount(ctx, { role: 'admin', email: 'rev@example.org', firstName: '', lastName: '' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('is what `npm run cli -- user:create` does, printing the activation link', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: join(t.database.tempDir, 'cli.sqlite'),
      PUBLIC_URL: 'https://cli.example.org',
    };
    const run = (args: string[]) =>
      execForTest(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: join(REPO_ROOT, 'apps', 'api'),
        env,
      });
    // Without the names, nobody is made: colleagues choose staff by name.
    await expect(
      run(['user:create', '--role', 'secretary', '--email', 'sec@example.org']),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--first-name and --last-name must be given/),
    });
    const { stdout } = await run([
      'user:create',
      '--role',
      'secretary',
      '--email',
      'sec@example.org',
      '--first-name',
      'Sara',
      '--last-name',
      'D’Amico',
    ]);
    expect(stdout).toMatch(/Created secretary account #1 for sec@example\.org/);
    // In the language asked for, one the portal speaks, or refused.
    await expect(
      run([
        'user:create',
        '--role',
        'admin',
        '--email',
        'fr@example.org',
        '--first-name',
        'Flo',
        '--last-name',
        'Fabre',
        '--locale',
        'fr-FR',
      ]),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--locale must be one of en-US, it-IT/),
    });
    expect(stdout).toMatch(/https:\/\/cli\.example\.org\/auth\/activate\/[A-Za-z0-9_-]{43}/);
    await expect(
      run(['user:create', '--role', 'applicant', '--email', 'x@example.org']),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--role must be one of evaluator, reviewer, secretary, admin/),
    });
  }, 90_000);
});

describe('a staff account’s language', () => {
  it('is the one given at creation, English when none is', async () => {
    const ctx = contextFor(t.database, clock);
    const italian = await createStaffAccount(ctx, {
      role: 'evaluator',
      email: 'eva.it@example.org',
      firstName: 'Eva',
      lastName: 'Esposito',
      locale: 'it-IT',
    });
    const english = await createStaffAccount(ctx, {
      role: 'evaluator',
      email: 'eve.en@example.org',
      firstName: 'Eve',
      lastName: 'Evans',
    });
    const localeOf = async (id: number) =>
      (
        await t.database.db
          .selectFrom('users')
          .select('locale')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).locale;
    expect(await localeOf(italian.userId)).toBe('it-IT');
    expect(await localeOf(english.userId)).toBe('en-US');
  });

  // Decision 099: the same rule as an applicant's, whose registration takes the browser's language.
  it('is, created without --locale, the browser’s at the first login, and a chosen one is kept', async () => {
    const ctx = contextFor(t.database, clock);
    const activateAndLogIn = async (
      account: { email: string; locale?: 'en-US' | 'it-IT' },
      browser: string,
    ): Promise<string> => {
      const { link } = await createStaffAccount(ctx, {
        role: 'evaluator',
        firstName: 'Lia',
        lastName: 'Lingua',
        ...account,
      });
      const activate = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/activate',
        payload: { token: link.split('/').at(-1)!, password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect(activate.statusCode).toBe(200);
      return logInWith(account.email, browser);
    };
    const logInWith = async (email: string, browser: string): Promise<string> => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        headers: { 'accept-language': browser },
        payload: { email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { access_token: string } }>().data.access_token;
    };
    const localeIn = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).json<{
        data: { locale: string };
      }>().data.locale;

    // Never chosen: the first login's browser (Italian) decides, and it stays at the next login.
    const first = await activateAndLogIn({ email: 'lia.browser@example.org' }, 'it-IT,it;q=0.9,en;q=0.8');
    expect(await localeIn(first)).toBe('it-IT');
    expect(await localeIn(await logInWith('lia.browser@example.org', 'en-US'))).toBe('it-IT');

    // Chosen by `--locale en-US`: an Italian browser does not overwrite it.
    const given = await activateAndLogIn({ email: 'lia.given@example.org', locale: 'en-US' }, 'it-IT');
    expect(await localeIn(given)).toBe('en-US');

    // Chosen on the profile after the first login took Italian: an Italian browser keeps it.
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: bearer(first),
      payload: { locale: 'en-US' },
    });
    expect(profile.statusCode).toBe(200);
    expect(await localeIn(await logInWith('lia.browser@example.org', 'it-IT'))).toBe('en-US');
  });
});

describe('housekeeping', () => {
  it('removes sessions a day past expiry, expired link tokens and spent rate-limit counters', async () => {
    // A session, an unused link and counters of its own, whichever of the file's tests ran before it.
    const ctx = contextFor(t.database, clock);
    const { userId: tidy, link } = await createStaffAccount(ctx, {
      role: 'reviewer',
      email: 'tidy@example.org',
      firstName: 'Tina',
      lastName: 'Tidy',
    });
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/activate',
      payload: { token: link.split('/').at(-1), password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(activated.statusCode).toBe(200);
    await login(t.app, 'tidy@example.org');
    await login(t.app, 'tidy@example.org', 'Wrong#Guess123');
    const { userId: unused } = await createStaffAccount(ctx, {
      role: 'reviewer',
      email: 'unused@example.org',
      firstName: 'Ugo',
      lastName: 'Neri',
    });
    // Its own rows: the CLI's test makes a link on the real clock, which these five days do not reach.
    const own = (table: 'sessions' | 'auth_tokens') =>
      t.database.db.selectFrom(table).selectAll().where('user_id', 'in', [tidy, unused]).execute();
    const before = [
      (await own('sessions')).length,
      (await own('auth_tokens')).length,
      (await t.database.db.selectFrom('rate_limits').selectAll().execute()).length,
    ];
    expect(before.every((count) => count > 0)).toBe(true);
    clock.advance({ days: 5 });
    await purgeExpiredIdentityData(contextFor(t.database, clock));
    for (const table of ['sessions', 'auth_tokens'] as const) {
      expect(await own(table), table).toEqual([]);
    }
    // Only the marks of addresses where a password was given right stay, for their 90 days (decision 047).
    const kept = await t.database.db.selectFrom('rate_limits').select('reset_at').execute();
    expect(kept.length).toBeGreaterThan(0);
    for (const { reset_at } of kept)
      expect(Date.parse(String(reset_at)) - clock.now().getTime()).toBeGreaterThan(80 * 24 * 3600 * 1000);
    clock.advance({ days: 90 });
    await purgeExpiredIdentityData(contextFor(t.database, clock));
    expect(await t.database.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });

  it('keeps an unused activation link when only the business calendar moved (clock:set), and removes it once it ran out in real time', async () => {
    const realTime = new ManualClock(clock.now());
    const ctx = contextFor(t.database, realTime);
    const { link } = await createStaffAccount(ctx, {
      role: 'evaluator',
      email: 'moved-clock@example.org',
      firstName: 'Eva',
      lastName: 'Valli',
    });
    const token = link.split('/').at(-1)!;
    const calendar = new ManualClock(realTime.now());
    calendar.advance({ days: 6 });
    await purgeExpiredIdentityData(
      createContext({ config: ctx.config, db: t.database.db, clock: calendar, securityClock: realTime }),
    );
    const activate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/activate',
        payload: { token, password: PASSWORD, password_confirmation: PASSWORD },
      });
    const tokens = () => t.database.db.selectFrom('auth_tokens').select('id').execute();
    expect(await tokens()).toHaveLength(1);
    realTime.advance({ days: 5 });
    await purgeExpiredIdentityData(
      createContext({ config: ctx.config, db: t.database.db, clock: calendar, securityClock: realTime }),
    );
    expect(await tokens()).toEqual([]);
    expect((await activate()).statusCode).toBe(404);
    // One kept by the moved calendar still works.
    const kept = await createStaffAccount(ctx, {
      role: 'evaluator',
      email: 'kept@example.org',
      firstName: 'Kai',
      lastName: 'Valli',
    });
    calendar.advance({ days: 6 });
    await purgeExpiredIdentityData(
      createContext({ config: ctx.config, db: t.database.db, clock: calendar, securityClock: realTime }),
    );
    const keptToken = kept.link.split('/').at(-1)!;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/activate',
          payload: { token: keptToken, password: PASSWORD, password_confirmation: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });
});
