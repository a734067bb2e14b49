import { dataEnvelope, healthSchema } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth, type HealthContext } from './service';

export const healthRoutes: FastifyPluginAsyncZod<HealthContext> = async (app, context) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database reachability; answers even in maintenance mode',
        tags: ['health'],
        response: { 200: dataEnvelope(healthSchema), 503: dataEnvelope(healthSchema) },
      },
      // Load balancers and the benchmark poll this; it is cheap, so it is not rate limited.
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const health = await checkHealth(context);
      return reply.code(health.database === 'ok' ? 200 : 503).send({ data: health });
    },
  );
};
