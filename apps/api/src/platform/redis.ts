import { once } from 'node:events';
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

/**
 * Waits (at most `withinMs`) for the first connection, so an instance that starts counts its
 * first calls in the shared Redis instead of letting them through uncounted (there is no offline
 * queue). A Redis that refuses or does not answer in time leaves the instance starting all the
 * same: false.
 */
export async function connected(redis: Redis, withinMs: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  const gaveUp = new AbortController();
  const timer = setTimeout(() => gaveUp.abort(), withinMs);
  try {
    return await Promise.race([
      once(redis, 'ready', { signal: gaveUp.signal }).then(() => true),
      once(redis, 'error', { signal: gaveUp.signal }).then(() => false),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    gaveUp.abort();
  }
}
