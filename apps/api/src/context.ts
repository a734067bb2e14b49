import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Db } from './platform/db/database';
import type { JobQueue } from './platform/jobs/queue';
import type { RateLimiter } from './platform/rate-limit/limiter';

/** What every module's services are given: the adapters, chosen once at start. */
export type AppContext = {
  db: Db;
  config: Config;
  clock: Clock;
  queue: JobQueue;
  limiter: RateLimiter;
};
