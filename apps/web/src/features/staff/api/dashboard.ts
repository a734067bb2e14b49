import { dashboardSchema, refundSchema } from '@lisbon/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api';
import { STAFF_KEY } from './queues';

/** GET /staff/dashboard: the backlog now and the figures of a period (both days included). */
export function useDashboard(period: { from?: string | undefined; to?: string | undefined }) {
  return useQuery({
    queryKey: [...STAFF_KEY, 'dashboard', period],
    queryFn: async () => {
      const query = Object.fromEntries(Object.entries(period).filter(([, value]) => value !== undefined));
      return (await api.list('staff/dashboard', query, { schema: dashboardSchema })).data;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /staff/refunds/{id}/given-back-by-hand: a refund the provider refused, given back in its
 * dashboard (decision 068). The dashboard is fetched again: the refund leaves its list.
 */
export function useMarkGivenBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (refundId: number) =>
      (await api.create(`staff/refunds/${refundId}/given-back-by-hand`, {}, { schema: refundSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'dashboard'] }),
  });
}
