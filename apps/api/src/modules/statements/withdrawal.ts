import type { AppContext } from '../../context';
import { sha256Hex } from '../../platform/ledger/entry';
import { queueApplicantMail } from '../mails/service';
import {
  findPendingStatementOfPractice,
  findPracticeOwner,
  findStatement,
  findStatementForChange,
  markPracticeStatementWithdrawn,
  markStatementRevoked,
} from './repository';

/** A statement that cannot be withdrawn: none with this id, or not the published one. */
export class WithdrawalError extends Error {}

/**
 * `lisbon statement:withdraw`: a published statement stops being valid for good (decision 097).
 * In one transaction, a `revoke` entry of the ledger for the certificate (its payload the SHA-256
 * of the reason given, its reference the statement's issue entry) and the status `revoked`: the
 * public check of its PDF says "NOT valid: this statement has been revoked", its wallet credentials
 * read revoked in the status list, and no new offer is made of it; the request's page says it was
 * withdrawn, and no appeal or amendment is asked for or issued. The applicant is mailed the reason,
 * in their language.
 */
export async function withdrawStatement(
  ctx: AppContext,
  { certificateId, reason }: { certificateId: string; reason: string },
): Promise<{ certificateId: string; entrySeq: number }> {
  const statement = await findStatement(ctx.db, certificateId);
  if (!statement) throw new WithdrawalError(`There is no statement with the id ${certificateId}.`);
  if (statement.status !== 'published' || !statement.issue_hash)
    throw new WithdrawalError(
      `The statement ${certificateId} is ${statement.status}: only the published version of a statement can be withdrawn.`,
    );
  const issueHash = statement.issue_hash;
  const at = ctx.clock.now().toISOString();
  const entry = await ctx.db.transaction().execute(async (trx) => {
    // The statement's row held (PostgreSQL) as a statement of appeal or an amended version would
    // hold it to be requested: of the two, the second sees the first.
    await findStatementForChange(trx, certificateId);
    if (await findPendingStatementOfPractice(trx, statement.practice_id))
      throw new WithdrawalError(
        `A statement of request ${statement.practice_id} is being published (an amended version or a statement of appeal): withdraw once it is published.`,
      );
    const revoke = await ctx.ledger.appendWithin(trx, {
      kind: 'revoke',
      certificateId,
      payloadHash: sha256Hex(reason),
      refHash: issueHash,
    });
    if (!(await markStatementRevoked(trx, { id: certificateId, at })))
      throw new WithdrawalError(`The statement ${certificateId} changed meanwhile: nothing was withdrawn.`);
    // The request's own statement (not a statement of appeal): its page says so, and no appeal follows.
    if (statement.kind === 'statement')
      await markPracticeStatementWithdrawn(trx, { practiceId: statement.practice_id, at });
    // In the same transaction: the holder is told once, if and only if the withdrawal commits.
    const owner = await findPracticeOwner(trx, statement.practice_id);
    if (owner)
      await queueApplicantMail(ctx, trx, 'statement-withdrawn', {
        userId: owner.user_id,
        practiceId: statement.practice_id,
        text: reason,
      });
    return revoke;
  });
  return { certificateId, entrySeq: entry.seq };
}
