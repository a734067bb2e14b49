import { sharedStatementSchema } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';
import { saveBlob } from '@/shared/ui/saveBlob';

/** GET /shared/{token}: what a share link opens, for anyone (no token of a session is sent). */
export const sharedStatementQuery = (token: string) =>
  queryOptions({
    queryKey: ['shared', token] as const,
    queryFn: async () =>
      (await api.get('shared', token, { auth: false, schema: sharedStatementSchema })).data,
  });

/** GET /shared/{token}/pdf: the signed original, saved as it came under the reader's `fileName`, to be checked here. */
export async function downloadSharedPdf(token: string, fileName: string): Promise<void> {
  const blob = await api.download(`shared/${encodeURIComponent(token)}/pdf`, undefined, { auth: false });
  saveBlob(blob, fileName);
}
