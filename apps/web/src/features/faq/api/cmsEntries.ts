import { type CmsEntity, cmsEntrySchema, type Locale } from '@lisbon/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';

export function cmsEntriesQuery(entity: CmsEntity, locale: Locale) {
  return queryOptions({
    queryKey: ['cms-entries', entity, locale] as const,
    queryFn: async () => {
      const { data } = await api.list('cms-entries', { entity, locale }, { schema: z.array(cmsEntrySchema) });
      return data.toSorted((a, b) => a.position - b.position);
    },
  });
}

export const useCmsEntries = (entity: CmsEntity, locale: Locale) => useQuery(cmsEntriesQuery(entity, locale));
