import type { LoginInput, Refresh, Session, User } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import type { Authenticated } from '../sessions/service';
import { openSession, purgeExpiredSessions, revokeSession } from '../sessions/service';
import { findAccountByEmail, isActive, isTwoFactorEnabled } from '../users/accounts';
import { getUser } from '../users/service';
import { loginBuckets, loginSuccessBuckets } from './rate-limits';
import { deleteTokensExpiredBefore, insertAuthEvent, type AuthEvent } from './repository';

/** What a service needs to know of the request beyond its body. */
export type RequestMeta = { address: string };

export const recordEvent = (ctx: AppContext, db: Db, event: AuthEvent) =>
  insertAuthEvent(db, event, ctx.clock.now().toISOString());

/**
 * POST /auth. Unknown email, wrong password and an account not activated yet get the same
 * 401 INVALID_CREDENTIALS after the same work: a password check, against a throwaway hash when
 * there is no real one. With two factors on, the session is limited to the second-factor step.
 */
export async function login(ctx: AppContext, input: LoginInput, meta: RequestMeta): Promise<Session> {
  const buckets = loginBuckets(input.email, meta.address);
  await ctx.limiter.assertOpen(buckets);
  const account = await findAccountByEmail(ctx.db, input.email);
  const activeAccount = account && isActive(account) ? account : undefined;
  const isMatch = await verifyPassword(activeAccount?.password_hash, input.password);
  if (!activeAccount || !isMatch) {
    await ctx.limiter.hit(buckets);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.limiter.reset(loginSuccessBuckets(input.email, meta.address));
  const session = await ctx.db.transaction().execute(async (trx) => {
    await recordEvent(ctx, trx, { userId: activeAccount.id, kind: 'login' });
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
      route: input.route ?? null,
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

/** Removes what has run out: sessions a day after expiry, link tokens, rate-limit counters. */
export async function purgeExpiredIdentityData(ctx: AppContext): Promise<void> {
  await purgeExpiredSessions(ctx);
  await deleteTokensExpiredBefore(ctx.db, isoAfter(ctx.clock.now(), -24 * 3600));
  await ctx.limiter.purgeExpired();
}
