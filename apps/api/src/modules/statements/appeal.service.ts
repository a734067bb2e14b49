import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PracticeStatus } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { statementVariantOf } from './appeal-seal';
import { publishStatementJob } from './publish.job';
import {
  findLiveStatementOfPractice,
  findPendingStatementOfPractice,
  insertStatement,
  listStatementsOfPractice,
  touchPracticeInStatus,
} from './repository';

/**
 * The staff's `issue_appeal` / `issue_amendment` moves, inside the transition's transaction
 * (decision 026): the request stays `appeal_reviewed` with a pending statement of appeal (attached
 * to the published statement) or a pending amended statement (to supersede it), and the same
 * publish job as a statement's is queued. 409 PUBLICATION_PENDING while one is on its way.
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
  if (original?.status !== 'published') {
    throw new AppError('TRANSITION_NOT_ALLOWED', { params: { action, status: from } });
  }
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
      originalId: original.id,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PUBLICATION_PENDING');
    throw error;
  }
  await ctx.queue.enqueue(trx, publishStatementJob, { statementId: id });
}

export type AppealStatementSummary = {
  certificate_id: string;
  kind: 'appeal' | 'amendment';
  status: 'pending' | 'published';
  published_at: string | null;
};

/** The statement of appeal or amended statement of a request, once its publication has started. */
export async function appealStatementOf(db: Db, practiceId: number): Promise<AppealStatementSummary | null> {
  const statements = await listStatementsOfPractice(db, practiceId);
  const issued = statements
    .filter((statement) => statement.status === 'pending' || statement.status === 'published')
    .map((statement) => ({ statement, variant: statementVariantOf(statement) }))
    .find(({ variant }) => variant !== undefined);
  if (!issued?.variant) return null;
  return {
    certificate_id: issued.statement.id,
    kind: issued.variant.kind,
    status: issued.statement.status === 'published' ? 'published' : 'pending',
    published_at: issued.statement.published_at,
  };
}

/** The signed PDF of a request's statement of appeal or amended statement; the caller checks the owner. */
export async function openAppealStatementPdf(
  ctx: AppContext,
  practiceId: number,
): Promise<{ content: Readable; size: number; fileName: string }> {
  const summary = await appealStatementOf(ctx.db, practiceId);
  if (!summary) throw new AppError('NOT_FOUND');
  const statement = (await listStatementsOfPractice(ctx.db, practiceId)).find(
    (row) => row.id === summary.certificate_id,
  );
  if (summary.status !== 'published' || !statement?.pdf_key || statement.pdf_size === null) {
    throw new AppError('PUBLICATION_PENDING');
  }
  const prefix = summary.kind === 'appeal' ? 'statement-of-appeal' : 'amended-statement';
  return {
    content: await ctx.storage.read(statement.pdf_key),
    size: statement.pdf_size,
    fileName: `${prefix}-${statement.id}.pdf`,
  };
}
