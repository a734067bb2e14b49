import type { AppContext } from '../../context';
import { registerJob } from '../../platform/jobs/definition';
import { refundPaymentJob } from './refund.job';
import { settleRefund } from './refund-settlement.service';

/**
 * Safe to repeat: the provider refunds once per key, and a settled refund is left as it is. A
 * refund that failed ends the job with a warning in the worker's log, naming the job and the ids.
 */
export const refundPaymentHandler = (ctx: AppContext) =>
  registerJob(refundPaymentJob, async ({ refundId }, job) => {
    await settleRefund(ctx, refundId, job.log);
  });
