import { statementSchema } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/api';
import { saveBlob } from '@/shared/ui/saveBlob';

/** GET /practices/{id}/statement: pending while it is being published, then the statement; null when none. */
export const statementQuery = (practiceId: number) =>
  queryOptions({
    queryKey: ['practices', 'statement', practiceId] as const,
    queryFn: async () => {
      try {
        return (await api.get(`practices/${practiceId}/statement`, null, { schema: statementSchema })).data;
      } catch (error) {
        // No statement (yet): the request simply has none to show.
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** GET /practices/{id}/statement/pdf: the signed original, saved as it came, under the reader's `fileName`. */
export async function downloadStatementPdf(practiceId: number, fileName: string): Promise<void> {
  const blob = await api.download(`practices/${practiceId}/statement/pdf`);
  saveBlob(blob, fileName);
}
