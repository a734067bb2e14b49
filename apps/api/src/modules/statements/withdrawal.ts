import { createHmac, randomBytes } from 'node:crypto';
import { calendarDayOf } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { queueApplicantMail } from '../mails/service';
import { recordAuditEntry } from '../practice-records/audit.service';
import {
  findPendingStatementOfPractice,
  findPracticeOwner,
  findStatementForChange,
  findWithdrawal,
  insertWithdrawal,
  markPracticeStatementWithdrawn,
  markStatementRevoked,
} from './repository';

/** A statement that cannot be withdrawn: none with this id, or not the published one. */
export class WithdrawalError extends Error {}

/**
 * What a `revoke` entry's payload hash commits to (decision 097, amended 2026-12-05): HMAC-SHA-256
 * of the reason as given (UTF-8), keyed with the withdrawal's own random 256-bit salt (64 hex, in
 * `statement_withdrawals` beside the reason, never public). Without the salt the public hash says
 * nothing of the reason, so no one can test a guess against it; with the body's record anyone can
 * recompute it: `printf '%s' "$REASON" | openssl dgst -sha256 -mac HMAC -macopt hexkey:"$SALT"`.
 * Entries written before migration 111 keep the plain SHA-256 of the reason (append-only).
 */
export const withdrawalPayloadHash = (salt: string, reason: string): string =>
  createHmac('sha256', Buffer.from(salt, 'hex')).update(reason, 'utf8').digest('hex');

const SALT_BYTES = 32;

/** A withdrawal's day, as the operator's command says it: 2026-12-07. */

/**
 * `lisbon statement:withdraw`: a published statement stops being valid for good (decision 097).
 * In one transaction, the reason and a new random salt in the body's own record, a `revoke` entry
 * of the ledger for the certificate (its payload `withdrawalPayloadHash(salt, reason)`, its
 * reference the statement's issue entry) and the status `revoked`: the public check of its PDF says
 * "NOT valid: this statement has been revoked", its wallet credentials read revoked in the status
 * list, and no new offer is made of it; the request's page says it was withdrawn, and no appeal or
 * amendment is asked for or issued. The applicant is mailed the reason, in their language.
 *
 * Run again with the same reason once it has committed (a retried command), it answers the same
 * entry, `repeated`: the recorded salt is reused, never a new one, so the entry neither doubles
 * nor changes, and nothing is written or mailed again. Run with another reason, it says the
 * statement was withdrawn already, and on which day: nothing is written.
 */
export async function withdrawStatement(
  ctx: AppContext,
  { certificateId, reason }: { certificateId: string; reason: string },
): Promise<{ certificateId: string; entrySeq: number; repeated: boolean }> {
  const at = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    // The statement's row held (PostgreSQL) as a statement of appeal or an amended version would
    // hold it to be requested, or a second run of this command: of the two, the second sees the first.
    const statement = await findStatementForChange(trx, certificateId);
    if (!statement) throw new WithdrawalError(`There is no statement with the id ${certificateId}.`);
    const recorded = await findWithdrawal(trx, certificateId);
    const appendRevoke = (salt: string, refHash: string) =>
      ctx.ledger.appendWithin(trx, {
        kind: 'revoke',
        certificateId,
        payloadHash: withdrawalPayloadHash(salt, reason),
        refHash,
      });
    // The same withdrawal again, after it committed: the recorded salt gives the same hash, so the
    // ledger answers the entry already there and nothing is written or mailed.
    if (recorded?.reason === reason && statement.status === 'revoked' && statement.issue_hash) {
      const revoke = await appendRevoke(recorded.salt, statement.issue_hash);
      return { certificateId, entrySeq: revoke.seq, repeated: true };
    }
    // Withdrawn already, with another reason (or before migration 111 kept reasons): a statement is
    // withdrawn once, and the reason the applicant was given stays the one recorded.
    if (statement.status === 'revoked')
      throw new WithdrawalError(
        recorded
          ? `The statement ${certificateId} was withdrawn on ${calendarDayOf(new Date(recorded.created_at))} with another reason: a statement is withdrawn once, and its recorded reason stays. Nothing was written.`
          : `The statement ${certificateId} was withdrawn already: nothing was written.`,
      );
    if (statement.status !== 'published' || !statement.issue_hash)
      throw new WithdrawalError(
        `The statement ${certificateId} is ${statement.status}: only the published version of a statement can be withdrawn.`,
      );
    if (recorded)
      throw new WithdrawalError(
        `The statement ${certificateId} has a withdrawal recorded with another reason: nothing was withdrawn.`,
      );
    if (await findPendingStatementOfPractice(trx, statement.practice_id))
      throw new WithdrawalError(
        `A statement of request ${statement.practice_id} is being published (an amended version or a statement of appeal): withdraw once it is published.`,
      );
    // The salt is written with the entry that commits to it: a run that fails leaves neither.
    const salt = randomBytes(SALT_BYTES).toString('hex');
    await insertWithdrawal(trx, { certificateId, reason, salt, at });
    const revoke = await appendRevoke(salt, statement.issue_hash);
    if (!(await markStatementRevoked(trx, { id: certificateId, at })))
      throw new WithdrawalError(`The statement ${certificateId} changed meanwhile: nothing was withdrawn.`);
    // The request's own statement (not a statement of appeal): its page says so, and no appeal follows.
    if (statement.kind === 'statement')
      await markPracticeStatementWithdrawn(trx, { practiceId: statement.practice_id, at });
    // In the same transaction: the request's history says it, with the reason, for the staff who
    // read it (the applicant was told it; a colleague asked about it should know it too), and the
    // holder is told once, if and only if the withdrawal commits.
    const owner = await findPracticeOwner(trx, statement.practice_id);
    if (owner) {
      await recordAuditEntry(trx, {
        practiceId: statement.practice_id,
        from: owner.status,
        to: owner.status,
        action: 'statement_withdrawn',
        byUserId: null,
        note: null,
        details: { certificate_id: certificateId, reason },
        at,
      });
      await queueApplicantMail(ctx, trx, 'statement-withdrawn', {
        userId: owner.user_id,
        practiceId: statement.practice_id,
        text: reason,
      });
    }
    return { certificateId, entrySeq: revoke.seq, repeated: false };
  });
}
