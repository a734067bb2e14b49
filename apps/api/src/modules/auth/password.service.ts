import type { LinkTokenPurpose } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError, fieldError } from '../../platform/errors';
import { hashPassword, isCommonPassword } from '../../platform/passwords';
import { isActingSessionOpen, revokeUserSessions, type Authenticated } from '../sessions/service';
import {
  findAccountByEmail,
  findAccountById,
  isAccountGoneHeld,
  isActive,
  setPassword,
} from '../users/accounts';
import { endPendingOffers } from '../wallet/issuance.service';
import { identityRequestJob } from './identity-request.job';
import { queueIdentityMail } from './mails';
import { countMailCall, tokenBuckets } from './rate-limits';
import { deleteUnusedTokens } from './repository';
import {
  checkCountedPassword,
  countPasswordAttempt,
  forgetPasswordAttempt,
  recordEvent,
  recordMailboxProof,
  recordPasswordFailure,
  type RequestMeta,
} from './service';
import { findToken, findUsedTokenUser, issueToken, redeemToken } from './tokens';

/** The spec rule is checked by the body schema; on top of it, the common-password list. */
export function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) throw fieldError('password', 'passwordCommon');
}

/**
 * A token check. A valid token is always accepted: a shared address past its limit (someone behind
 * it sending made-up tokens) never refuses the link just mailed to a user there, and guessing one of
 * 256 random bits gains nothing from the limit's absence. A wrong token answers 429 at an address
 * past its limit, else 404, and counts against the address. Also POST /auth/check-token, which the
 * link pages call on opening: it never uses the token up.
 *
 * An activation link already used, of an account that is active, answers 409
 * ACCOUNT_ALREADY_ACTIVE instead, uncounted, like a valid token: its holder opened the mail sent to
 * the account's address (or has it from that mailbox), who knows the account is theirs; the answer
 * names no email nor anyone, and one of 256 random bits is no more guessed for it. Until the purge
 * removes the used token, a day after its expiry; then, like any unknown token, 404.
 */
export async function checkLinkToken(
  ctx: AppContext,
  token: string,
  purpose: LinkTokenPurpose,
  meta: RequestMeta,
): Promise<void> {
  try {
    await findToken(ctx, ctx.db, token, purpose);
  } catch (error) {
    if (purpose === 'activation' && (await isActivationOfActiveAccount(ctx, token))) {
      throw new AppError('ACCOUNT_ALREADY_ACTIVE');
    }
    const buckets = tokenBuckets(meta.address);
    await ctx.limiter.assertOpen(buckets);
    await ctx.limiter.hit(buckets);
    throw error;
  }
}

/** Whether `token` is an activation link already used whose account is active (not deleted since). */
async function isActivationOfActiveAccount(ctx: AppContext, token: string): Promise<boolean> {
  const userId = await findUsedTokenUser(ctx.db, token, 'activation');
  if (userId === undefined) return false;
  const account = await findAccountById(ctx.db, userId);
  return account !== undefined && isActive(account);
}

/**
 * POST /auth/forgot-password: the same answer, in the same time, for every email; the work is
 * queued. Past the email's limit nothing is queued: the link mailed last still works (decision 111).
 */
export async function forgotPassword(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const mayMail = await countMailCall(ctx.limiter, {
    call: 'forgot',
    email,
    address: meta.address,
    addressLimit: ctx.config.linkRequestsPerAddress,
  });
  if (!mayMail) return;
  await ctx.queue.enqueue(ctx.db, identityRequestJob, { action: 'forgot-password', email });
}

/**
 * Only an active account gets a reset link (an account not activated yet gets its activation link
 * instead); nothing for any other email.
 */
export async function applyForgotPassword(ctx: AppContext, trx: Db, email: string): Promise<void> {
  const account = await findAccountByEmail(trx, email);
  if (!account) return;
  if (isActive(account)) {
    const issued = await issueToken(ctx, trx, account.id, 'password_reset');
    await queueIdentityMail(ctx, trx, 'password-reset', account, issued);
  } else if (account.activated_at === null) {
    const issued = await issueToken(ctx, trx, account.id, 'activation');
    await queueIdentityMail(ctx, trx, 'activation', account, issued);
  }
}

