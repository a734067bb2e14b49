import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Db } from './platform/db/database';
import type { JobQueue } from './platform/jobs/queue';
import type { PaymentProvider } from './platform/payments/provider';
import type { RateLimiter } from './platform/rate-limit/limiter';
import type { FileStorage } from './platform/storage/storage';

/** What every module's services are given: the adapters, chosen once at start. */
export type AppContext = {
  db: Db;
  config: Config;
  clock: Clock;
  queue: JobQueue;
  limiter: RateLimiter;
  storage: FileStorage;
  payments: PaymentProvider;
};
