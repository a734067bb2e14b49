// The types of @fastify/rate-limit's Redis store, for every project that compiles this file (the API's
// and the benchmarks'): a file of ambient declarations has no `import` style.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./rate-limit-redis-store.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';
import { bearerTokenHashOf, registerBearerTokenHash } from './bearer';
import { clientAddress } from './client-address';
import { isApiRequest } from './paths';

/**
 * Strict CSP for the SPA and the API alike. Scripts only from our origin (the built SPA and
 * swagger-ui load theirs from files, none inline); inline styles are allowed because Mantine
 * and swagger-ui inject them at run time.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // No frames of uploaded files: staff see images inline and save PDFs (decision 058).
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/** Powerful browser features the portal never uses, switched off for every page and any frame in it. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * The headers helmet sets for these options, worked out once: they are the same on every answer,
 * and @fastify/helmet built helmet's middleware anew on each request (6 % of the poll's time).
 */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  // Helmet calls only setHeader and removeHeader: these two stand in for a whole response (and no request).
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => undefined);
  return headers;
}

export type SecurityOptions = {
  publicUrl: string;
  /** API calls per minute and client address, counted across every instance when `redis` is given. */
  globalLimitPerMinute: number;
  /** How long a refused call (429, by any limit) is held before its answer is sent. */
  refusalDelayMs: number;
  /** The deployment's shared Redis (REDIS_URL); null: counted in this process's memory. */
  redis: Redis | null;
  /** The account whose session a token's SHA-256 names: only then is a call counted per account. */
  sessionUserIdOf: (tokenHash: string) => Promise<number | undefined>;
};

/** The security headers every answer carries, for the portal served at `publicUrl`. */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const isHttps = publicUrl.startsWith('https://');
  return {
    ...headersOf({
      contentSecurityPolicy: {
        useDefaults: false,
        // Upgrading requests only makes sense when the portal is actually served over HTTPS.
        directives: isHttps ? { ...CSP_DIRECTIVES, upgradeInsecureRequests: [] } : CSP_DIRECTIVES,
      },
      // HSTS over plain HTTP is ignored at best, and pins a host that has no certificate at worst.
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      // Matches frame-ancestors 'none' for browsers that only know the older header.
      frameguard: { action: 'deny' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

export async function registerSecurity(
  app: FastifyInstance,
  { publicUrl, globalLimitPerMinute, refusalDelayMs, redis, sessionUserIdOf }: SecurityOptions,
): Promise<void> {
  registerBearerTokenHash(app);
  const headers = securityHeaders(publicUrl);
  // Hooks that call `done` rather than async ones: they run on every call, and a promise each time costs.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API answers hold someone's data (or say who is logged in): no browser, proxy or CDN keeps
  // them, unless a route chose otherwise. The SPA's files have their own policy (spa.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', request.headers.authorization ? 'private, no-store' : 'no-store');
    done(null, payload);
  });
  // A refusal is answered after a pause. A client that retries the moment it is refused (a loop,
  // a script) would otherwise make thousands of refused calls a second, each one cheap but all of
  // them together the server's time, and every other user's calls would wait behind them; held,
  // each of its loops makes about one call per pause. The pause costs a timer, not the server's work,
  // and a user who is refused now and then only waits a moment more for the message (decision 084).
  if (refusalDelayMs > 0)
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode === 429) setTimeout(() => done(null, payload), refusalDelayMs);
      else done(null, payload);
    });

  // Lenient: a floor against floods. A call with the token of a live session past its second
  // factor counts for that session's account, so the fifty applicants behind one university's or
  // reception centre's address, each polling every 10 s, are never refused, and every session of
  // one account shares the one count (logging in again buys no calls); anonymous calls count per
  // address, and so do calls whose token names no session, or one expired or still waiting for its
  // second factor (a random header buys no calls, and the password alone spends none of the
  // account's, on public routes too; decision 084). The guard counts tokens that name no session
  // against the address once more (decision 050). Tighter per-route limits (login, 2FA, …) come
  // with those routes. Only the API is counted; the SPA's static files are not. With several
  // instances the counters live in Redis, so the limit is the deployment's, not each instance's; a
  // Redis that does not answer lets the call through (and is logged) rather than refusing every
  // user (decision 041).
  await app.register(rateLimit, {
    global: true,
    max: globalLimitPerMinute,
    timeWindow: '1 minute',
    ...(redis ? { store: redisStoreOf(redis, RATE_KEY_PREFIX), skipOnError: true } : {}),
    allowList: (request) => !isApiRequest(request),
    keyGenerator: async (request) => {
      const tokenHash = bearerTokenHashOf(request);
      const userId = tokenHash ? await sessionUserIdOf(tokenHash) : undefined;
      return userId === undefined ? `address:${clientAddress(request)}` : `user:${userId}`;
    },
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}

/** What every counter of @fastify/rate-limit's in Redis is named after. */
export const RATE_KEY_PREFIX = 'lisbon:rate:';

/**
 * @fastify/rate-limit's Redis store, with counters named by what they count. The library names a
 * route's counters after the route (`lisbon:rate:GET/api/v1/…-<key>`), and the counters of a limiter
 * made by `app.createRateLimit` after a route it has not got (`lisbon:rate:undefinedundefined-<key>`):
 * those are named by their key alone (`lisbon:rate:wallet-result-address:<ip>`), as the global
 * floor's are (`lisbon:rate:address:<ip>`). Such a limiter's key must then not be one the floor
 * makes (`address:…`, `user:…`): it would share the floor's counter.
 */
function redisStoreOf(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const Store = class extends RedisStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(options.continueExceeding, options.exponentialBackoff, redis, prefix);
    }

    override child(routeOptions: Parameters<RedisStore['child']>[0]) {
      return routeOptions.routeInfo.method === undefined
        ? new RedisStore(routeOptions.continueExceeding, routeOptions.exponentialBackoff, redis, prefix)
        : super.child(routeOptions);
    }
  };
  // The plugin's types give `child` the route's options; it is given the limit's settings with the
  // route's options as `routeInfo` (index.js, `mergeParams`).
  return Store as unknown as FastifyRateLimitStoreCtor;
}
