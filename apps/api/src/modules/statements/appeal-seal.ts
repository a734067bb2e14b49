import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { queueApplicantMail } from '../transitions/mails';
import type { StatementRow } from './repository';

/**
 * The end of the publication of a statement of appeal or an amended statement (decision 026),
 * inside the seal step's transaction, after its seal entry: an amendment appends a `supersede`
 * entry for the statement it replaces (which stops being valid) before the new version becomes
 * the published one; then the request moves from `appeal_reviewed` to `appeal_issued` or
 * `amend_issued`, with its audit entry and the applicant's mail.
 */

export type StatementVariant = { kind: 'appeal' | 'amendment'; originalId: string };

export function statementVariantOf(statement: StatementRow): StatementVariant | undefined {
  if (!statement.original_id) return undefined;
  return { kind: statement.kind === 'appeal' ? 'appeal' : 'amendment', originalId: statement.original_id };
}

export async function completeAppealPublicationWithin(
  ctx: AppContext,
  trx: Db,
  {
    statement,
    sealHash,
    publishedAt,
    at,
  }: { statement: StatementRow; sealHash: string; publishedAt: string; at: string },
): Promise<void> {
  const variant = statementVariantOf(statement);
  if (!variant) throw new Error(`statement ${statement.id} is not an appeal or amendment`);
  if (variant.kind === 'amendment') {
    if (!statement.pdf_sha256 || !statement.issue_hash) throw new Error('amended statement not stored yet');
    await ctx.ledger.appendWithin(trx, {
      kind: 'supersede',
      certificateId: variant.originalId,
      payloadHash: statement.pdf_sha256,
      refHash: statement.issue_hash,
    });
    await trx
      .updateTable('statements')
      .set({ status: 'superseded', updated_at: at })
      .where('id', '=', variant.originalId)
      .where('status', '=', 'published')
      .execute();
  }
  await trx
    .updateTable('statements')
    .set({ status: 'published', seal_hash: sealHash, published_at: publishedAt, updated_at: at })
    .where('id', '=', statement.id)
    .where('status', '=', 'pending')
    .execute();
  const to = variant.kind === 'appeal' ? 'appeal_issued' : 'amend_issued';
  const moved = await trx
    .updateTable('practices')
    .set({ status: to, updated_at: at })
    .where('id', '=', statement.practice_id)
    .where('status', '=', 'appeal_reviewed')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    throw new Error(`request ${statement.practice_id} is no longer waiting for its appeal's statement`);
  }
  await trx
    .insertInto('practice_status_history')
    .values({
      practice_id: statement.practice_id,
      from_status: 'appeal_reviewed',
      to_status: to,
      action: variant.kind === 'appeal' ? 'issue_appeal' : 'issue_amendment',
      by_user_id: statement.requested_by,
      note: null,
      details: JSON.stringify({ certificate_id: statement.id, original_id: variant.originalId }),
      at,
    })
    .execute();
  const owner = await trx
    .selectFrom('practices')
    .select('user_id')
    .where('id', '=', statement.practice_id)
    .executeTakeFirst();
  if (owner) {
    await queueApplicantMail(ctx, trx, variant.kind === 'appeal' ? 'appeal-issued' : 'amend-issued', {
      userId: owner.user_id,
      practiceId: statement.practice_id,
    });
  }
}
