import { referenceFiguresSchema } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api';

/** GET /reference/figures: counts the home page states, from the data (the Lisbon states). */
export function useReferenceFigures() {
  return useQuery({
    queryKey: ['reference', 'figures'],
    queryFn: async () =>
      (await api.get('reference', 'figures', { auth: false, schema: referenceFiguresSchema })).data,
    staleTime: 60 * 60_000,
  });
}
