import { certificateStatusSchema } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';

/** GET /verify/{id}: what the id is, for anyone (no token is sent). */
export const certificateStatusQuery = (id: string) =>
  queryOptions({
    queryKey: ['verify', id] as const,
    queryFn: async () => (await api.get('verify', id, { auth: false, schema: certificateStatusSchema })).data,
  });
