import { NOTIFICATION_POLL_MS } from '@lisbon/domain';
import {
  type InvalidateQueryFilters,
  type QueryClient,
  type QueryKey,
  replaceEqualDeep,
} from '@tanstack/react-query';
import { isApiError } from '@/api';

/** A poll asks every NOTIFICATION_POLL_MS, and stops once the API says the session is over (spec §7: stopped on a 401). */
export const pollInterval = (error: unknown): number | false =>
  isApiError(error) && error.status === 401 ? false : NOTIFICATION_POLL_MS;

/**
 * A poll's answer that differs from the one before means something changed elsewhere (another
 * member of staff moved a request): the queries `stale` names are fetched again, at once for the
 * pages open, on their next showing for the others. Called in the poll's `queryFn` with its answer,
 * which it returns. `replaceEqualDeep` is TanStack Query's own structural sharing: it gives back
 * the answer before when nothing in it changed.
 */
export function refreshOnChange<T>(
  queryClient: QueryClient,
  pollKey: QueryKey,
  answer: T,
  stale: InvalidateQueryFilters,
): T {
  const before = queryClient.getQueryData<T>(pollKey);
  if (before !== undefined && replaceEqualDeep(before, answer) !== before) {
    void queryClient.invalidateQueries(stale);
  }
  return answer;
}
