import { isSameEmail } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError, fieldError } from '../../platform/errors';
import { deleteDocumentsOfDeletedAccount, removeStoredFiles } from '../documents/service';
import { requireOwnUser } from '../sessions/guard';
import { revokeUserSessions, type Authenticated } from '../sessions/service';
import { endPendingOffers } from '../wallet/issuance.service';
import {
  closeRequestsInProgress,
  refuseWhileRequestsAssigned,
} from '../transitions/account-deletion.service';
import { anonymiseAccount, findAccountById, isAccountGoneHeld } from '../users/accounts';
import { queueIdentityMail } from './mails';
import { deleteRecoveryCodes, deleteUserTokens } from './repository';
import { recordEvent } from './service';
import { refreshSearchText } from '../practice-records/search-text';

/**
 * DELETE /users/{id}: the user types their own email to confirm ('The email address does not
 * match.' otherwise). Personal data, sessions, link tokens and second factor are erased, and the
 * wallet offers whose credential is not issued yet end (decision 013); the row stays, anonymised,
 * because records the law keeps (invoices) reference its id. The goodbye mail is queued to the
 * address before it is erased. Requests in progress are closed (decision 052); fees paid are not
 * refunded. The draft and the documents that belong to no request are deleted with their rows, and
 * their files removed once committed, as a draft's own deletion does (a crash in between leaves
 * files the sweep removes). An open checkout does not hold the deletion back: its draft goes all
 * the same, and a payment that settles afterwards finds its request gone, submits nothing and is
 * refunded by itself (decision 020). A member of staff to whom requests in progress are still
 * assigned is refused (409 ACCOUNT_REQUESTS_ASSIGNED, decision 015) until they are reassigned.
 */
export async function deleteAccount(
  ctx: AppContext,
  { user }: Authenticated,
  userId: number,
  typedEmail: string,
): Promise<void> {
  requireOwnUser(user, userId);
  const account = await findAccountById(ctx.db, userId);
  if (!account) throw new AppError('NOT_FOUND');
  if (!isSameEmail(typedEmail, account.email)) throw fieldError('email', 'emailMismatch');
  const files = await ctx.db.transaction().execute(async (trx) => {
    // The account's row first, held to the commit (PostgreSQL): a payment settling meanwhile
    // either sees the deletion and refunds, or submits first and has its request closed below.
    if (await isAccountGoneHeld(trx, userId)) throw new AppError('NOT_FOUND');
    // Staff: nothing of the deletion happens while requests in progress are theirs (decision 015).
    await refuseWhileRequestsAssigned(trx, userId);
    await queueIdentityMail(ctx, trx, 'account-deleted', account);
    await revokeUserSessions(trx, userId);
    // As a log out everywhere does (decision 013): an offer shown before gives no credential after.
    await endPendingOffers(ctx, trx, userId);
    await deleteUserTokens(trx, userId);
    await deleteRecoveryCodes(trx, userId);
    await closeRequestsInProgress(trx, userId, ctx.clock.now().toISOString());
    // Never submitted: nothing the law keeps, nor anyone left to reach it (decision 052).
    const keys = await deleteDocumentsOfDeletedAccount(trx, userId);
    await anonymiseAccount(trx, userId, ctx.clock.now().toISOString());
    // Staff search no longer finds the requests by the names and addresses just erased (decision 069).
    await refreshSearchText(trx, { userId });
    await recordEvent(ctx, trx, { userId, kind: 'account_deleted' });
    return keys;
  });
  await removeStoredFiles(ctx, files);
}
