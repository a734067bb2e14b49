import { practiceSchema, type ReplyBody, threadMessageSchema } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';

/** GET /practices/{id}/messages: the request's thread, oldest first (staff shown as the office). */
export const threadQuery = (id: number) =>
  queryOptions({
    queryKey: ['practices', 'thread', id] as const,
    queryFn: async () =>
      (await api.get(`practices/${id}/messages`, null, { schema: z.array(threadMessageSchema) })).data,
  });

/**
 * POST /practices/{id}/reply: the answer to the office's question; the request goes back to
 * evaluation. Sent again with the same `idempotencyKey`, it is not sent twice.
 */
export const sendReply = (id: number, body: ReplyBody, idempotencyKey?: string) =>
  api.create(`practices/${id}/reply`, body, {
    schema: practiceSchema,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
