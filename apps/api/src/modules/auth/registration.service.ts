import { DEFAULT_LOCALE, type Locale, type registerSchema, type StaffRole } from '@lisbon/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import {
  accountLocale,
  activateAccount,
  createAccount,
  findAccountByEmail,
  findAccountById,
  replacePendingRegistration,
} from '../users/accounts';
import { identityRequestJob } from './identity-request.job';
import { queueIdentityMail } from './mails';
import { assertAcceptablePassword, checkLinkToken } from './password.service';
import { countMailCall } from './rate-limits';
import { recordEvent, recordMailboxProof, type RequestMeta } from './service';
import { issueToken, redeemToken } from './tokens';

export type Registration = z.output<typeof registerSchema>;

/**
 * POST /auth/register. Counts the limits and queues the work (`identityRequestJob`): the answer
 * takes the same time whether the email is known or not. Past the email's limit it answers the same
 * and the job sends nothing (decision 111): its owner is never refused.
 */
export async function register(
  ctx: AppContext,
  input: Registration,
  meta: RequestMeta & { locale: Locale },
): Promise<void> {
  const mayMail = await countMailCall(ctx.limiter, {
    call: 'register',
    email: input.email,
    address: meta.address,
    addressLimit: ctx.config.registrationsPerAddress,
  });
  await ctx.queue.enqueue(ctx.db, identityRequestJob, {
    action: 'register',
    registration: input,
    locale: meta.locale,
    mail: mayMail,
  });
}

/**
 * The registration's work, in the job's transaction. A new email gets an inactive account and its
 * activation link. A known one gets a mail instead: "you already have an account" (or, if that
 * account was never activated, a fresh activation link, the applicant's details replaced by this
 * registration's: whoever registered the email first does not decide them). Nothing tells the
 * caller which happened. Without `mail` (the email's limit reached, decision 111) nothing is
 * mailed and no link is issued, but an account not yet activated still takes this registration's
 * details: the link mailed last activates the details of the latest registration, whichever mail
 * was held back (decision 106), so three registrations by someone else do not decide them either.
 */
export async function applyRegistration(
  ctx: AppContext,
  trx: Db,
  input: Registration,
  { locale, mail }: { locale: Locale; mail: boolean },
) {
  const existing = await findAccountByEmail(trx, input.email);
  if (existing?.activated_at) {
    if (mail) await queueIdentityMail(ctx, trx, 'already-registered', existing);
    return;
  }
  const details = {
    firstName: input.first_name,
    lastName: input.last_name,
    birthDate: input.birth_date,
    category: input.category,
    // The applicant's first visit: the language the form chose, else the browser's (decision 099).
    // Settled only when the registration chose one: one made with none (an API client, no UI
    // language) takes the browser's at the first login, as a staff account does.
    locale: accountLocale(input.locale, locale),
    isLocaleChosen: input.locale !== undefined,
    hasMarketingConsent: input.marketing_consent,
    hasAcceptedTerms: input.accept_terms,
    now: ctx.clock.now().toISOString(),
  };
  // A staff account waiting for its first login keeps what its administrator gave it. An account
  // activated since it was read above keeps the details it was activated with (decision 106): the
  // write changes nothing, and the registration is answered as one of an activated account.
  if (existing?.role === 'applicant' && !(await replacePendingRegistration(trx, existing.id, details))) {
    const current = await findAccountByEmail(trx, input.email);
    if (mail && current?.activated_at) await queueIdentityMail(ctx, trx, 'already-registered', current);
    return;
  }
  // Past the per-email limit no mail and no new link (decision 111): the link mailed last still works.
  if (existing && !mail) return;
  const userId =
    existing?.id ?? (await createAccount(trx, { ...details, email: input.email, role: 'applicant' }));
  const account = await findAccountById(trx, userId);
  if (!account) throw new AppError('api_error');
  const issued = await issueToken(ctx, trx, userId, 'activation');
  await queueIdentityMail(ctx, trx, 'activation', account, issued);
}

/** POST /auth/activate: the emailed token sets the password and activates the account; the address becomes known to it. */
export async function activate(
  ctx: AppContext,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<{ email: string }> {
  assertAcceptablePassword(input.password);
  await checkLinkToken(ctx, input.token, 'activation', meta);
  const passwordHash = await hashPassword(input.password);
  const email = await ctx.db.transaction().execute(async (trx) => {
    const userId = await redeemToken(ctx, trx, input.token, 'activation');
    const account = await findAccountById(trx, userId);
    if (!account) throw new AppError('TOKEN_NOT_FOUND');
    // The consents the account holds (the latest registration's) count from now (decision 106).
    await activateAccount(trx, userId, passwordHash, ctx.clock.now().toISOString());
    await recordEvent(ctx, trx, { userId, kind: 'activated' });
    return account.email;
  });
  // The token's holder proved the mailbox by opening its link: the login form offers the email, and
  // this address is known to the account.
  await recordMailboxProof(ctx, email, meta);
  return { email };
}

/**
 * POST /auth/activation/resend: the same answer for any email; the work is queued (see `register`).
 * Past the email's limit nothing is queued: the link mailed last still works (decision 111).
 */
export async function resendActivation(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const mayMail = await countMailCall(ctx.limiter, {
    call: 'resend',
    email,
    address: meta.address,
    addressLimit: ctx.config.linkRequestsPerAddress,
  });
  if (!mayMail) return;
  await ctx.queue.enqueue(ctx.db, identityRequestJob, { action: 'resend-activation', email });
}

/** A new link for an account not activated yet; nothing for any other email. */
export async function applyResendActivation(ctx: AppContext, trx: Db, email: string): Promise<void> {
  const account = await findAccountByEmail(trx, email);
  if (!account || account.activated_at) return;
  const issued = await issueToken(ctx, trx, account.id, 'activation');
  await queueIdentityMail(ctx, trx, 'activation', account, issued);
}

export type StaffAccount = {
  role: StaffRole;
  email: string;
  firstName: string;
  lastName: string;
  /** The language of the portal and mails for them (`--locale`); English when not given. */
  locale?: Locale | undefined;
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
      // Without `--locale` the first login's browser decides (decision 099); English until then.
      locale: staff.locale ?? DEFAULT_LOCALE,
      isLocaleChosen: staff.locale !== undefined,
      hasMarketingConsent: false,
      hasAcceptedTerms: false,
      now: ctx.clock.now().toISOString(),
    });
    const { token } = await issueToken(ctx, trx, userId, 'activation');
    return { userId, link: `${ctx.config.publicUrl}/auth/activate/${token}` };
  });
}
