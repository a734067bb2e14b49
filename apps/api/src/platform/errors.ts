import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@lisbon/domain';

export type AppErrorOptions = {
  /** Overrides the code's standard message (which is otherwise given in the request's locale). */
  message?: string;
  errors?: FieldErrors;
  cause?: unknown;
};

/** The one error type the API throws on purpose; the error handler turns it into `{ code, message, errors? }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  readonly hasCustomMessage: boolean;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.errors = options.errors;
    this.hasCustomMessage = options.message !== undefined;
  }
}
