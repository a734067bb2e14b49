import {
  closureInputSchema,
  closureNoticeSchema,
  dataEnvelope,
  errorBodySchema,
  listEnvelope,
} from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { bearerSecurity as security, errorsOf } from '../../platform/http/route-schemas';
import { authenticated, type AuthGuard } from '../sessions/guard';
import { createClosure, listClosures } from './closures.service';

/** The body's closure periods for the staff: every one, and new ones announced by administrators. */
export const closuresRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const actor = (request: FastifyRequest) => authenticated(request).user;

  app.get(
    '/staff/closures',
    {
      onRequest: guard.ability('staff.workspace'),
      schema: {
        summary: 'Every closure period of the body, past ones included, with its notice',
        tags: ['reference'],
        security,
        response: { 200: listEnvelope(closureNoticeSchema), ...errorsOf(401, 403) },
      },
    },
    async (request) => {
      const closures = await listClosures(ctx, actor(request));
      return {
        data: closures,
        meta: { page: 1, perPage: Math.max(closures.length, 1), total: closures.length },
      };
    },
  );

  app.post(
    '/staff/closures',
    {
      onRequest: guard.ability('staff.manage'),
      schema: {
        summary: 'Announce a closure period (administrators): its notice shows from `announce_from`',
        description: 'Working-day deadlines skip the closure from now on. One closure per first day.',
        tags: ['reference'],
        security,
        body: closureInputSchema,
        response: { 201: dataEnvelope(closureNoticeSchema), ...errorsOf(401, 403), 422: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createClosure(ctx, actor(request), request.body) }),
  );
};
