import { isSearchableQuery, staffSearchResultSchema } from '@lisbon/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';
import { STAFF_KEY } from './queues';

/** GET /staff/search: the requests a query finds, from RESOURCE_SEARCH_MIN_CHARS characters (spec §9), or a request's number. */
export function useStaffSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...STAFF_KEY, 'search', q],
    queryFn: async () =>
      (await api.list('staff/search', { q }, { schema: z.array(staffSearchResultSchema) })).data,
    enabled: isSearchableQuery(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
