import {
  type AssessmentUpdate,
  auditPageSchema,
  type FileCheckBody,
  type NoteBody,
  type StaffPractice,
  staffPracticeSchema,
  type TransitionBody,
  type VerificationBody,
  WORKSPACE_NOTICES,
  type WorkspaceNoticeKey,
} from '@lisbon/domain';
import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiResult } from '@/api';
import { currentLocale } from '@/shared/i18n';
import { showSuccess } from '@/shared/ui/toast';
import { STAFF_KEY } from './queues';

export const staffPracticeQuery = (id: number) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'practice', id] as const,
    queryFn: async () => (await api.get('staff/practices', id, { schema: staffPracticeSchema })).data,
  });

const path = (id: number, change: string) => `staff/practices/${id}/${change}`;
const options = { schema: staffPracticeSchema };
/** With its `Idempotency-Key`: a retry of the send is not made twice (decision 071). */
const keyed = (idempotencyKey: string | undefined) =>
  idempotencyKey === undefined ? options : { ...options, idempotencyKey };

/** The workspace's changes: each answers the updated workspace and its success message. */
export const workspaceCalls = {
  transition: (id: number, body: TransitionBody, key?: string) =>
    api.create(path(id, 'transitions'), body, keyed(key)),
  fileCheck: (id: number, body: FileCheckBody) => api.create(path(id, 'file-check'), body, options),
  verification: (id: number, body: VerificationBody) => api.put(path(id, 'verification'), body, options),
  assessment: (id: number, body: AssessmentUpdate) => api.put(path(id, 'assessment'), body, options),
  note: (id: number, body: NoteBody, key?: string) => api.create(path(id, 'notes'), body, keyed(key)),
  openToDelivery: (id: number) => api.create(path(id, 'open-to-delivery'), {}, options),
  setDelivered: (id: number) => api.create(path(id, 'delivered'), {}, options),
  refund: (id: number) => api.create(path(id, 'refund'), {}, options),
  cancelDelivery: (id: number) => api.create(path(id, 'cancel-delivery'), {}, options),
};

/** The success message of spec §4: the API's key, worded in the interface language. */
export function noticeText(notice: WorkspaceNoticeKey): string {
  return WORKSPACE_NOTICES[currentLocale()][notice];
}

/**
 * The queues, their counts and the search's results, which a request changed anyhow may have
 * joined or left, or show in another status: fetched again at once (those on the page), not at
 * the counts' next poll (decision 103).
 */
const invalidateQueues = (queryClient: QueryClient) =>
  (['counts', 'practices', 'search'] as const).map((part) =>
    queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, part] }),
  );

/**
 * Runs a change and applies its answer: the workspace shown is the one answered, the queues,
 * counts, appeal and publication are refreshed, and the success message is shown.
 */
export function useApplyChange() {
  const queryClient = useQueryClient();
  return async (result: ApiResult<StaffPractice>, fallback: WorkspaceNoticeKey) => {
    queryClient.setQueryData(staffPracticeQuery(result.data.id).queryKey, result.data);
    await Promise.all([
      ...invalidateQueues(queryClient),
      // A statement of appeal on its way leaves the status as it was: its appeal and publication change.
      queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'appeal', result.data.id] }),
      queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'practice', result.data.id, 'publication'] }),
    ]);
    showSuccess(noticeText(result.notice?.notice ?? fallback));
  };
}

/**
 * Reads a request again, with the queues and counts it shows in: after someone else changed it,
 * or once its publish job has moved it on (published, appeal or amendment issued).
 */
export function useReloadPractice() {
  const queryClient = useQueryClient();
  // The same function from one render to the next: effects call it when a job has moved the request.
  return useCallback(
    async (id: number) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffPracticeQuery(id).queryKey }),
        ...invalidateQueues(queryClient),
      ]);
    },
    [queryClient],
  );
}

/** GET …/history: the entries of the request's audit trail before the entry `before`, oldest first. */
export const fetchStaffHistory = async (practiceId: number, before: number) =>
  (await api.list(`staff/practices/${practiceId}/history`, { before }, { schema: auditPageSchema })).data;

/** GET …/documents/{id}/download: a document of the request as a blob, to show or save. */
export const fetchStaffDocument = (practiceId: number, documentId: number) =>
  api.download(`staff/practices/${practiceId}/documents/${documentId}/download`);

/** GET …/waybill: the waybill PDF of the paid shipment carrying the request, for whoever sends it. */
export const fetchStaffWaybill = (practiceId: number) =>
  api.download(`staff/practices/${practiceId}/waybill`);
