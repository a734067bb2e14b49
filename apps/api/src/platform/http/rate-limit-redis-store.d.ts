// @fastify/rate-limit's own Redis store, which its package ships without types (security.ts names
// its counters with it).
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  /** The limit's settings merged with its route's, as the plugin gives them to `child`. */
  type LimitParams = {
    continueExceeding?: boolean;
    exponentialBackoff?: boolean;
    /** The route's options; empty for a limiter made by `app.createRateLimit`. */
    routeInfo: { method?: string | string[]; url?: string };
  };
  type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

  export default class RedisStore {
    constructor(
      continueExceeding: boolean | undefined,
      exponentialBackoff: boolean | undefined,
      redis: Redis,
      key?: string,
    );
    incr(key: string, callback: Counted, timeWindow: number, max: number): void;
    read(key: string, callback: Counted, timeWindow?: number, max?: number): void;
    child(params: LimitParams): RedisStore;
  }
}
