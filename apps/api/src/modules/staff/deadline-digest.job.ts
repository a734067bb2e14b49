import { isoDateSchema } from '@lisbon/domain';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/definition';

/**
 * The day's mails of requests late or at risk (decision 070): one job a day, asked for by whichever
 * instance takes the day first (`queueDeadlineDigest`); it queues each person's mail once, so a
 * run repeated after a crash sends nobody a second one.
 */
export const deadlineDigestJob = defineJob({
  name: 'deadline-digest',
  version: 1,
  payload: z.object({ day: isoDateSchema }),
  maxAttempts: 5,
});
