import { randomUUID } from 'node:crypto';
import type { PracticeStatus } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { publishStatementJob } from './publish.job';
import {
  findLiveStatementOfPractice,
  findPendingStatementOfPractice,
  findStatementForChange,
  findWithdrawnStatementOfPractice,
  insertStatement,
  touchPracticeInStatus,
} from './repository';

/**
 * The staff's `issue_appeal` / `issue_amendment` moves, inside the transition's transaction
 * (decision 026): the request stays `appeal_reviewed` with a pending statement of appeal (attached
 * to the published statement) or a pending amended statement (to supersede it), and the same
 * publish job as a statement's is queued. 409 PUBLICATION_PENDING while one is on its way; 409
 * STATEMENT_WITHDRAWN once the statement it would attach to or supersede is withdrawn (decision
 * 097), which a withdrawal made at the same moment cannot slip past: both hold the statement's row;
 * 409 NO_STATEMENT_IN_FORCE when the request has no published statement at all.
 */
export async function requestAppealPublicationWithin(
  ctx: AppContext,
  trx: Db,
  {
    practiceId,
    from,
    actorId,
    action,
  }: {
    practiceId: number;
    from: PracticeStatus;
    actorId: number;
    action: 'issue_appeal' | 'issue_amendment';
  },
): Promise<void> {
  if (await findPendingStatementOfPractice(trx, practiceId)) throw new AppError('PUBLICATION_PENDING');
  const original = await findLiveStatementOfPractice(trx, practiceId);
  // A withdrawn statement takes no statement of appeal nor amended version: the appeal is rejected instead.
  if (!original && (await findWithdrawnStatementOfPractice(trx, practiceId)))
    throw new AppError('STATEMENT_WITHDRAWN');
  // Held (PostgreSQL) as a withdrawal holds it, and read again: of the two, the second sees the first.
  const held = original && (await findStatementForChange(trx, original.id));
  if (held?.status === 'revoked') throw new AppError('STATEMENT_WITHDRAWN');
  // No statement in force (none published, or superseded by none): the request's status allows
  // the move, so the refusal says what is missing rather than name the status (decision 026).
  if (held?.status !== 'published') throw new AppError('NO_STATEMENT_IN_FORCE');
  const at = ctx.clock.now().toISOString();
  if (!(await touchPracticeInStatus(trx, { practiceId, status: from, at }))) {
    throw new AppError('PRACTICE_CHANGED');
  }
  const id = randomUUID();
  try {
    await insertStatement(trx, {
      id,
      practiceId,
      requestedBy: actorId,
      at,
      kind: action === 'issue_appeal' ? 'appeal' : 'statement',
      originalId: held.id,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PUBLICATION_PENDING');
    throw error;
  }
  await ctx.queue.enqueue(trx, publishStatementJob, { statementId: id });
}
