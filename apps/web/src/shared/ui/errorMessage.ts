import type { TFunction } from 'i18next';
import { API_ERROR, isApiError } from '@/api/errors';

/** What to tell the user about a failed call: the API's own message, or the generic one. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.message && error.message !== API_ERROR) return error.message;
  return t('messages.generic');
}
