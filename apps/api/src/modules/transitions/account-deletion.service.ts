import { closesOnAccountDeletion, PRACTICE_STATUSES } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { recordAuditEntry } from '../practice-records/audit.service';
import { isPublicationPending } from '../statements/publication.service';
import { countAssignedTo, findPracticesOfUserIn, updateInStatus } from './repository';

/**
 * Decision 052: the requests in progress of an account being deleted are closed, inside the
 * deletion's transaction, each with its audit entry — a close by the applicant, with no reason and
 * no mail of its own. Staff see them leave their queues.
 *
 * A request whose statement is being published waits for it, as it does for every staff move
 * (`awaitsPublication`): the deletion answers 409 ACCOUNT_PUBLICATION_PENDING and changes nothing
 * (the transaction rolls back). The check follows the close, which holds the request's row on
 * PostgreSQL: a `publish` committed meanwhile is seen, and one still to come finds the request
 * closed (409 PRACTICE_CHANGED). A request a staff member moved between the read and the close
 * fails the deletion the same way, 409 PRACTICE_CHANGED: trying again closes it where it now is.
 */
export async function closeRequestsInProgress(trx: Db, userId: number, at: string): Promise<void> {
  const closing = PRACTICE_STATUSES.filter(closesOnAccountDeletion);
  const practices = await findPracticesOfUserIn(trx, { userId, statuses: closing });
  for (const practice of practices) {
    const patch = { status: 'closed', updated_at: at };
    // Moved by staff since it was read: the deletion starts again from what is there now, rather
    // than leave the request behind in progress for an account that is gone.
    if (!(await updateInStatus(trx, { id: practice.id, from: practice.status, patch })))
      throw new AppError('PRACTICE_CHANGED');
    if (await isPublicationPending(trx, practice.id)) {
      throw new AppError('ACCOUNT_PUBLICATION_PENDING');
    }
    await recordAuditEntry(trx, {
      practiceId: practice.id,
      from: practice.status,
      to: 'closed',
      action: 'close',
      byUserId: userId,
      note: null,
      details: null,
      at,
    });
  }
}

/**
 * Decision 015: a member of staff's account is not deleted while requests in progress (submitted,
 * not final) are assigned to them, as evaluator or reviewer: they would hang on an account nobody
 * can log in to, out of every queue but the deleted person's. The deletion answers 409
 * ACCOUNT_REQUESTS_ASSIGNED with their number, for a secretary or an administrator to reassign
 * them first, and changes nothing. Called after the account's row is held: on PostgreSQL an
 * assignment to this person holds it too (`requireAssignable`), so one waits for the other.
 */
export async function refuseWhileRequestsAssigned(trx: Db, userId: number): Promise<void> {
  const count = await countAssignedTo(trx, {
    userId,
    statuses: PRACTICE_STATUSES.filter(closesOnAccountDeletion),
  });
  if (count > 0) throw new AppError('ACCOUNT_REQUESTS_ASSIGNED', { params: { count } });
}
