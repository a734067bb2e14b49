import { z } from 'zod';
import { defineJob } from '../../platform/jobs/definition';

/**
 * Publishes one statement: issue entry, PDF, signature, storage, seal entry, request published.
 * Queued with the staff's `publish` move; every step is safe to repeat (publication.service.ts).
 */
export const publishStatementJob = defineJob({
  name: 'publish-statement',
  version: 1,
  payload: z.object({ statementId: z.string().min(1) }),
  maxAttempts: 10,
});
