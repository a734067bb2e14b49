import { cmsEntriesQuerySchema, cmsEntrySchema, errorBodySchema, listEnvelope } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database';
import { findCmsEntries } from './service';

export const cmsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/cms-entries',
    {
      schema: {
        summary: 'FAQ answers and tips for identifying the country of education system',
        tags: ['cms'],
        querystring: cmsEntriesQuerySchema,
        response: { 200: listEnvelope(cmsEntrySchema), 422: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => findCmsEntries(db, request.query, request.log),
  );
};
