import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { buildCommit, VERSION } from './build';

/**
 * What an operator watches (issues #12, #34): latency, answers and server errors per route, the
 * job queue (by kind too), the database pool, Redis, anchoring, payments settled and verification
 * results. One set per process, scraped at `GET /metrics` when
 * METRICS_TOKEN opens it; every instance is scraped on its own and Prometheus adds them up.
 */
export type Metrics = {
  readonly registry: Registry;
  /** 1, labelled with the build's version and commit (Prometheus's `_build_info` convention). */
  readonly buildInfo: Gauge<'version' | 'commit'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly paymentsSettled: Counter<'outcome'>;
  readonly verifications: Counter<'result'>;
  /** The wallet (decision 088): offers made, credentials issued, presentations checked by result. */
  readonly walletOffers: Counter;
  readonly walletCredentials: Counter;
  readonly walletPresentations: Counter<'result'>;
  readonly jobs: Gauge<'status'>;
  readonly oldestDueJobAge: Gauge;
  readonly jobsByKind: Gauge<'kind' | 'status'>;
  /**
   * Jobs this instance's worker gave up for good (the last attempt failed), by kind (the job's
   * name): from 0 for every kind it runs, so that Prometheus's increase() sees the first one.
   */
  readonly jobsFailed: Counter<'kind'>;
  readonly httpErrors: Counter<'method' | 'route' | 'status'>;
  readonly dbPool: Gauge<'state'>;
  /** The password hashes of the process (platform/passwords.ts): running, waiting, refused. */
  readonly passwordHashes: Gauge<'state'>;
  readonly passwordHashesRefused: Counter;
  readonly redisUp: Gauge<'role'>;
  readonly objectStoreUp: Gauge<'store'>;
  readonly lastBackup: Gauge;
  readonly anchorOldestUnanchoredAge: Gauge<'chain_id'>;
  readonly anchorLastBatch: Gauge<'chain_id' | 'status'>;
  readonly anchorSenderBalance: Gauge<'chain_id'>;
  readonly anchorNodeUp: Gauge<'chain_id'>;
};

export type MetricsOptions = {
  /** The process's own figures too (memory, CPU, event-loop delay, handles): the server only, not tests. */
  processMetrics?: boolean;
  /** The build `lisbon_build_info` names: by default this one's (platform/build.ts). */
  build?: { version: string; commit: string | null };
};

/** `lisbon_build_info`'s commit label when the build has no COMMIT file (a checkout, or release 1.0.0). */
export const UNKNOWN_COMMIT = 'unknown';

export function createMetrics({
  processMetrics = false,
  build = { version: VERSION, commit: buildCommit() },
}: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'lisbon_' });
  // Set once: every scrape of an instance says which build it runs, so a query over the instances
  // tells those of a rolling upgrade apart (docs/deploy.md, "Monitor").
  const buildInfo = new Gauge({
    name: 'lisbon_build_info',
    help: 'Always 1: the version and the commit (the release’s COMMIT file, or unknown) this instance runs.',
    labelNames: ['version', 'commit'],
    registers: [registry],
  });
  buildInfo.set({ version: build.version, commit: build.commit ?? UNKNOWN_COMMIT }, 1);
  return {
    registry,
    buildInfo,
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
      help: 'Wallet answers a verifier check took, by result: valid, not_valid, declined, rejected (junk).',
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
    jobsByKind: new Gauge({
      name: 'lisbon_jobs_by_kind',
      help: 'Background jobs in the shared queue by kind (mail, publication, payment…) and status, read at the scrape.',
      labelNames: ['kind', 'status'],
      registers: [registry],
    }),
    jobsFailed: new Counter({
      name: 'lisbon_jobs_failed_total',
      help: 'Background jobs this instance gave up for good (their last attempt failed), by kind (mail, publication, payment…).',
      labelNames: ['kind'],
      registers: [registry],
    }),
    httpErrors: new Counter({
      name: 'lisbon_http_errors_total',
      help: 'Answers of this instance with a server error (5xx), by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    dbPool: new Gauge({
      name: 'lisbon_db_pool_connections',
      help: 'PostgreSQL connections of this instance’s pool: in_use, idle, and waiting (calls queued for a connection).',
      labelNames: ['state'],
      registers: [registry],
    }),
    passwordHashes: new Gauge({
      name: 'lisbon_password_hashes',
      help: 'Password hashes (argon2id: logins, password changes, activations) of this instance: running, and waiting their turn.',
      labelNames: ['state'],
      registers: [registry],
    }),
    passwordHashesRefused: new Counter({
      name: 'lisbon_password_hashes_refused_total',
      help: 'Password checks and hashes this instance refused with 429 PASSWORD_CHECKS_BUSY: every place taken and its queue full, or 8 already from the same client address.',
      registers: [registry],
    }),
    redisUp: new Gauge({
      name: 'lisbon_redis_up',
      help: '1 while this instance is connected to REDIS_URL (role: what it serves), 0 while it is not; absent without REDIS_URL.',
      labelNames: ['role'],
      registers: [registry],
    }),
    objectStoreUp: new Gauge({
      name: 'lisbon_object_store_up',
      help: '1 when the file store answered the scrape’s probe (store: s3, the bucket; disk, DATA_DIR/files writable), 0 when it did not.',
      labelNames: ['store'],
      registers: [registry],
    }),
    lastBackup: new Gauge({
      name: 'lisbon_backup_last_success_timestamp_seconds',
      help: 'When the newest recorded backup was written whole (lisbon backup, or lisbon-backup’s pg_dump), in Unix seconds; 0 when none was ever recorded.',
      registers: [registry],
    }),
    anchorOldestUnanchoredAge: new Gauge({
      name: 'lisbon_anchor_oldest_unanchored_age_seconds',
      help: 'Age of the oldest ledger entry no batch holds yet (0 when none waits); with anchoring on.',
      labelNames: ['chain_id'],
      registers: [registry],
    }),
    anchorLastBatch: new Gauge({
      name: 'lisbon_anchor_last_batch',
      help: 'The newest anchoring batch’s state: 1 for its status (prepared, signed, sent, mined, final), 0 for the others.',
      labelNames: ['chain_id', 'status'],
      registers: [registry],
    }),
    anchorSenderBalance: new Gauge({
      name: 'lisbon_anchor_sender_balance_ether',
      help: 'The anchoring account’s balance in the chain’s coin (ether), read from the node at the scrape.',
      labelNames: ['chain_id'],
      registers: [registry],
    }),
    anchorNodeUp: new Gauge({
      name: 'lisbon_anchor_node_up',
      help: '1 when the chain’s node answered the scrape’s balance read, 0 when it did not.',
      labelNames: ['chain_id'],
      registers: [registry],
    }),
  };
}
