import type { Locale, LoginInput, Refresh, Session, User } from '@lisbon/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { RateBucket, Reservation } from '../../platform/rate-limit/limiter';
import { AppError } from '../../platform/errors';
import { passwordWork, verifyPassword } from '../../platform/passwords';
import type { Authenticated } from '../sessions/service';
import { isTwoFactorEnabled, openSession, purgeExpiredSessions, revokeSession } from '../sessions/service';
import { findAccountByEmail, isActive, takeBrowserLocale } from '../users/accounts';
import { getUser } from '../users/service';
import {
  knownAddressBucket,
  loginAccountBucket,
  loginBuckets,
  loginAccountAddressBucket,
  loginAddressBucket,
  loginSuccessBuckets,
} from './rate-limits';
import { deleteTokensExpiredBefore, insertAuthEvent, type AuthEvent } from './repository';
import { redactUrl } from '../../platform/logger';

/** What a service needs to know of the request beyond its body. */
export type RequestMeta = {
  address: string;
  /** The request's logger, for what operators should see (an account under attack). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

export const recordEvent = (ctx: AppContext, db: Db, event: AuthEvent) =>
  insertAuthEvent(db, event, ctx.clock.now().toISOString());

/**
 * POST /auth. Unknown email, wrong password and an account not activated yet get the same
 * 401 INVALID_CREDENTIALS after the same work: a password check, against a throwaway hash when
 * there is no real one. With two factors on, the session is limited to the second-factor step.
 */
/** A password given for an account: its email as typed, and its id when an account has that email. */
export type PasswordAttempt = { email: string; userId: number | null };

/**
 * A password attempt counted before its check: whose, from where, the buckets it was counted in and
 * the reservations that counted it (given back as they were counted).
 */
export type CountedPasswordAttempt = {
  email: string;
  /** The account's id, when an account has that email: what a log line about the attempt names. */
  userId: number | null;
  address: string;
  counted: RateBucket[];
  reservations: Reservation[];
  log?: RequestMeta['log'];
};

/**
 * Before a password is checked (decision 047), the attempt is counted as a failure would be, so
 * that attempts sent all at once, each waiting for its hash, find the others counted and no more
 * than the limit are checked. Failures at this address for this account (5) refuse with 429
 * there. Failures at this address for any account (100) and for the account from everywhere (30)
 * refuse only addresses where the account's password was never given right: an attacker spread
 * over many addresses, or many accounts tried from a shared address, slows every other address
 * down, never the user at an address of theirs (decision 084). A refused attempt counts nothing:
 * that includes one the instance has no room to check now, from this address or at all
 * (429 PASSWORD_CHECKS_BUSY, asked first).
 */
export async function countPasswordAttempt(
  ctx: AppContext,
  { email, userId }: PasswordAttempt,
  meta: RequestMeta,
): Promise<CountedPasswordAttempt> {
  passwordWork.assertRoom(meta.address);
  const pair = loginAccountAddressBucket(email, meta.address);
  const pairReserved = await ctx.limiter.reserve([pair]);
  const attempt: CountedPasswordAttempt = {
    email,
    userId,
    address: meta.address,
    counted: [pair],
    reservations: [pairReserved],
    ...(meta.log ? { log: meta.log } : {}),
  };
  if ((await ctx.limiter.count(knownAddressBucket(email, meta.address))) > 0) return attempt;
  let addressReserved: Reservation;
  try {
    addressReserved = await ctx.limiter.reserve([loginAddressBucket(meta.address)]);
  } catch (error) {
    await ctx.limiter.refund(pairReserved);
    throw error;
  }
  let accountReserved: Reservation;
  try {
    accountReserved = await ctx.limiter.reserve([loginAccountBucket(email)]);
  } catch (error) {
    await ctx.limiter.refund(pairReserved, addressReserved);
    // The account's id, never its email, so operators can find the account the log line is about.
    meta.log?.warn(
      { userId, address: meta.address },
      'an account past its failed-login limit: a password from an address it does not know is refused',
    );
    throw error;
  }
  return {
    ...attempt,
    counted: loginBuckets(email, meta.address),
    reservations: [pairReserved, addressReserved, accountReserved],
  };
}

/** A wrong password: it stays counted, and counts too where the known address spared it the count. */
export async function recordPasswordFailure(ctx: AppContext, attempt: CountedPasswordAttempt): Promise<void> {
  const isCounted = (bucket: RateBucket) =>
    attempt.counted.some((counted) => counted.rule.name === bucket.rule.name);
  await ctx.limiter.hit(loginBuckets(attempt.email, attempt.address).filter((bucket) => !isCounted(bucket)));
}

/**
 * The password checked for a counted attempt. A check that failed on our side, or that the
 * instance had no room for (429 PASSWORD_CHECKS_BUSY), is no attempt: its count is given back,
 * or an owner retrying the right password while the portal is busy would lock themselves out.
 * Giving it back is best effort: should that fail too (the database briefly away), the attempt
 * stays counted, the operator is told, and the check's own error is the one answered (a 429, not a 500).
 */
export async function checkCountedPassword(
  ctx: AppContext,
  attempt: CountedPasswordAttempt,
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  try {
    return await verifyPassword(storedHash, password, attempt.address);
  } catch (error) {
    await forgetPasswordAttempt(ctx, attempt).catch((refundError: unknown) => {
      // The account's id and the address, never the email or the password; of the error only what
      // it is, as a database's message may quote what it was given.
      attempt.log?.warn(
        { userId: attempt.userId, address: attempt.address, error: errorKind(refundError) },
        'a password attempt not checked could not be given back: it stays counted',
      );
    });
    throw error;
  }
}

/** What an error is, without its message: its name and, for a driver's error, its code. */
function errorKind(error: unknown): { name: string; code?: string } {
  if (!(error instanceof Error)) return { name: typeof error };
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? { name: error.name, code } : { name: error.name };
}

/** A right password is no failure: the attempt's count is taken back. */
export const forgetPasswordAttempt = (ctx: AppContext, attempt: CountedPasswordAttempt): Promise<void> =>
  ctx.limiter.refund(...attempt.reservations);

/** A correct password: this address's failures are forgotten and the address is known to the account. */
export async function recordPasswordSuccess(
  ctx: AppContext,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  await ctx.limiter.reset(loginSuccessBuckets(email, meta.address));
  const known = knownAddressBucket(email, meta.address);
  if ((await ctx.limiter.count(known)) === 0) await ctx.limiter.hit([known]);
}

/**
 * An emailed link opened (a password reset, an activation): its holder owns the mailbox, so the
 * account-wide failure count is forgotten and the address becomes known to the account, as after a
 * correct password. The user of a new address refused during a spread attack gets in by resetting
 * their password there (decision 047); a wrong password still counts at that address.
 */
export async function recordMailboxProof(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.limiter.reset([loginAccountBucket(email)]);
  await recordPasswordSuccess(ctx, email, meta);
}

/**
 * POST /auth: `meta.locale` is the language the browser asks for, which an account that never
 * settled one takes at this login (decision 099) once the login is complete: here for an account
 * without a second factor, at POST /auth/2fa for one with it. A password alone changes nothing.
 */
export async function login(
  ctx: AppContext,
  input: LoginInput,
  meta: RequestMeta & { locale: Locale },
): Promise<Session> {
  const account = await findAccountByEmail(ctx.db, input.email);
  const attempt = await countPasswordAttempt(ctx, { email: input.email, userId: account?.id ?? null }, meta);
  const activeAccount = account && isActive(account) ? account : undefined;
  const isMatch = await checkCountedPassword(ctx, attempt, activeAccount?.password_hash, input.password);
  if (!activeAccount || !isMatch) {
    await recordPasswordFailure(ctx, attempt);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await forgetPasswordAttempt(ctx, attempt);
  await recordPasswordSuccess(ctx, input.email, meta);
  const session = await ctx.db.transaction().execute(async (trx) => {
    await recordEvent(ctx, trx, { userId: activeAccount.id, kind: 'login' });
    if (!isTwoFactorEnabled(activeAccount)) {
      await takeBrowserLocale(trx, activeAccount, meta.locale, ctx.clock.now().toISOString());
    }
    return openSession(ctx, trx, { userId: activeAccount.id, isTwoFactorPassed: false });
  });
  return {
    access_token: session.token,
    expires_at: session.expiresAt,
    user_id: activeAccount.id,
    two_factor_required: isTwoFactorEnabled(activeAccount),
  };
}

/** POST /auth/logout: ends the session and records where and why (spec §7). */
export async function logout(
  ctx: AppContext,
  { user, session }: Authenticated,
  input: { route?: string | undefined; cause: string },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSession(trx, session.id);
    await recordEvent(ctx, trx, {
      userId: user.id,
      kind: 'logout',
      // Where the session ended, without the link's token when it ended on a token's page (decision 083).
      // Cut to the column's 2,048 characters: `[redacted]` may be longer than what it stands for.
      route: input.route === undefined ? null : redactUrl(input.route).slice(0, 2048),
      cause: input.cause,
    });
  });
}

/** POST /auth/refresh: the guard has already slid the expiry forward; this reports it. */
export function refresh({ user, session }: Authenticated): Refresh {
  return { expires_at: session.expiresAt, user_id: user.id };
}

/** GET /auth/me: the session's own profile, with its abilities map. */
export function me(ctx: AppContext, { user }: Authenticated): Promise<User> {
  return getUser(ctx, user, user.id);
}

/**
 * Removes what has run out: sessions a day after expiry, link tokens, rate-limit counters. All on
 * real time (the security clock): links are made on it, and a moved test clock must not spend them.
 */
export async function purgeExpiredIdentityData(ctx: AppContext): Promise<void> {
  await purgeExpiredSessions(ctx);
  await deleteTokensExpiredBefore(ctx.db, isoAfter(ctx.securityClock.now(), -24 * 3600));
  await ctx.limiter.purgeExpired();
}
