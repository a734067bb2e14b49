import { z } from 'zod';
import { defineJob } from '../../jobs/definition';

/**
 * One pass of anchoring (decision 065): the open batch moved on, or the next one made when due.
 * Queued every 30 seconds by `server.ts` (`queueLedgerAnchor`), one at a time, only when anchoring
 * is configured. Trouble with the chain does not fail the job: it is recorded on the batch
 * (`last_error`), logged by the scheduler, and the next pass tries again from the recorded state.
 */
export const anchorLedgerJob = defineJob({
  name: 'anchor-ledger',
  version: 1,
  payload: z.object({}),
  maxAttempts: 1,
});
