import { isoDateSchema } from '@lisbon/domain';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/definition';

/**
 * Counting the open requests' deadlines again after a closure was announced or taken back, from
 * its first day (decision 037): queued in the transaction that changes the calendar, run by the
 * practices module, whose deadlines they are. One at a time, so the last change is counted last.
 */
export const moveOpenDeadlinesJob = defineJob({
  name: 'move-open-deadlines',
  version: 1,
  payload: z.object({ from: isoDateSchema }),
  maxAttempts: 5,
  orderingKey: () => 'open-deadlines',
});
