import type { AppContext } from '../../context';
import { registerJob } from '../../platform/jobs/definition';
import { publishStatement } from './publication.service';
import { publishStatementJob } from './publish.job';

/**
 * Safe to repeat: each step finds what an earlier run did and does not do it twice. A publication
 * its request no longer waits for ends the job with a warning, to be retried by nobody.
 */
export const publishStatementHandler = (ctx: AppContext) =>
  registerJob(publishStatementJob, async ({ statementId }, job) => {
    const dropped = await publishStatement(ctx, statementId);
    if (dropped) {
      job.log.warn(
        { ...dropped },
        'publication dropped: the request no longer waits for its statement, or its account was deleted',
      );
    }
  });
