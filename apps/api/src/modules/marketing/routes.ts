import { dataEnvelope, marketingOptOutResultSchema } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorsOf } from '../../platform/http/route-schemas';
import { optOut } from './service';

/** Newsletter unsubscribe (spec §2 `/marketing-opt-out/{token}`): no login, the token is the access. */
export const marketingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/marketing-opt-out/:token',
    {
      schema: {
        summary: 'Unsubscribe from the newsletter with the link of a marketing mail',
        description:
          'Public and idempotent: a second call answers the same. 404 UNSUBSCRIBE_FAILED ("Something went wrong while unsubscribing. Please try again later.") for a token that names nobody.',
        tags: ['marketing'],
        // Any text reaches the service, so a malformed link gets the spec's message, not a field map.
        params: z.object({ token: z.string().max(100) }),
        response: { 200: dataEnvelope(marketingOptOutResultSchema), ...errorsOf(404) },
      },
    },
    async (request) => ({ data: await optOut(ctx, request.params.token) }),
  );
};
