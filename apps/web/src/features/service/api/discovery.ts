import {
  countrySchema,
  discoverySchema,
  type EducationLevel,
  type Locale,
  RESOURCE_SEARCH_MIN_CHARS,
} from '@lisbon/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';
import { useLocale } from '@/shared/i18n';

/** Reference data changes rarely: an hour in the cache is plenty. */
const REFERENCE_STALE_MS = 60 * 60_000;

/** GET /countries?search=: countries of education system, named in the interface language. */
export function useCountrySearch(search: string) {
  const locale = useLocale();
  const term = search.trim();
  return useQuery({
    queryKey: ['countries', locale, term],
    queryFn: async () =>
      (await api.list('countries', { search: term }, { auth: false, schema: z.array(countrySchema) })).data,
    enabled: term.length >= RESOURCE_SEARCH_MIN_CHARS,
    staleTime: REFERENCE_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** GET /countries/{code}: the name of a country given by code (a link, a draft). */
export function useCountry(code: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: ['country', locale, code],
    queryFn: async () => (await api.get('countries', code, { auth: false, schema: countrySchema })).data,
    enabled: code !== null,
    staleTime: REFERENCE_STALE_MS,
  });
}

export const discoveryQuery = (country: string, level: EducationLevel, locale: Locale) =>
  queryOptions({
    queryKey: ['discovery', locale, country, level],
    queryFn: async () =>
      (await api.list('services/discovery', { country, level }, { auth: false, schema: discoverySchema }))
        .data,
    staleTime: 10 * 60_000,
  });

/** GET /services/discovery: the service for a country and level, once both are chosen. */
export function useDiscovery(country: string | null, level: EducationLevel | null) {
  const locale = useLocale();
  return useQuery({
    ...discoveryQuery(country ?? '', level ?? 'higher', locale),
    enabled: country !== null && level !== null,
  });
}
