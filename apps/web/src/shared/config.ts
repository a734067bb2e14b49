import { API_PREFIX } from '@lisbon/domain';

/** Build-time configuration of the SPA, read once. */
export const config = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL?.trim() || API_PREFIX,
} as const;
