import {
  appealOverviewSchema,
  appealSchema,
  createAppealSchema,
  dataEnvelope,
  noticeEnvelope,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { sendPrivateFile } from '../../platform/http/download';
import { idempotencyHeadersSchema, idempotencyKeyOf } from '../../platform/http/idempotency';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { findSubmittedPractice } from '../practices/service';
import { noticeMeta } from '../transitions/notice';
import { appealOfPractice, createAppeal, getAppealOverview, openOwnAppealStatement } from './service';

const tags = ['appeals'];

/** Appeals and amendments (decision 026): the applicant's page and its statement, the staff's read. */
export const appealsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('practice.apply');

  app.get(
    '/practices/:id/appeal',
    {
      onRequest,
      schema: {
        summary: 'The appeal window of a published request (until when), and its appeal or amendment',
        description:
          '`can_request` is true while the request is published, has no appeal and `deadline` (published_at + 7 days, to the second, on the body’s clock, Europe/Rome) has not passed. Another applicant’s request answers 404.',
        tags,
        security,
        params,
        response: { 200: dataEnvelope(appealOverviewSchema), ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await getAppealOverview(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/practices/:id/appeal',
    {
      onRequest,
      schema: {
        summary: 'Ask for an appeal or an amendment of the statement, within seven days of its release',
        description:
          'Type `appeal` or `amendment`, a motivation (it starts the request’s thread with the office), and `document_ids` of supporting documents uploaded first with POST /documents and `practice_id` (allowed while the window is open). 409 APPEAL_WINDOW_CLOSED after the window, 409 STATEMENT_WITHDRAWN once the statement is withdrawn, 409 APPEAL_ALREADY_OPEN when the request has had an appeal or amendment (open or closed: one per request), 409 TRANSITION_NOT_ALLOWED before publication, 422 on `document_ids` for a document of another request. Answers the overview and, in `meta`, ‘Appeal created’ (‘Amendment created’ for an amendment). With an `Idempotency-Key`, a retry of the same filing within 24 hours files nothing again and answers as the first did (201, not 409); the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.',
        tags,
        security,
        headers: idempotencyHeadersSchema,
        params,
        body: createAppealSchema,
        response: { 201: noticeEnvelope(appealOverviewSchema), ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { overview, notice } = await createAppeal(ctx, actorOf(request), {
        practiceId: request.params.id,
        input: request.body,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return reply.code(201).send({ data: overview, meta: noticeMeta(request, notice) });
    },
  );

  app.get(
    '/practices/:id/appeal/statement/pdf',
    {
      onRequest,
      schema: {
        summary: 'The signed statement of appeal or amended statement (owner only)',
        description:
          '404 until one is issued for the request; 409 PUBLICATION_PENDING while the publish job runs. Verifiable at /verify/{certificate_id} like any statement.',
        tags,
        security,
        params,
        produces: ['application/pdf'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The signed PDF' }),
          ...errorsOf(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const file = await openOwnAppealStatement(ctx, actorOf(request), request.params.id);
      return sendPrivateFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );

  app.get(
    '/staff/practices/:id/appeal',
    {
      onRequest: guard.ability('staff.workspace'),
      schema: {
        summary: 'The appeal or amendment of a request, for staff (null when it has none)',
        tags,
        security,
        params,
        response: { 200: dataEnvelope(appealSchema.nullable()), ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const practice = await findSubmittedPractice(ctx, request.params.id);
      return { data: await appealOfPractice(ctx.db, practice.id, practice.status) };
    },
  );
};
