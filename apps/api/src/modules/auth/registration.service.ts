import type { Locale, registerSchema, Role } from '@lisbon/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { activateAccount, createAccount, findAccountByEmail, findAccountById } from '../users/accounts';
import { queueIdentityMail } from './mails';
import { assertAcceptablePassword, checkLinkToken } from './password.service';
import { mailBuckets } from './rate-limits';
import { recordEvent, type RequestMeta } from './service';
import { issueToken, redeemToken } from './tokens';

export type Registration = z.output<typeof registerSchema>;

/**
 * POST /auth/register. A new email gets an inactive account and its activation link. A known one
 * gets the same answer and a mail instead: "you already have an account" (or, if that account was
 * never activated, a fresh activation link). Nothing tells the caller which happened.
 */
export async function register(
  ctx: AppContext,
  input: Registration,
  meta: RequestMeta & { locale: Locale },
): Promise<void> {
  await ctx.limiter.consume(mailBuckets('register', input.email, meta.address));
  try {
    await registerOnce(ctx, input, meta);
  } catch (error) {
    // Two registrations of the same new email at once: the loser finds the winner's row on a second pass.
    if (!isUniqueViolation(error)) throw error;
    await registerOnce(ctx, input, meta);
  }
}

async function registerOnce(ctx: AppContext, input: Registration, meta: RequestMeta & { locale: Locale }) {
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await findAccountByEmail(trx, input.email);
    if (existing?.activated_at) {
      await queueIdentityMail(ctx, trx, 'already-registered', existing);
      return;
    }
    const userId =
      existing?.id ??
      (await createAccount(trx, {
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        birthDate: input.birth_date,
        role: 'applicant',
        category: input.category,
        locale: input.locale ?? meta.locale,
        hasMarketingConsent: input.marketing_consent,
        hasAcceptedTerms: input.accept_terms,
        now: ctx.clock.now().toISOString(),
      }));
    const account = await findAccountById(trx, userId);
    if (!account) throw new AppError('api_error');
    const issued = await issueToken(ctx, trx, userId, 'activation');
    await queueIdentityMail(ctx, trx, 'activation', account, issued);
  });
}

/** POST /auth/activate: the emailed token sets the password and activates the account. */
export async function activate(
  ctx: AppContext,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  assertAcceptablePassword(input.password);
  await checkLinkToken(ctx, input.token, 'activation', meta);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await redeemToken(ctx, trx, input.token, 'activation');
    await activateAccount(trx, userId, passwordHash, ctx.clock.now().toISOString());
    await recordEvent(ctx, trx, { userId, kind: 'activated' });
  });
}

/** POST /auth/activation/resend: a new link for an account not activated yet; the same answer for any email. */
export async function resendActivation(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.limiter.consume(mailBuckets('resend', email, meta.address));
  await ctx.db.transaction().execute(async (trx) => {
    const account = await findAccountByEmail(trx, email);
    if (!account || account.activated_at) return;
    const issued = await issueToken(ctx, trx, account.id, 'activation');
    await queueIdentityMail(ctx, trx, 'activation', account, issued);
  });
}

export type StaffAccount = {
  role: Exclude<Role, 'applicant'>;
  email: string;
  firstName: string;
  lastName: string;
};

/** `npm run cli -- user:create`: a staff account, inactive until its link is opened. Answers the link. */
export async function createStaffAccount(
  ctx: AppContext,
  staff: StaffAccount,
): Promise<{ userId: number; link: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    if (await findAccountByEmail(trx, staff.email)) {
      throw new AppError('CONFLICT', { message: `An account with the email ${staff.email} already exists.` });
    }
    const userId = await createAccount(trx, {
      email: staff.email,
      firstName: staff.firstName,
      lastName: staff.lastName,
      birthDate: null,
      role: staff.role,
      category: 'standard',
      locale: 'en-US',
      hasMarketingConsent: false,
      hasAcceptedTerms: false,
      now: ctx.clock.now().toISOString(),
    });
    const { token } = await issueToken(ctx, trx, userId, 'activation');
    return { userId, link: `${ctx.config.publicUrl}/auth/activate/${token}` };
  });
}
