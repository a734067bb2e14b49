import { dataEnvelope, healthSchema, probeSchema } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth, checkReadiness, type HealthContext } from './service';

export const healthRoutes: FastifyPluginAsyncZod<HealthContext> = async (app, context) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database reachability; answers even in maintenance mode',
        tags: ['health'],
        response: { 200: dataEnvelope(healthSchema), 503: dataEnvelope(healthSchema) },
      },
      // Load balancers and the benchmark poll this: never refused, and every call of the instance
      // shares one question to the database a second (service.ts), so it is not rate limited.
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const health = await checkHealth(context);
      return reply.code(health.database === 'ok' ? 200 : 503).send({ data: health });
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Liveness for the load balancer: the process answers (restart it otherwise)',
        tags: ['health'],
        response: { 200: dataEnvelope(probeSchema) },
      },
      config: { rateLimit: false },
      logLevel: 'warn',
    },
    async () => ({ data: { status: 'live' as const } }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        summary: 'Readiness for the load balancer: send traffic only on 200',
        description:
          '503 while the instance drains for a stop (a rolling restart) or cannot reach its database; answers in maintenance mode too.',
        tags: ['health'],
        response: { 200: dataEnvelope(probeSchema), 503: dataEnvelope(probeSchema) },
      },
      config: { rateLimit: false },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const probe = await checkReadiness(context);
      return reply.code(probe.status === 'ready' ? 200 : 503).send({ data: probe });
    },
  );
};
