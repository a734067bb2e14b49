import {
  type Abilities,
  abilitiesFor,
  isOneOf,
  type Locale,
  LOCALES,
  recordOf,
  type Role,
  ROLES,
  USER_CATEGORIES,
  type UserCategory,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import type { Db } from '../../platform/db/database';
import { changeFeedOf } from '../../platform/db/changes';
import { rowCache } from '../../platform/db/row-cache';
import { AppError } from '../../platform/errors';
import {
  deletePendingSession,
  deleteSession,
  deleteSessionIfAny,
  isSessionOpen,
  deleteSessionsExpiredBefore,
  deleteUserSessions,
  extendSession,
  findSessionWithUser,
  insertSession,
} from './repository';

/** The user a request acts for, as every module's service receives it. */
export type SessionUser = {
  id: number;
  email: string;
  role: Role;
  category: UserCategory;
  locale: Locale;
  abilities: Abilities;
  isTwoFactorEnabled: boolean;
};

export type RequestSession = {
  id: number;
  expiresAt: string;
  /** Two factors are on and this session has not passed the second one yet. */
  isSecondFactorPending: boolean;
  isExpired: boolean;
};

export type Authenticated = { user: SessionUser; session: RequestSession };

const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  isOneOf(values, value) ? value : fallback;

/** What a session user is made of: the account's identity, role and second factor. */
type AccountIdentity = {
  id: number;
  email: string;
  role: string;
  category: string;
  locale: string;
  two_factor_enabled_at: string | null;
  two_factor_secret: string | null;
};

/** Two factors are on once a secret is confirmed; sessions and the account pages read it alike. */
export const isTwoFactorEnabled = (
  account: Pick<AccountIdentity, 'two_factor_enabled_at' | 'two_factor_secret'>,
): boolean => account.two_factor_enabled_at !== null && account.two_factor_secret !== null;

export function toSessionUser(account: AccountIdentity): SessionUser {
  const role = pick(ROLES, account.role, 'applicant');
  return {
    id: account.id,
    email: account.email,
    role,
    category: pick(USER_CATEGORIES, account.category, 'standard'),
    locale: pick(LOCALES, account.locale, 'en-US'),
    abilities: abilitiesFor(role),
    isTwoFactorEnabled: isTwoFactorEnabled(account),
  };
}

const ttlSeconds = (ctx: AppContext) => ctx.config.sessionTtlMinutes * 60;

/**
 * The expiry a session gets when used at `now`: its idle lifetime from now, never past its
 * absolute lifetime from the login (OWASP ASVS: a stolen token does not live forever).
 */
export const slidExpiry = (ctx: AppContext, { now, openedAt }: { now: Date; openedAt: string }): string =>
  new Date(slidExpiryMs(ctx, now.getTime(), Date.parse(openedAt))).toISOString();

const slidExpiryMs = (ctx: AppContext, nowMs: number, openedAtMs: number): number =>
  Math.min(nowMs + ttlSeconds(ctx) * 1000, openedAtMs + ctx.config.sessionMaxHours * 3600_000);

/** A new session: the token is returned once, the database keeps only its SHA-256. */
export async function openSession(
  ctx: AppContext,
  db: Db,
  { userId, isTwoFactorPassed }: { userId: number; isTwoFactorPassed: boolean },
): Promise<{ token: string; expiresAt: string }> {
  const now = ctx.securityClock.now();
  const token = randomToken();
  const expiresAt = slidExpiry(ctx, { now, openedAt: now.toISOString() });
  await insertSession(db, {
    userId,
    tokenHash: sha256(token),
    expiresAt,
    now: now.toISOString(),
    isTwoFactorPassed,
  });
  return { token, expiresAt };
}

/**
 * The expiry is written only once it would move by a tenth of the idle lifetime (6 minutes of the
 * default hour), not on each of the calls every logged-in page makes every 10 s: a session then
 * expires at most a tenth early, and a short lifetime still slides.
 */
const extendStepMs = (ctx: AppContext) => (ttlSeconds(ctx) / 10) * 1000;

const ROLE_ABILITIES = recordOf(ROLES, (role) => Object.freeze(abilitiesFor(role)));

/** A session as the guard needs it, read with its user; no secret of the account is kept. */
type KnownSession = {
  id: number;
  user: SessionUser;
  expiresAt: string;
  expiresAtMs: number;
  openedAtMs: number;
  isSecondFactorPassed: boolean;
};

/**
 * Every logged-in page polls every 10 s, so the session and its user are kept in memory until
 * the database says the session or the user changed (decision 076): a logout, a revocation, a
 * closed account or a new role takes effect on every instance as the change commits.
 */
const knownSessions = rowCache<string, KnownSession | undefined>({
  maxEntries: 50_000,
  dependsOn: {
    sessions: (tokenHashes) => tokenHashes,
    users: function* (userIds, kept) {
      const changed = new Set(userIds);
      for (const tokenHash of kept.keys()) {
        const user = kept.get(tokenHash)?.user;
        if (user && changed.has(String(user.id))) yield tokenHash;
      }
    },
  },
});

async function readSession(db: Db, tokenHash: string): Promise<KnownSession | undefined> {
  const row = await findSessionWithUser(db, tokenHash);
  if (!row) return undefined;
  // Shared by every call of the session while kept (the abilities by every user of the role): frozen.
  const user = toSessionUser({ ...row, id: row.user_id });
  user.abilities = ROLE_ABILITIES[user.role];
  return {
    id: row.id,
    user: Object.freeze(user),
    expiresAt: row.expires_at,
    expiresAtMs: Date.parse(row.expires_at),
    openedAtMs: Date.parse(row.created_at),
    isSecondFactorPassed: row.two_factor_passed_at !== null,
  };
}

/**
 * The account whose live session, past its second factor, a bearer token (by its SHA-256) names,
 * without touching it; undefined for any other token. The global rate limit counts a call per
 * account only then, per address otherwise (decision 084): every session of an account shares the
 * one count. A session still waiting for its second factor (the password alone opens one) or
 * expired speaks for nobody: its calls spent the account's count, and whoever held the password,
 * or an old token, kept its owner out of every call, their second factor's included.
 */
export async function sessionUserIdOf(ctx: AppContext, tokenHash: string): Promise<number | undefined> {
  const session = await knownSessions(ctx.db, tokenHash, () => readSession(ctx.db, tokenHash));
  if (!session || session.expiresAtMs <= ctx.securityClock.now().getTime()) return undefined;
  if (session.user.isTwoFactorEnabled && !session.isSecondFactorPassed) return undefined;
  return session.user.id;
}

/**
 * The session of a bearer token (by its SHA-256, `bearerTokenHashOf`) and its user. Unknown token or closed account: 401
 * UNAUTHORIZED_ACCESS. An expired session is returned marked so (the guard answers TOKEN_EXPIRED,
 * logout still ends it); a live one slides its expiry forward.
 */
export async function resolveSession(ctx: AppContext, tokenHash: string): Promise<Authenticated> {
  const session = await knownSessions(ctx.db, tokenHash, () => readSession(ctx.db, tokenHash));
  if (!session) throw new AppError('UNAUTHORIZED_ACCESS');
  const { user } = session;
  const now = ctx.securityClock.now();
  const isExpired = session.expiresAtMs <= now.getTime();
  let { expiresAt } = session;
  if (!isExpired) {
    const extendedMs = slidExpiryMs(ctx, now.getTime(), session.openedAtMs);
    if (extendedMs - session.expiresAtMs >= extendStepMs(ctx)) {
      // The write drops the kept session: the next call reads the new expiry. This call may be a
      // GET, which does not wait for the instance to hear its changes (app.ts): it waits here, so
      // the next call on this instance never finds the old expiry kept.
      expiresAt = new Date(extendedMs).toISOString();
      await extendSession(ctx.db, session.id, expiresAt, now.toISOString());
      await changeFeedOf(ctx.db)?.settle();
    }
  }
  const isSecondFactorPending = user.isTwoFactorEnabled && !session.isSecondFactorPassed;
  return { user, session: { id: session.id, expiresAt, isSecondFactorPending, isExpired } };
}

/**
 * The second step of a login passed: the session limited to that step ends and a full one opens
 * under a new token (OWASP: a new session identifier on any change of privilege), so a token seen
 * before the second step (a log, a shared screen, a proxy) never becomes a login. Undefined when
 * the limited session has already ended, or passed through a concurrent call.
 */
export async function renewAfterSecondFactor(
  ctx: AppContext,
  db: Db,
  { sessionId, userId }: { sessionId: number; userId: number },
): Promise<{ token: string; expiresAt: string } | undefined> {
  if (!(await deletePendingSession(db, sessionId))) return undefined;
  return openSession(ctx, db, { userId, isTwoFactorPassed: true });
}

/**
 * Every session of the user ends, the acting one too, and a full one opens under a new token for
 * the device that asked. Two factors just turned on: for staff a change of privilege (their
 * abilities open only with two factors on), so the token the acting session had before (seen in a
 * log, on a shared screen, by a proxy) must not become a staff login (OWASP: a new session
 * identifier on any change of privilege). Logging out everywhere: no token from before lives on,
 * this device's included, which may be the one that was copied. Undefined, and nothing opened,
 * when the acting session has ended since the guard read it (a password reset or a deletion that
 * committed first): no session outlives the reset that ended every one. The caller holds the
 * account's row first on PostgreSQL, as a reset and a deletion do, so one of them sees the other.
 */
export async function renewEverySession(
  ctx: AppContext,
  db: Db,
  { userId, sessionId }: { userId: number; sessionId: number },
): Promise<{ token: string; expiresAt: string } | undefined> {
  if (!(await deleteSessionIfAny(db, sessionId))) return undefined;
  await deleteUserSessions(db, userId);
  return openSession(ctx, db, { userId, isTwoFactorPassed: true });
}

export const revokeSession = (db: Db, sessionId: number) => deleteSession(db, sessionId);

/** Ends every session of the user, or all but the one making the change. */
export const revokeUserSessions = (db: Db, userId: number, options: { exceptSessionId?: number } = {}) =>
  deleteUserSessions(db, userId, options.exceptSessionId);

/** Expired sessions are kept a day, so a late request still hears TOKEN_EXPIRED, then removed. */
export const purgeExpiredSessions = (ctx: AppContext) =>
  deleteSessionsExpiredBefore(ctx.db, isoAfter(ctx.securityClock.now(), -24 * 3600));

/**
 * Whether the acting session still exists inside a change's transaction: a password reset or a
 * deletion that committed since the guard read it ended it, and the change must not go on.
 */
export const isActingSessionOpen = (db: Db, sessionId: number): Promise<boolean> =>
  isSessionOpen(db, sessionId);
