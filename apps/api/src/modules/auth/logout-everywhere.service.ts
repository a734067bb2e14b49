import type { Session } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { renewEverySession, type Authenticated } from '../sessions/service';
import { findAccountById, isAccountGoneHeld } from '../users/accounts';
import { endPendingOffers } from '../wallet/issuance.service';
import { requireCurrentPassword } from './password.service';
import { recordEvent, type RequestMeta } from './service';

/**
 * POST /auth/logout-everywhere: with the current password re-entered (OWASP ASVS 3.3.4; a wrong one
 * answers 422 on `current_password` and counts like a failed login, as for a new password), every
 * session of the account ends, on every device, this one too, and a new one opens for the device
 * that asked, answered as the login answers one (decision 013). No token from before lives on: not
 * another device's, nor this device's own, which may be the copy the user fears; and a copied token
 * without the password cannot end the owner's sessions and keep its own. The wallet offers whose
 * credential is not issued yet end too; share links stay, the owner's deliberate shares, listed and revoked one by
 * one (decision 013).
 */
export async function logoutEverywhere(
  ctx: AppContext,
  auth: Authenticated,
  input: { current_password: string },
  meta: RequestMeta,
): Promise<Session> {
  const account = await findAccountById(ctx.db, auth.user.id);
  if (!account) throw new AppError('UNAUTHORIZED_ACCESS');
  await requireCurrentPassword(ctx, account, input.current_password, meta);
  const session = await ctx.db.transaction().execute(async (trx) => {
    // The account's row held first (PostgreSQL), as a password reset or a deletion holds it: one
    // committing meanwhile ended this session, and this call then opens none (401).
    if (await isAccountGoneHeld(trx, account.id)) throw new AppError('UNAUTHORIZED_ACCESS');
    const renewed = await renewEverySession(ctx, trx, { userId: account.id, sessionId: auth.session.id });
    if (!renewed) throw new AppError('UNAUTHORIZED_ACCESS');
    // What a session showed that still gives something: the wallet offers not issued yet.
    await endPendingOffers(ctx, trx, account.id);
    await recordEvent(ctx, trx, { userId: account.id, kind: 'logout_everywhere' });
    return renewed;
  });
  return {
    access_token: session.token,
    expires_at: session.expiresAt,
    user_id: account.id,
    two_factor_required: false,
  };
}
