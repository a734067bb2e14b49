import {
  type AssignBody,
  type MessageApplicantsBody,
  DEFAULT_PER_PAGE,
  queueCountsSchema,
  staffPracticeSummarySchema,
  staffUserSchema,
} from '@lisbon/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';
import { pollInterval, refreshOnChange } from '@/shared/polls';
import type { QueueSearch } from '../queueSearch';

/** Everything cached for the staff area; a change anywhere in it refreshes the lot. */
export const STAFF_KEY = ['staff'] as const;

const COUNTS_KEY = [...STAFF_KEY, 'counts'];
/** What another's move changes: the lists, the search's results, a request (its publication, its appeal), the dashboard. */
const MOVED: readonly unknown[] = ['practices', 'search', 'practice', 'appeal', 'dashboard'];

/**
 * GET /staff/queues/counts: the navigation's counts, refreshed whenever the staff area changes
 * something, and asked again as often as the notifications. When they change (another member of
 * staff moved a request), the staff area's open lists and request are fetched again (not the
 * documents' previews, which a move does not change).
 */
export function useQueueCounts(isEnabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: COUNTS_KEY,
    queryFn: async () =>
      refreshOnChange(
        queryClient,
        COUNTS_KEY,
        (await api.get('staff/queues/counts', null, { schema: queueCountsSchema })).data,
        { queryKey: STAFF_KEY, predicate: (query) => MOVED.includes(query.queryKey[1]) },
      ),
    enabled: isEnabled,
    refetchInterval: (query) => pollInterval(query.state.error),
    retry: false,
  });
}

/** GET /staff/practices: one page of a queue, with the filters and sort of the URL. */
export function useStaffPractices(search: QueueSearch) {
  return useQuery({
    queryKey: [...STAFF_KEY, 'practices', search],
    queryFn: async () => {
      const { data, meta } = await api.list(
        'staff/practices',
        { ...search, perPage: DEFAULT_PER_PAGE },
        { schema: z.array(staffPracticeSummarySchema) },
      );
      return {
        practices: data,
        total: meta?.total ?? data.length,
        /** Past a bound the server stops counting: there are more than `total`. */
        isTotalCapped: meta?.is_total_capped === true,
        /** Of an exact total, the first requests, appeals and amendments; null from an older instance. */
        kinds: meta?.kinds ?? null,
        perPage: meta?.perPage ?? DEFAULT_PER_PAGE,
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /staff/users?role=…: who may evaluate, or review (by ability: admins too). */
export function useStaffUsers(role: 'evaluator' | 'reviewer', isEnabled = true) {
  return useQuery({
    queryKey: [...STAFF_KEY, 'users', role],
    queryFn: async () => (await api.list('staff/users', { role }, { schema: z.array(staffUserSchema) })).data,
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /staff/practices/messages: one message to the applicants of several requests, all or none;
 * sent again with the same `idempotencyKey`, it is not sent twice.
 */
export const messageApplicants = async (body: MessageApplicantsBody, idempotencyKey?: string) =>
  api.create('staff/practices/messages', body, {
    schema: z.object({ practice_ids: z.array(z.number().int()) }),
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });

/**
 * POST /staff/practices/assign: several requests to one evaluator and one reviewer, all or none;
 * sent again with the same `idempotencyKey`, it is not written twice.
 */
export const assignPractices = async (body: AssignBody, idempotencyKey?: string) =>
  api.create('staff/practices/assign', body, {
    schema: z.object({ practice_ids: z.array(z.number().int()) }),
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
