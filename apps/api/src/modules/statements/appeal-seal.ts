import { findTransition } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { queueApplicantMail } from '../mails/service';
import {
  findPracticeOwner,
  markStatementPublished,
  markStatementSuperseded,
  movePracticeOnPublication,
  type StatementRow,
} from './repository';

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
    await markStatementSuperseded(trx, { id: variant.originalId, at });
  }
  await markStatementPublished(trx, { id: statement.id, sealHash, publishedAt, at });
  const transition = findTransition(
    variant.kind === 'appeal' ? 'issue_appeal' : 'issue_amendment',
    'appeal_reviewed',
    variant.kind,
  );
  if (!transition) throw new Error(`no ${variant.kind} issue move in the transition table`);
  const isMoved = await movePracticeOnPublication(trx, {
    practiceId: statement.practice_id,
    from: 'appeal_reviewed',
    to: transition.to,
    action: transition.action,
    byUserId: statement.requested_by,
    details: JSON.stringify({ certificate_id: statement.id, original_id: variant.originalId }),
    at,
  });
  if (!isMoved) {
    throw new Error(`request ${statement.practice_id} is no longer waiting for its appeal's statement`);
  }
  const owner = await findPracticeOwner(trx, statement.practice_id);
  if (owner && transition.notifies) {
    await queueApplicantMail(ctx, trx, transition.notifies, {
      userId: owner.user_id,
      practiceId: statement.practice_id,
    });
  }
}
