import type { StaffPublication } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { requireStaff } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { publishStatementJob } from './publish.job';
import { findLiveStatementOfPractice, findPracticeOwner, type StatementRow } from './repository';

/**
 * A pending statement whose every job has given up is `failed`: nothing will publish it unless
 * someone queues it again. One with a job still queued, running or waiting for its retry is `pending`.
 */
async function stateOf(
  ctx: AppContext,
  db: Db,
  statement: StatementRow | undefined,
): Promise<StaffPublication> {
  if (!statement) return { state: 'none', certificate_id: null, requested_at: null, published_at: null };
  const base = {
    certificate_id: statement.id,
    requested_at: statement.requested_at,
    published_at: statement.published_at,
  };
  if (statement.status !== 'pending') return { ...base, state: 'published' };
  const jobs = await ctx.queue.stateOf(db, publishStatementJob, { statementId: statement.id });
  return { ...base, state: jobs === 'underway' ? 'pending' : 'failed' };
}

async function requirePractice(db: Db, practiceId: number): Promise<void> {
  if (!(await findPracticeOwner(db, practiceId))) throw new AppError('NOT_FOUND');
}

/** GET /staff/practices/{id}/publication: whether the statement is published, on its way, or stuck. */
export async function getPublication(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<StaffPublication> {
  requireStaff(actor);
  await requirePractice(ctx.db, practiceId);
  return stateOf(ctx, ctx.db, await findLiveStatementOfPractice(ctx.db, practiceId));
}

/**
 * POST /staff/practices/{id}/publication/retry: queues the publish job again after it failed for
 * good. The steps it already did are not done twice (publication.service.ts). 409
 * PUBLICATION_PENDING while a job is still on its way; 409 CONFLICT when nothing is stuck.
 */
export async function retryPublication(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<StaffPublication> {
  requireStaff(actor);
  if (!actor.abilities['staff.publish']) throw new AppError('FORBIDDEN_ACCESS');
  return ctx.db.transaction().execute(async (trx) => {
    await requirePractice(trx, practiceId);
    const statement = await findLiveStatementOfPractice(trx, practiceId);
    const current = await stateOf(ctx, trx, statement);
    if (current.state === 'pending') throw new AppError('PUBLICATION_PENDING');
    if (current.state !== 'failed' || !statement) throw new AppError('CONFLICT');
    await ctx.queue.requeue(trx, publishStatementJob, { statementId: statement.id });
    return { ...current, state: 'pending' };
  });
}
