import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What an operator watches (issue #12): latency and answers per route, the job queue, payments
 * settled and verification results. One set per process, scraped at `GET /metrics` when
 * METRICS_TOKEN opens it; every instance is scraped on its own and Prometheus adds them up.
 */
export type Metrics = {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly paymentsSettled: Counter<'outcome'>;
  readonly verifications: Counter<'result'>;
  /** The wallet (decision 088): offers made, credentials issued, presentations checked by result. */
  readonly walletOffers: Counter;
  readonly walletCredentials: Counter;
  readonly walletPresentations: Counter<'result'>;
  readonly jobs: Gauge<'status'>;
  readonly oldestDueJobAge: Gauge;
};

export type MetricsOptions = {
  /** The process's own figures too (memory, CPU, event-loop delay, handles): the server only, not tests. */
  processMetrics?: boolean;
};

export function createMetrics({ processMetrics = false }: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'lisbon_' });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'lisbon_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    paymentsSettled: new Counter({
      name: 'lisbon_payments_settled_total',
      help: 'Payments this instance settled, by outcome (succeeded, failed, expired).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    verifications: new Counter({
      name: 'lisbon_verifications_total',
      help: 'Public statement verifications answered, by result (valid, not_valid, not_published, unknown).',
      labelNames: ['result'],
      registers: [registry],
    }),
    walletOffers: new Counter({
      name: 'lisbon_wallet_offers_total',
      help: 'Credential offers of a statement made to a wallet.',
      registers: [registry],
    }),
    walletCredentials: new Counter({
      name: 'lisbon_wallet_credentials_issued_total',
      help: 'SD-JWT VC credentials issued to a wallet.',
      registers: [registry],
    }),
    walletPresentations: new Counter({
      name: 'lisbon_wallet_presentations_total',
      help: 'Wallet presentations checked by the verifier, by result (valid, not_valid).',
      labelNames: ['result'],
      registers: [registry],
    }),
    jobs: new Gauge({
      name: 'lisbon_jobs',
      help: 'Background jobs in the shared queue by status (pending, running, failed), read at the scrape.',
      labelNames: ['status'],
      registers: [registry],
    }),
    oldestDueJobAge: new Gauge({
      name: 'lisbon_jobs_oldest_due_age_seconds',
      help: 'How long the oldest pending job has been due (0 when none waits), read at the scrape.',
      registers: [registry],
    }),
  };
}
