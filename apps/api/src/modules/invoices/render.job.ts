import { z } from 'zod';
import { defineJob } from '../../platform/jobs/definition';

/** Renders one invoice or receipt to PDF and keeps it in the file store. Queued when the payment settles. */
export const renderFiscalDocumentJob = defineJob({
  name: 'render-fiscal-document',
  version: 1,
  payload: z.object({ fiscalDocumentId: z.number().int().positive() }),
  maxAttempts: 8,
  kind: 'render',
});
