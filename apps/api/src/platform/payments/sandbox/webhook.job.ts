import { z } from 'zod';
import { defineJob } from '../../jobs/definition';

/**
 * The sandbox gateway notifying one event to the portal's webhook: asynchronous, like a real
 * gateway, retried with the worker's backoff (30 s, 1, 2, 4 … minutes) until it is answered 2xx.
 */
export const sandboxWebhookJob = defineJob({
  name: 'sandbox-webhook',
  version: 1,
  payload: z.object({ eventId: z.string().min(1) }),
  maxAttempts: 12,
  kind: 'payment',
});
