import { createdShareLinkSchema, shareLinkSchema, type ShareLinkBody } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';

const path = (practiceId: number) => `practices/${practiceId}/statement/share-links`;

/** GET …/statement/share-links: the applicant's links to their statement, newest first. */
export const shareLinksQuery = (practiceId: number) =>
  queryOptions({
    queryKey: ['practices', 'statement', practiceId, 'share-links'] as const,
    queryFn: async () => (await api.get(path(practiceId), null, { schema: z.array(shareLinkSchema) })).data,
  });

/** POST …/statement/share-links: a new link; its address is shown this once. */
export const createShareLink = async (practiceId: number, body: ShareLinkBody) =>
  (await api.create(path(practiceId), body, { schema: createdShareLinkSchema })).data;

/** DELETE …/statement/share-links/{id}: the link stops working at once. */
export const revokeShareLink = async (practiceId: number, linkId: number) =>
  (await api.remove(path(practiceId), linkId, { schema: shareLinkSchema })).data;
