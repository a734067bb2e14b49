import { Redis } from 'ioredis';

/**
 * The shared Redis of a deployment (REDIS_URL): counters every instance reads and writes. A call
 * never waits for a Redis that is down (no offline queue, one try): the caller decides what a
 * missing answer means — the global rate limit serves the request and logs.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Keep reconnecting in the background, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
