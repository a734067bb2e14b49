import { documentsOverviewSchema } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api';

/** GET /documents: every request's documents with what is still missing, and unattached ones. */
export function useDocumentsOverview() {
  return useQuery({
    queryKey: ['documents', 'overview'],
    queryFn: async () => (await api.get('documents', null, { schema: documentsOverviewSchema })).data,
    staleTime: 0,
  });
}
