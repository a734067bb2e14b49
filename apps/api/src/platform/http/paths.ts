import { API_PREFIX } from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';

/** The scheme and host of a request line that names the address in full (`http://host/…`). */
const SCHEME_AND_HOST = /^https?:\/\/[^/?]*/i;

/**
 * The path as the router reads it: find-my-way serves a request line that names the address in
 * full (`GET http://host/api/v1/auth/me HTTP/1.1`) by what follows the host, and decodes a
 * percent-encoded character as `decodeURI` does (`/%61pi/v1/auth/me` is served as
 * `/api/v1/auth/me`; `%2F` stays a character, not a separator), so every check of the API's
 * limits, maintenance and caching reads the same path as the route that answers. An encoding that
 * does not decode is kept as it is (no route has it).
 */
export const pathOf = (url: string): string => {
  const host = url.startsWith('/') ? null : SCHEME_AND_HOST.exec(url);
  const rest = host ? url.slice(host[0].length) : url;
  const target = host && !rest.startsWith('/') ? `/${rest}` : rest;
  const path = target.split('?', 1)[0] ?? target;
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

/**
 * The path without its trailing slashes, in one pass: `/\/+$/` would retry its run of slashes from
 * every slash of a long one not at the end (a URL of thousands of slashes then a letter), work
 * that grows with the square of the URL's length on every API call (decision 083).
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return path.slice(0, end);
}

/** Everything under /api belongs to the API: JSON answers, never the SPA. */
export const isApiPath = (url: string): boolean => {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
};

type ServedRequest = Pick<FastifyRequest, 'url' | 'routeOptions'>;

/**
 * Whether a request is the API's: by its path, or by the pattern of the route the router gave it
 * to. A request line may name the address in full (`GET http://host/api/v1/… HTTP/1.1`), which the
 * router serves by its path: an API call like its usual form. (The SPA's file route, `/*`, is
 * given unmatched paths: its pattern says nothing, the path does.)
 */
export const isApiRequest = (request: ServedRequest): boolean =>
  isApiPath(request.url) || isApiPath(request.routeOptions.url ?? '');

export const HEALTH_PATH = `${API_PREFIX}/health`;

/** Health and the balancer's probes (`/health/live`, `/health/ready`). */
export const isHealthPath = (url: string): boolean => {
  const path = withoutTrailingSlashes(pathOf(url));
  return path === HEALTH_PATH || path === `${HEALTH_PATH}/live` || path === `${HEALTH_PATH}/ready`;
};

/** Whether a request is for health or a probe, by its path or its route's pattern (as `isApiRequest`). */
export const isHealthRequest = (request: ServedRequest): boolean =>
  isHealthPath(request.url) || isHealthPath(request.routeOptions.url ?? '');
