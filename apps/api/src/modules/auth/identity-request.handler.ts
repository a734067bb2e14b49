import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../platform/db/errors';
import { registerJob, type JobPayload } from '../../platform/jobs/definition';
import { identityRequestJob } from './identity-request.job';
import { applyForgotPassword } from './password.service';
import { applyRegistration, applyResendActivation } from './registration.service';
import type { Db } from '../../platform/db/database';

type IdentityRequest = JobPayload<typeof identityRequestJob>;

function apply(ctx: AppContext, trx: Db, request: IdentityRequest): Promise<void> {
  switch (request.action) {
    case 'register':
      return applyRegistration(ctx, trx, request.registration, request);
    case 'resend-activation':
      return applyResendActivation(ctx, trx, request.email);
    case 'forgot-password':
      return applyForgotPassword(ctx, trx, request.email);
  }
}

/**
 * Runs a request's work and ends its job in one transaction: a worker dying after the commit
 * leaves no job to run again, so no second mail or second link goes out.
 */
export const identityRequestHandler = (ctx: AppContext) =>
  registerJob(identityRequestJob, async (request, job) => {
    const once = () =>
      ctx.db.transaction().execute(async (trx) => {
        if (await ctx.queue.take(trx, job.id)) await apply(ctx, trx, request);
      });
    try {
      await once();
    } catch (error) {
      // Two registrations of the same new email at once: the loser finds the winner's row on a second pass.
      if (!isUniqueViolation(error)) throw error;
      await once();
    }
  });
