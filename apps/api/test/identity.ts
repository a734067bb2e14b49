import type { Role, UserCategory } from '@lisbon/domain';
import { Secret, TOTP } from 'otpauth';
import { createContext, type App } from '../src/app';
import { activateAccount, createAccount } from '../src/modules/users/accounts';
import type { Clock } from '../src/platform/clock';
import { randomToken, sha256 } from '../src/platform/crypto';
import { hashPassword } from '../src/platform/passwords';
import { testConfig, type TestDatabase } from './helper';

/** Meets the spec rule and is on no common list. */
export const PASSWORD = 'Quiet#Harbour42';
export const NEW_PASSWORD = 'Amber&Lantern77';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type AccountFactory = {
  email: string;
  password?: string;
  role?: Role;
  category?: UserCategory;
  locale?: 'en-US' | 'it-IT';
  firstName?: string;
  isActive?: boolean;
};

/** An account straight in the database, active with PASSWORD unless told otherwise. */
export async function createUser(
  database: TestDatabase,
  clock: Clock,
  account: AccountFactory,
): Promise<number> {
  const now = clock.now().toISOString();
  const id = await createAccount(database.db, {
    email: account.email,
    firstName: account.firstName ?? 'Ada',
    lastName: 'Lovelace',
    birthDate: '1990-12-10',
    role: account.role ?? 'applicant',
    category: account.category ?? 'standard',
    locale: account.locale ?? 'en-US',
    isLocaleChosen: true,
    hasMarketingConsent: false,
    hasAcceptedTerms: true,
    now,
  });
  if (account.isActive !== false) {
    await activateAccount(database.db, id, await hashPassword(account.password ?? PASSWORD), now);
  }
  return id;
}

export async function login(app: App, email: string, password = PASSWORD, remoteAddress = '198.51.100.1') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    payload: { email, password },
    remoteAddress,
  });
  const body = response.json<{
    data: { access_token: string; expires_at: string; user_id: number; two_factor_required: boolean };
  }>();
  return { response, session: body.data, token: body.data?.access_token ?? '' };
}

export const totpCode = (secret: string, clock: Clock): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: clock.now().getTime(),
  });

/**
 * Turns two factors on for the session's user (its password asked again); answers the secret, the
 * recovery codes and the token of the new session (the one given has ended).
 */
export async function enableTwoFactor(app: App, token: string, clock: Clock, password = PASSWORD) {
  const setup = await app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup', headers: bearer(token) });
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const enable = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/2fa/enable',
    headers: bearer(token),
    payload: { code: totpCode(secret, clock), current_password: password },
  });
  const { recovery_codes, access_token } = enable.json<{
    data: { recovery_codes: string[]; access_token: string };
  }>().data;
  return { secret, recoveryCodes: recovery_codes, token: access_token };
}

export const contextFor = (database: TestDatabase, clock: Clock, env?: Record<string, string>) =>
  createContext({ config: testConfig(database, env), db: database.db, clock });

/**
 * A session straight in the database, lasting an hour on the clock: suites that call many
 * operations start each from a fresh one, whatever the last did to it.
 */
export async function sessionToken(
  database: TestDatabase,
  clock: Clock,
  userId: number,
  { twoFactorPassed = true }: { twoFactorPassed?: boolean } = {},
): Promise<string> {
  const token = randomToken();
  const now = clock.now().toISOString();
  await database.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      two_factor_passed_at: twoFactorPassed ? now : null,
      expires_at: new Date(clock.now().getTime() + 3600_000).toISOString(),
      last_used_at: now,
      created_at: now,
    })
    .execute();
  return token;
}
