import { API_PREFIX } from '@lisbon/domain';

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

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

export const HEALTH_PATH = `${API_PREFIX}/health`;

/** Health and the balancer's probes (`/health/live`, `/health/ready`). */
export const isHealthPath = (url: string): boolean => {
  const path = withoutTrailingSlashes(pathOf(url));
  return path === HEALTH_PATH || path === `${HEALTH_PATH}/live` || path === `${HEALTH_PATH}/ready`;
};
