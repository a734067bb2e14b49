import { DEFAULT_PER_PAGE, practiceSchema, type PracticesQuery, practiceSummarySchema } from '@lisbon/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';

export type ListQuery = { page: number; sort: string; view: PracticesQuery['view'] };

/** GET /practices: one page of the applicant's requests, sorted (spec §9). */
export function usePractices(query: ListQuery) {
  return useQuery({
    queryKey: ['practices', 'list', query],
    queryFn: async () => {
      const { data, meta } = await api.list(
        'practices',
        { ...query, perPage: DEFAULT_PER_PAGE },
        { schema: z.array(practiceSummarySchema) },
      );
      return {
        practices: data,
        total: meta?.total ?? data.length,
        perPage: meta?.perPage ?? DEFAULT_PER_PAGE,
      };
    },
    placeholderData: keepPreviousData,
  });
}

export const practiceQuery = (id: number) =>
  queryOptions({
    queryKey: ['practices', 'detail', id] as const,
    queryFn: async () => (await api.get('practices', id, { schema: practiceSchema })).data,
  });
