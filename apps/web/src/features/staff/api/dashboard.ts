import { dashboardSchema } from '@lisbon/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
