import { ERROR_STATUS, type ErrorCode, type FieldErrors, type ValidationMessageKey } from '@lisbon/domain';

export type AppErrorOptions = {
  /** Overrides the code's standard message (which is otherwise given in the request's locale). */
  message?: string;
  errors?: FieldErrors;
  /** Values for the `{{placeholders}}` of the code's standard message, e.g. `{ max: 20 }`. */
  params?: Record<string, string | number>;
  /** Response headers that belong to the answer, such as `Retry-After` on a 429. */
  headers?: Record<string, string>;
  cause?: unknown;
};

/** The one error type the API throws on purpose; the error handler turns it into `{ code, message, errors? }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly params: Record<string, string | number>;
  readonly hasCustomMessage: boolean;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.errors = options.errors;
    this.headers = options.headers;
    this.params = options.params ?? {};
    this.hasCustomMessage = options.message !== undefined;
  }
}

/** A 422 on one field; the error handler words the message key in the caller's language. */
export const fieldError = (field: string, key: ValidationMessageKey): AppError =>
  new AppError('VALIDATION_FAILED', { errors: { [field]: [key] } });

/** The `code` a system or driver error carries (`ENOENT`, `23505`, `SQLITE_BUSY`…); undefined when none. */
export const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/** A thrown value's message, for a line of output; anything thrown that is not an Error as text. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
