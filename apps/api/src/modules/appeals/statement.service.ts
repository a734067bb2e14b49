import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { statementVariantOf } from '../statements/appeal-seal';
import { statementsOfPractice } from '../statements/service';

export type AppealStatementSummary = {
  certificate_id: string;
  kind: 'appeal' | 'amendment';
  status: 'pending' | 'published';
  published_at: string | null;
};

/** The statement of appeal or amended statement of a request, once its publication has started. */
export async function appealStatementOf(db: Db, practiceId: number): Promise<AppealStatementSummary | null> {
  const statements = await statementsOfPractice(db, practiceId);
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
  const statement = (await statementsOfPractice(ctx.db, practiceId)).find(
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
