import { z } from 'zod';
import { defineJob } from '../../platform/jobs/definition';

/** Renders one invoice, receipt or credit note to PDF and keeps it in the file store. Queued at issue. */
export const renderFiscalDocumentJob = defineJob({
  name: 'render-fiscal-document',
  version: 1,
  payload: z.object({ fiscalDocumentId: z.number().int().positive() }),
  maxAttempts: 8,
  kind: 'render',
});
