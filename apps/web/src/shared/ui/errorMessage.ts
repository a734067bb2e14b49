import type { TFunction } from 'i18next';
import { API_ERROR, isApiError } from '@/api/errors';

/** What to tell the user about a failed call: the API's own message, or the generic one. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.message && error.message !== API_ERROR) return error.message;
  return t('messages.generic');
}

/** A form's failure in the spec's words (`fallback`), unless the API asks to wait (429, its own message). */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 429 && error.message !== API_ERROR) return error.message;
  return fallback;
}
