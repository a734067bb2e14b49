import { API_PREFIX } from '@lisbon/domain';

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

/** Everything under /api belongs to the API: JSON answers, never the SPA. */
export const isApiPath = (url: string): boolean => {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
};

export const HEALTH_PATH = `${API_PREFIX}/health`;

/** Health and the balancer's probes (`/health/live`, `/health/ready`). */
export const isHealthPath = (url: string): boolean => {
  const path = pathOf(url).replace(/\/+$/, '');
  return path === HEALTH_PATH || path === `${HEALTH_PATH}/live` || path === `${HEALTH_PATH}/ready`;
};
