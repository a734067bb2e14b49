import { documentsOverviewSchema } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api';

/**
 * While a draft's checkout holds it (`payment_open_until`, decision 020), the overview is read again
 * this often: the minutes left count down, and the page takes changes again once the lock has gone,
 * without a reload (the server decides when; the browser's clock may differ from its own).
 */
export const PAYMENT_LOCK_REFRESH_MS = 30_000;

/** GET /documents: every request's documents with what is still missing, and unattached ones. */
export function useDocumentsOverview() {
  return useQuery({
    queryKey: ['documents', 'overview'],
    queryFn: async () => (await api.get('documents', null, { schema: documentsOverviewSchema })).data,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.practices.some((entry) => entry.payment_open_until !== null)
        ? PAYMENT_LOCK_REFRESH_MS
        : false,
  });
}
