import { staffPublicationSchema } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';
import { STAFF_KEY } from './queues';

/** How often the workspace looks again while the publish job runs. */
export const PUBLICATION_POLL_MS = 2000;

/** GET /staff/practices/{id}/publication: none, pending, failed or published. */
export const publicationQuery = (practiceId: number) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'practice', practiceId, 'publication'] as const,
    queryFn: async () =>
      (await api.get(`staff/practices/${practiceId}/publication`, null, { schema: staffPublicationSchema }))
        .data,
  });

/** POST …/publication/retry: queues a publication whose job failed for good. */
export const retryPublication = async (practiceId: number) =>
  (
    await api.create(`staff/practices/${practiceId}/publication/retry`, null, {
      schema: staffPublicationSchema,
    })
  ).data;
