import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { Metrics } from '../metrics';
import { isApiPath } from './paths';
import { bearerCredentialsOf } from './bearer';
import { refreshScrapedFigures, type ScrapeSources } from './scrape';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the presented bearer token with the configured one in constant time. */
const isToken = (header: string | undefined, expected: string): boolean => {
  const presented = bearerCredentialsOf(header) ?? '';
  return timingSafeEqual(digest(presented), digest(expected));
};

export type MetricsRouteOptions = {
  metrics: Metrics;
  token: string | null;
  db: Db;
  clock: Clock;
  redis?: ScrapeSources['redis'];
  anchoring?: ScrapeSources['anchoring'];
  storage?: ScrapeSources['storage'];
};

/**
 * Times every answer by route pattern (never the raw URL: ids and tokens would explode the series
 * and leak), and serves Prometheus's text at `GET /metrics`: 404 unless METRICS_TOKEN is set, then
 * only with `Authorization: Bearer <token>` (401 otherwise). Balancers should not route it either.
 */
export function registerMetrics(
  app: FastifyInstance,
  { metrics, token, db, clock, redis = null, anchoring = null, storage = null }: MetricsRouteOptions,
): void {
  // A hook that calls `done`, not an async one: it runs on every call, and a promise each time costs.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? (isApiPath(request.url) ? 'unmatched' : 'spa');
    if (route !== METRICS_PATH) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode >= 500) metrics.httpErrors.inc(labels);
    }
    done();
  });

  app.get(METRICS_PATH, { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError('NOT_FOUND');
    if (!isToken(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED_ACCESS');
    }
    await refreshScrapedFigures({ metrics, db, clock, redis, anchoring, storage });
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