/**
 * Every reset link of the account not used yet stops working (decision 015): once the password is
 * changed, reset, or two factors are turned on, a link mailed before must not set another one.
 */
export const withdrawResetLinks = (trx: Db, userId: number): Promise<number> =>
  deleteUnusedTokens(trx, userId, 'password_reset');

/**
 * POST /auth/reset-password: a new password from an emailed link; every session ends, and with them
 * the wallet offers whose credential is not issued yet, as at a log out everywhere (decision 013),
 * other links die, and the address is known to the account from then on (`recordMailboxProof`).
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  assertAcceptablePassword(input.password);
  await checkLinkToken(ctx, input.token, 'password_reset', meta);
  const passwordHash = await hashPassword(input.password);
  const email = await ctx.db.transaction().execute(async (trx) => {
    const userId = await redeemToken(ctx, trx, input.token, 'password_reset');
    const account = await findAccountById(trx, userId);
    if (!account) throw new AppError('TOKEN_NOT_FOUND');
    await setPassword(trx, userId, passwordHash, ctx.clock.now().toISOString());
    await withdrawResetLinks(trx, userId);
    await revokeUserSessions(trx, userId);
    await endPendingOffers(ctx, trx, userId);
    await recordEvent(ctx, trx, { userId, kind: 'password_reset' });
    await queueIdentityMail(ctx, trx, 'password-changed', account);
    return account.email;
  });
  await recordMailboxProof(ctx, email, meta);
}

/**
 * The account's current password, asked again before a change of how it logs in (a new password,
 * two factors on): a session alone does not suffice. A wrong one answers 422 on `current_password`
 * and counts like a failed login.
 */
export async function requireCurrentPassword(
  ctx: AppContext,
  account: { id: number; email: string; password_hash: string | null },
  password: string,
  meta: RequestMeta,
): Promise<void> {
  const attempt = await countPasswordAttempt(ctx, { email: account.email, userId: account.id }, meta);
  if (!(await checkCountedPassword(ctx, attempt, account.password_hash, password))) {
    await recordPasswordFailure(ctx, attempt);
    throw fieldError('current_password', 'currentPasswordWrong');
  }
  await forgetPasswordAttempt(ctx, attempt);
}

/**
 * POST /auth/update-password: the current password is required (a wrong one counts like a
 * failed login); the other sessions end, this one stays, unused reset links stop working, and the
 * wallet offers whose credential is not issued yet end, as at a log out everywhere (decision 013).
 */
export async function updatePassword(
  ctx: AppContext,
  { user, session }: Authenticated,
  input: { current_password: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const account = await findAccountById(ctx.db, user.id);
  if (!account) throw new AppError('UNAUTHORIZED_ACCESS');
  await requireCurrentPassword(ctx, account, input.current_password, meta);
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    // The account's row held first (PostgreSQL), as a password reset or a deletion holds it: one
    // that committed since the guard read this session ended it, and its new password stands (401).
    if (await isAccountGoneHeld(trx, account.id)) throw new AppError('UNAUTHORIZED_ACCESS');
    if (!(await isActingSessionOpen(trx, session.id))) throw new AppError('UNAUTHORIZED_ACCESS');
    await setPassword(trx, account.id, passwordHash, ctx.clock.now().toISOString());
    await withdrawResetLinks(trx, account.id);
    await revokeUserSessions(trx, account.id, { exceptSessionId: session.id });
    // The offers shown by the sessions it ended, or anywhere else, end with them (decision 013).
    await endPendingOffers(ctx, trx, account.id);
    await recordEvent(ctx, trx, { userId: account.id, kind: 'password_changed' });
    await queueIdentityMail(ctx, trx, 'password-changed', account);
  });
}
