import {
  type CreatePractice,
  documentsOverviewSchema,
  type Practice,
  practiceSchema,
  type PurposeStep,
  type QualificationStep,
  studyEntrySchema,
  type DocumentType,
  type UnobtainableDeclaration,
  unobtainableDocumentSchema,
  type WizardStep,
} from '@lisbon/domain';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { api } from '@/api';
import { storage } from '@/shared/storage';

/** The wizard's calls (spec §2 `/service/new…`): one draft, saved step by step. */

export const draftQuery = queryOptions({
  queryKey: ['practices', 'draft'] as const,
  queryFn: async () => (await api.get('practices/draft', null, { schema: practiceSchema.nullable() })).data,
  staleTime: 0,
});

export const practiceQuery = (id: number) =>
  queryOptions({
    queryKey: ['practices', 'detail', id] as const,
    queryFn: async () => (await api.get('practices', id, { schema: practiceSchema })).data,
  });

/** The documents of one request, with the required ones and those still missing. */
export const practiceDocumentsQuery = (practiceId: number) =>
  queryOptions({
    queryKey: ['documents', 'practice', practiceId] as const,
    queryFn: async () => {
      const { data } = await api.list(
        'documents',
        { practice_id: practiceId },
        { schema: documentsOverviewSchema },
      );
      return data.practices.find((entry) => entry.practice_id === practiceId) ?? null;
    },
    staleTime: 0,
  });

/** The applicant's study path, to fill the qualification step from one of its entries. */
export const studyEntriesQuery = (userId: number) =>
  queryOptions({
    queryKey: ['study', userId] as const,
    queryFn: async () =>
      (await api.list(`users/${userId}/user-qualification`, undefined, { schema: z.array(studyEntrySchema) }))
        .data,
  });

const practice = { schema: practiceSchema };

export const createPractice = async (input: CreatePractice) =>
  (await api.create('practices', input, practice)).data;

export const savePurpose = async (id: number, input: PurposeStep) =>
  (await api.update(`practices/${id}/purpose`, null, input, practice)).data;

export const saveQualification = async (id: number, input: QualificationStep) =>
  (await api.update(`practices/${id}/qualification`, null, input, practice)).data;

/** POST /practices/{id}/review: 422 lists what is still missing. */
export const moveToReview = async (id: number) =>
  (await api.create(`practices/${id}/review`, undefined, practice)).data;

/** A missing document of a refugee's studies declared unobtainable (decision 119): the request's declarations. */
export const declareUnobtainable = async (id: number, type: DocumentType, input: UnobtainableDeclaration) =>
  (
    await api.put(`practices/${id}/unobtainable-documents/${type}`, input, {
      schema: z.array(unobtainableDocumentSchema),
    })
  ).data;

/** The declaration withdrawn: the document is required again. */
export const withdrawUnobtainable = async (id: number, type: DocumentType) =>
  (
    await api.remove(`practices/${id}/unobtainable-documents`, type, {
      schema: z.array(unobtainableDocumentSchema),
    })
  ).data;

/**
 * POST /practices/{id}/submit: a free request submitted. Sent again with the same
 * `idempotencyKey`, it is not submitted twice and answers as the first did (decision 071).
 */
export const submitPractice = async (id: number, idempotencyKey?: string) =>
  (
    await api.create(`practices/${id}/submit`, undefined, {
      ...practice,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    })
  ).data;

/** Keeps the draft the server answered: in the cache, and mirrored in client storage ('draft'). */
export function useStoreDraft() {
  const queryClient = useQueryClient();
  return useCallback(
    (draft: Practice | null, step?: WizardStep) => {
      queryClient.setQueryData(draftQuery.queryKey, draft);
      if (draft && draft.status === 'draft') {
        storage.set('draft', { practiceId: draft.id, step: step ?? draft.wizard_step });
      } else {
        storage.remove('draft');
      }
    },
    [queryClient],
  );
}
