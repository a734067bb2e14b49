import { z } from 'zod';
import { defineJob } from '../../platform/jobs/definition';

/**
 * Asks the provider for one refund and, once it confirms, settles it (decision 068). Retried with
 * the worker's backoff while the provider is busy, unreachable or still processing it: the
 * provider refunds once per key, and the settlement happens once, however often this runs.
 */
export const refundPaymentJob = defineJob({
  name: 'refund-payment',
  version: 1,
  payload: z.object({ refundId: z.number().int().positive() }),
  maxAttempts: 24,
  kind: 'payment',
});
