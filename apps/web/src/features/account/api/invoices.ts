import { DEFAULT_PER_PAGE, type FiscalDocument, fiscalDocumentSchema } from '@lisbon/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';
import { saveBlob } from '@/shared/ui/saveBlob';

/** Invoices and receipts of the logged-in user (spec §2 `/account`, `/account/invoices/{id}`). */

/** GET /invoices: one page, newest first. */
export const invoicesQuery = (page: number) =>
  queryOptions({
    queryKey: ['invoices', 'list', page] as const,
    queryFn: async () => {
      const { data, meta } = await api.list(
        'invoices',
        { page, perPage: DEFAULT_PER_PAGE, sort: '-created_at' },
        { schema: z.array(fiscalDocumentSchema) },
      );
      return {
        documents: data,
        total: meta?.total ?? data.length,
        perPage: meta?.perPage ?? DEFAULT_PER_PAGE,
      };
    },
    placeholderData: keepPreviousData,
  });

/** GET /invoices/{id}: the owner's only; anyone else's answers 404. */
export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: ['invoices', 'detail', id] as const,
    queryFn: async () => (await api.get('invoices', id, { schema: fiscalDocumentSchema })).data,
  });

/** GET /invoices/{id}/pdf, saved under the reader's `fileName` (invoices.fileNames). */
export async function downloadInvoicePdf(document: FiscalDocument, fileName: string): Promise<void> {
  const blob = await api.download(`invoices/${document.id}/pdf`);
  saveBlob(blob, fileName);
}
