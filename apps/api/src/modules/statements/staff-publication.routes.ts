import { dataEnvelope, staffPublicationSchema } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { getPublication, retryPublication } from './staff-publication.service';

const tags = ['staff'];
const publication = dataEnvelope(staffPublicationSchema);

/** The staff's view of a request's publication, and the way out of a publish job that failed for good. */
export const staffPublicationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  app.get(
    '/staff/practices/:id/publication',
    {
      onRequest: guard.ability('staff.workspace'),
      schema: {
        summary: 'Where the request’s publication stands: none, pending, failed or published',
        description:
          '`pending` while the publish job is queued, running or waiting to retry; `failed` once it gave up (POST …/publication/retry queues it again). Staff only.',
        tags,
        security,
        params,
        response: { 200: publication, ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await getPublication(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/staff/practices/:id/publication/retry',
    {
      onRequest: guard.ability('staff.publish'),
      schema: {
        summary: 'Queues a failed publication again; the steps already done are not repeated',
        description:
          '409 PUBLICATION_PENDING while a publish job is still on its way; 409 CONFLICT when the publication has not failed. Staff with staff.publish only.',
        tags,
        security,
        params,
        response: { 200: publication, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({ data: await retryPublication(ctx, actorOf(request), request.params.id) }),
  );
};
