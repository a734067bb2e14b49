import type { AppContext } from '../../context';
import { registerJob } from '../../platform/jobs/definition';
import { refundPaymentJob } from './refund.job';
import { settleRefund } from './refund-settlement.service';

/** Safe to repeat: the provider refunds once per key, and a settled refund is left as it is. */
export const refundPaymentHandler = (ctx: AppContext) =>
  registerJob(refundPaymentJob, async ({ refundId }) => {
    await settleRefund(ctx, refundId);
  });
