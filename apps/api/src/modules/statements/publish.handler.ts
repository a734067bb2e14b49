import type { AppContext } from '../../context';
import { registerJob } from '../../platform/jobs/definition';
import { publishStatement } from './publication.service';
import { publishStatementJob } from './publish.job';

/** Safe to repeat: each step finds what an earlier run did and does not do it twice. */
export const publishStatementHandler = (ctx: AppContext) =>
  registerJob(publishStatementJob, async ({ statementId }) => {
    await publishStatement(ctx, statementId);
  });
