import { contactDetailsSchema } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api';

/** GET /contact: the body's contact details, from configuration. */
export function useContactDetails() {
  return useQuery({
    queryKey: ['contact'],
    queryFn: async () => (await api.get('contact', null, { auth: false, schema: contactDetailsSchema })).data,
    staleTime: 60 * 60_000,
  });
}
