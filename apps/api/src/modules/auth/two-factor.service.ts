import type { z } from 'zod';
import type {
  Locale,
  Session,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { totpContext } from '../../platform/secret-box';
import { AppError, fieldError } from '../../platform/errors';
import type { RateBucket, Reservation } from '../../platform/rate-limit/limiter';
import type { Authenticated } from '../sessions/service';
import { renewAfterSecondFactor, renewEverySession, revokeUserSessions } from '../sessions/service';
import {
  acceptTotpCounter,
  disableTwoFactor,
  enableTwoFactor,
  findAccountById,
  setPendingTwoFactorSecret,
  takeBrowserLocale,
  type Account,
} from '../users/accounts';
import { endPendingOffers } from '../wallet/issuance.service';
import { queueIdentityMail } from './mails';
import { requireCurrentPassword, withdrawResetLinks } from './password.service';
import { twoFactorBuckets, twoFactorKnownAddressBucket } from './rate-limits';
import { deleteRecoveryCodes, replaceRecoveryCodes, useRecoveryCode } from './repository';
import { recordEvent, type RequestMeta } from './service';
import {
  hashRecoveryCode,
  isTotpShaped,
  newRecoveryCodes,
  newTotpSecret,
  normalizeCode,
  otpauthUrl,
  qrCodeDataUrl,
  totpStep,
} from './totp';

type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

async function accountOf(ctx: AppContext, { user }: Authenticated): Promise<Account> {
  const account = await findAccountById(ctx.db, user.id);
  if (!account) throw new AppError('UNAUTHORIZED_ACCESS');
  return account;
}

/** `verified`: two factors are on and this session has passed the second one. */
export function twoFactorStatus({ user, session }: Authenticated): TwoFactorStatus {
  return {
    enabled: user.isTwoFactorEnabled,
    verified: user.isTwoFactorEnabled && !session.isSecondFactorPending,
  };
}

/**
 * Before a code is checked, at the login's second step as to turn two factors on or off (decision
 * 084, as decision 047 for passwords): one rule in one place. The attempt is counted as a failure
 * would be, so that codes sent all at once find the others counted and no more than the limit are
 * checked; a refused one counts nothing. Wrong codes for the account at this address (5) refuse
 * there. Wrong codes for the account from everywhere (20) refuse only TOTP codes from addresses
 * where the account never passed its second factor: whoever holds the password cannot lock the
 * owner out of an address of theirs. A recovery code (50 random bits, ten of them) is never
 * refused by these counts, at any address: someone behind the owner's own address (an office's, a
 * university's) who spends its five TOTP tries cannot keep the owner out, and guessing 50 bits at
 * the flood limit's pace (300 calls a minute) takes longer than ever. The buckets counted.
 */
async function countCodeAttempt(
  ctx: AppContext,
  accountId: number,
  isRecoveryCode: boolean,
  meta: RequestMeta,
): Promise<CountedCode> {
  const none: CountedCode = { counted: [], reservations: [] };
  if (isRecoveryCode) return none;
  const [local, account] = twoFactorBuckets(accountId, meta.address);
  if (!local || !account) return none;
  const localReserved = await ctx.limiter.reserve([local]);
  if ((await ctx.limiter.count(twoFactorKnownAddressBucket(accountId, meta.address))) > 0)
    return { counted: [local], reservations: [localReserved] };
  try {
    const accountReserved = await ctx.limiter.reserve([account]);
    return { counted: [local, account], reservations: [localReserved, accountReserved] };
  } catch (error) {
    await ctx.limiter.refund(localReserved);
    throw error;
  }
}

/** A code attempt counted before its check: the buckets it was counted in, and the reservations. */
type CountedCode = { counted: RateBucket[]; reservations: Reservation[] };

/** A wrong code: it stays counted, and counts in the buckets its attempt was not counted in. */
async function recordCodeFailure(
  ctx: AppContext,
  { accountId, address, counted }: { accountId: number; address: string; counted: RateBucket[] },
): Promise<void> {
  const isCounted = (bucket: RateBucket) => counted.some((each) => each.rule.name === bucket.rule.name);
  await ctx.limiter.hit(twoFactorBuckets(accountId, address).filter((bucket) => !isCounted(bucket)));
}

/**
 * A current TOTP code (each time step once) or an unused recovery code, which is spent. Wrong
 * codes count against the account at this address and, more loosely, the account (429 beyond,
 * as `countCodeAttempt` says). A right one makes the address known to the account.
 */
async function checkCode(ctx: AppContext, account: Account, code: string, meta: RequestMeta): Promise<void> {
  const buckets = twoFactorBuckets(account.id, meta.address);
  const typed = normalizeCode(code);
  const { counted, reservations } = await countCodeAttempt(ctx, account.id, !isTotpShaped(typed), meta);
  // A check that failed on our side (the database lost for a moment, a 500) is no attempt: its
  // count is given back, or the owner retrying the right code would lock themselves out.
  const isValid = await isRightCode(ctx, account, typed).catch(async (error: unknown) => {
    await ctx.limiter.refund(...reservations);
    throw error;
  });
  if (!isValid) {
    await recordCodeFailure(ctx, { accountId: account.id, address: meta.address, counted });
    throw fieldError('code', 'twoFactorCodeInvalid');
  }
  await ctx.limiter.refund(...reservations);
  await ctx.limiter.reset(buckets.slice(0, 1));
  await rememberCodeAddress(ctx, account.id, meta);
}

/**
 * Whether the typed code is a current TOTP code (each time step once, taken) or an unused recovery
 * code (spent). A secret that does not open (the key was changed) still lets recovery codes in.
 */
async function isRightCode(ctx: AppContext, account: Account, typed: string): Promise<boolean> {
  const stored = account.two_factor_secret;
  if (!stored) return false;
  // An authenticator app shows the real time's code, whatever the business calendar says.
  const now = ctx.securityClock.now();
  if (!isTotpShaped(typed)) {
    return useRecoveryCode(ctx.db, account.id, hashRecoveryCode(typed), now.toISOString());
  }
  const secret = ctx.secrets.open(stored, totpContext(account.id));
  const step = secret ? totpStep(secret, typed, now) : null;
  return step !== null && (await acceptTotpCounter(ctx.db, account.id, step));
}

/** A right code at this address: the account knows the address for its second factor. */
async function rememberCodeAddress(ctx: AppContext, accountId: number, meta: RequestMeta): Promise<void> {
  const known = twoFactorKnownAddressBucket(accountId, meta.address);
  if ((await ctx.limiter.count(known)) === 0) await ctx.limiter.hit([known]);
}

/**
 * POST /auth/2fa: the second step of a login. The limited session ends and a full one opens with a
 * new token, answered as the login answers one (decision 013, amended 2026-12-05). The login is
 * complete: an account that never settled its language takes the browser's (`meta.locale`,
 * decision 099), which the password step alone does not give it.
 */
export async function verifySecondFactor(
  ctx: AppContext,
  auth: Authenticated,
  code: string,
  meta: RequestMeta & { locale: Locale },
): Promise<Session> {
  // No second factor, or this session passed it already: there is nothing to pass.
  if (!auth.session.isSecondFactorPending) throw new AppError('CONFLICT');
  const account = await accountOf(ctx, auth);
  await checkCode(ctx, account, code, meta);
  const session = await ctx.db.transaction().execute(async (trx) => {
    const renewed = await renewAfterSecondFactor(ctx, trx, {
      sessionId: auth.session.id,
      userId: auth.user.id,
    });
    // A concurrent call with the same token passed first: this token names no session any more.
    if (!renewed) throw new AppError('UNAUTHORIZED_ACCESS');
    await recordEvent(ctx, trx, { userId: auth.user.id, kind: 'two_factor_passed' });
    await takeBrowserLocale(trx, account, meta.locale, ctx.clock.now().toISOString());
    return renewed;
  });
  return {
    access_token: session.token,
    expires_at: session.expiresAt,
    user_id: auth.user.id,
    two_factor_required: false,
  };
}

/** POST /auth/2fa/setup: a new secret, pending until a code from it confirms it (enable). */
export async function setUpTwoFactor(ctx: AppContext, auth: Authenticated): Promise<TwoFactorSetup> {
  const account = await accountOf(ctx, auth);
  if (auth.user.isTwoFactorEnabled) throw new AppError('CONFLICT');
  // The QR code is drawn anew for each new secret: it counts against the render budget.
  await ctx.renderBudget.charge(account.id);
  const secret = newTotpSecret();
  await setPendingTwoFactorSecret(
    ctx.db,
    account.id,
    ctx.secrets.seal(secret, totpContext(account.id)),
    ctx.clock.now().toISOString(),
  );
  const url = otpauthUrl(secret, account.email);
  return { secret, otpauth_url: url, qr_code: await qrCodeDataUrl(url) };
}

/**
 * POST /auth/2fa/enable: the current password and a code from the pending secret turn two factors
 * on, give ten recovery codes (shown this once), end every session of the account and open a full
 * one under a new token, answered as the login answers one, withdraw unused reset links and end
 * the wallet offers whose credential is not issued yet (decisions 013, 015). A session alone (a shared computer, a copied token) cannot put a second
 * factor of its own on the account, and the token it had never becomes a staff login.
 */
export async function enableTwoFactorAuth(
  ctx: AppContext,
  auth: Authenticated,
  { code, current_password }: { code: string; current_password: string },
  meta: RequestMeta,
): Promise<TwoFactorEnabled> {
  const account = await accountOf(ctx, auth);
  const pending = account.two_factor_pending_secret;
  if (auth.user.isTwoFactorEnabled || !pending) throw new AppError('CONFLICT');
  await requireCurrentPassword(ctx, account, current_password, meta);
  const secret = ctx.secrets.open(pending, totpContext(account.id));
  if (secret === null) throw new AppError('CONFLICT');
  // The login's second step's rule: the account-wide count does not refuse an address it knows.
  const { counted, reservations } = await countCodeAttempt(ctx, account.id, false, meta);
  const now = ctx.securityClock.now();
  const typed = normalizeCode(code);
  const step = isTotpShaped(typed) ? totpStep(secret, typed, now) : null;
  if (step === null) {
    await recordCodeFailure(ctx, { accountId: account.id, address: meta.address, counted });
    throw fieldError('code', 'twoFactorCodeInvalid');
  }
  await ctx.limiter.refund(...reservations);
  const recoveryCodes = newRecoveryCodes();
  const session = await ctx.db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    // Asked twice at once (a double submission, two tabs): the second would replace the recovery
    // codes the first answered, and end its session; it changes nothing and answers 409 instead.
    const sealed = ctx.secrets.seal(secret, totpContext(account.id));
    if (!(await enableTwoFactor(trx, account.id, sealed, step, at))) throw new AppError('CONFLICT');
    await replaceRecoveryCodes(trx, account.id, recoveryCodes.map(hashRecoveryCode), at);
    await withdrawResetLinks(trx, account.id);
    // The row is held by the update above (PostgreSQL): a password reset or a deletion that
    // committed first ended this session, and two factors stay off (401).
    const renewed = await renewEverySession(ctx, trx, { userId: account.id, sessionId: auth.session.id });
    if (!renewed) throw new AppError('UNAUTHORIZED_ACCESS');
    await endPendingOffers(ctx, trx, account.id);
    await recordEvent(ctx, trx, { userId: account.id, kind: 'two_factor_enabled' });
    await queueIdentityMail(ctx, trx, 'two-factor-enabled', account);
    return renewed;
  });
  await rememberCodeAddress(ctx, account.id, meta);
  return {
    recovery_codes: recoveryCodes,
    access_token: session.token,
    expires_at: session.expiresAt,
    user_id: account.id,
    two_factor_required: false,
  };
}

/**
 * POST /auth/2fa/disable: needs a current code or a recovery code; ends the other sessions and,
 * as every call that ends them does, the wallet offers whose credential is not issued yet (decision 013).
 */
export async function disableTwoFactorAuth(
  ctx: AppContext,
  auth: Authenticated,
  code: string,
  meta: RequestMeta,
): Promise<TwoFactorStatus> {
  const account = await accountOf(ctx, auth);
  if (!auth.user.isTwoFactorEnabled) throw new AppError('CONFLICT');
  await checkCode(ctx, account, code, meta);
  await ctx.db.transaction().execute(async (trx) => {
    await disableTwoFactor(trx, account.id, ctx.clock.now().toISOString());
    await deleteRecoveryCodes(trx, account.id);
    await revokeUserSessions(trx, account.id, { exceptSessionId: auth.session.id });
    await endPendingOffers(ctx, trx, account.id);
    await recordEvent(ctx, trx, { userId: account.id, kind: 'two_factor_disabled' });
    await queueIdentityMail(ctx, trx, 'two-factor-disabled', account);
  });
  return { enabled: false, verified: false };
}
