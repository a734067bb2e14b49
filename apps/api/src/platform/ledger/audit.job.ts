import { z } from 'zod';
import { defineJob } from '../jobs/definition';

/**
 * Audits the ledger as the schedule asks (decision 048): the entries appended since the last
 * audit, or the whole chain once a day, and records the result. Queued at start and every minute
 * by `server.ts` (`queueLedgerAudit`), one at a time. A broken chain fails the job once recorded,
 * so the worker logs it at error and leaves the row `failed` for an operator; the next minute's
 * job is queued anyway.
 */
export const auditLedgerJob = defineJob({
  name: 'audit-ledger',
  version: 1,
  payload: z.object({}),
  maxAttempts: 1,
});
