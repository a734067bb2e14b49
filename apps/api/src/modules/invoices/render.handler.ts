import type { AppContext } from '../../context';
import { registerJob } from '../../platform/jobs/definition';
import { renderFiscalDocumentJob } from './render.job';
import { storeFiscalDocumentPdf } from './service';

/** Safe to repeat: a document that already has its PDF is left as it is. */
export const renderFiscalDocumentHandler = (ctx: AppContext) =>
  registerJob(renderFiscalDocumentJob, async ({ fiscalDocumentId }) => {
    await storeFiscalDocumentPdf(ctx, fiscalDocumentId);
  });
