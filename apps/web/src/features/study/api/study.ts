import { type StudyEntryInput, studyEntrySchema } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';

/** The educational history (spec §7 `users/{id}/user-qualification`), "My study path". */
const path = (userId: number) => `users/${userId}/user-qualification`;

export const studyEntriesQuery = (userId: number) =>
  queryOptions({
    queryKey: ['study', userId] as const,
    queryFn: async () =>
      (await api.list(path(userId), undefined, { schema: z.array(studyEntrySchema) })).data,
  });

export const addStudyEntry = async (userId: number, input: StudyEntryInput) =>
  (await api.create(path(userId), input, { schema: studyEntrySchema })).data;

export const changeStudyEntry = async (userId: number, id: number, input: StudyEntryInput) =>
  (await api.update(path(userId), id, input, { schema: studyEntrySchema })).data;

export const removeStudyEntry = async (userId: number, id: number) => {
  await api.remove(path(userId), id);
};
