import { config } from '@/shared/config';
import { currentLocale } from '@/shared/i18n';
import { getSessionToken } from '@/shared/storage';
import { createApiClient } from './client';
import { emitMaintenance } from './maintenance';
import { emitUnauthorized } from './session-end';

/** The client every feature uses: configured base URL, stored token, current language. */
export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  getToken: () => getSessionToken(),
  getLanguage: currentLocale,
  onMaintenance: emitMaintenance,
  onUnauthorized: emitUnauthorized,
});

export { ApiError, API_ERROR, isApiError } from './errors';
export type { ApiResult, CallOptions, Query, UploadOptions } from './client';
export type { UploadProgress } from './xhr';
export { onMaintenance, emitMaintenance } from './maintenance';
export { createSendKeys, type SendKeys } from './send-keys';
export { onUnauthorized, emitUnauthorized } from './session-end';
