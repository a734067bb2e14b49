import { errorBodySchema, type ErrorCode, type FieldErrors, MAINTENANCE_STATUS } from '@lisbon/domain';

/** The message the API and the client give to any failure whose details must not be shown. */
export const API_ERROR = 'api_error' satisfies ErrorCode;
const MAINTENANCE_CODE = 'MAINTENANCE' satisfies ErrorCode;

/** Every failed call ends as one of these (spec §8): the HTTP status, the API's code, one message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: FieldErrors;

  constructor(init: { status: number; code: string; message: string; errors?: FieldErrors }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    if (init.errors) this.errors = init.errors;
  }
}

/** No answer, a timeout, or an answer the client cannot read. */
export function unreadableError(): ApiError {
  return new ApiError({ status: 500, code: API_ERROR, message: API_ERROR });
}

function firstFieldError(errors: FieldErrors | undefined): string | undefined {
  for (const messages of Object.values(errors ?? {})) {
    if (messages[0]) return messages[0];
  }
  return undefined;
}

/** Turns a failed answer's status and parsed body into the spec's error (§8). */
export function normaliseError(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (status === MAINTENANCE_STATUS) {
    // 503 means maintenance whoever sent it, even a proxy with an HTML page.
    return new ApiError({
      status,
      code: parsed.success ? parsed.data.code : MAINTENANCE_CODE,
      message: parsed.success ? parsed.data.message : MAINTENANCE_CODE,
    });
  }
  if (status === 500 || !parsed.success) return unreadableError();
  const { code, message, errors } = parsed.data;
  const shown = status === 422 ? (firstFieldError(errors) ?? message) : message;
  return new ApiError({ status, code, message: shown, ...(errors ? { errors } : {}) });
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null; // not JSON: normaliseError reads it as unreadable
  }
  return normaliseError(response.status, body);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
