import {
  dataEnvelope,
  noticeEnvelope,
  practiceSchema,
  replyBodySchema,
  threadMessageSchema,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { idempotencyHeadersSchema, idempotencyKeyOf } from '../../platform/http/idempotency';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { noticeMeta } from '../transitions/notice';
import { getOwnThread, replyToQuestion } from './messages.service';

const tags = ['practices'];

/** The applicant's side of a request's thread: read it, and reply when asked ('cimea request'). */
export const messagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('practice.apply');

  app.get(
    '/practices/:id/messages',
    {
      onRequest,
      schema: {
        summary: 'The request’s message thread, oldest first (staff shown as the evaluation office)',
        description: 'Internal staff notes are never part of it. Another applicant’s request answers 404.',
        tags,
        security,
        params,
        response: { 200: dataEnvelope(z.array(threadMessageSchema)), ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await getOwnThread(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/practices/:id/reply',
    {
      onRequest,
      schema: {
        summary: 'Reply to the evaluation office’s question; the request goes back to evaluation',
        description:
          'Only while the request waits for the applicant (`pending_question` is set): 409 TRANSITION_NOT_ALLOWED otherwise. Upload documents first with POST /documents and `practice_id`, then list them in `document_ids` (422 on `document_ids` for a document of another request). Answers the request and, in `meta`, ‘Message sent’. With an `Idempotency-Key`, a retry of the same reply within 24 hours sends nothing again and answers as the first did (not 409); the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.',
        tags,
        security,
        headers: idempotencyHeadersSchema,
        params,
        body: replyBodySchema,
        response: { 200: noticeEnvelope(practiceSchema), ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { practice, notice } = await replyToQuestion(ctx, actorOf(request), {
        practiceId: request.params.id,
        input: request.body,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return { data: practice, meta: noticeMeta(request, notice) };
    },
  );
};
