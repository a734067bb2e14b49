import {
  ERROR_MESSAGES,
  ERROR_STATUS,
  messageForIssue,
  negotiateLocale,
  type ErrorBody,
  type ErrorCode,
  type FieldErrors,
  type IssueLike,
  type Locale,
} from '@lisbon/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../errors';

/** Statuses Fastify and its plugins raise on their own (bad JSON, wrong content type, …), as our codes. */
const CODE_FOR_CLIENT_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED_ACCESS',
  403: 'FORBIDDEN_ACCESS',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

function requestPart(request: FastifyRequest, context: ValidationContext | undefined): unknown {
  switch (context) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    case undefined:
      return undefined;
  }
}

function valueAt(source: unknown, path: readonly string[]): unknown {
  let value = source;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The 422 field map, `{ "field.path": ["message"] }`, in the request's locale. The issue's input is
 * looked up in the request rather than reported by zod, so no submitted value ends up in an error object or log.
 */
export function fieldErrorsFor(
  validation: readonly ZodFastifySchemaValidationError[],
  request: FastifyRequest,
  context: ValidationContext | undefined,
  locale: Locale,
): FieldErrors {
  const errors: FieldErrors = {};
  const source = requestPart(request, context);
  for (const issue of validation) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const field = path.length > 0 ? path.join('.') : (context ?? 'request');
    const issueLike: IssueLike = {
      ...(issue.params as Omit<IssueLike, 'code' | 'message' | 'input'>),
      code: issue.keyword,
      message: issue.message ?? '',
      input: valueAt(source, path),
    };
    (errors[field] ??= []).push(messageForIssue(issueLike, locale));
  }
  return errors;
}

type Answer = { status: number; body: ErrorBody };

function answerFor(error: FastifyError | AppError, request: FastifyRequest, locale: Locale): Answer {
  const standard = (code: ErrorCode, status = ERROR_STATUS[code]): Answer => ({
    status,
    body: { code, message: ERROR_MESSAGES[locale][code] },
  });
  if (error instanceof AppError) {
    const message = error.hasCustomMessage ? error.message : ERROR_MESSAGES[locale][error.code];
    return {
      status: error.statusCode,
      body: { code: error.code, message, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrorsFor(error.validation, request, error.validationContext, locale);
    return { status: 422, body: { ...standard('VALIDATION_FAILED').body, errors } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return standard(CODE_FOR_CLIENT_STATUS[status] ?? 'BAD_REQUEST', status);
  return standard('api_error');
}

export async function sendError(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const locale = negotiateLocale(request.headers['accept-language']);
  const { status, body } = answerFor(error, request, locale);
  if (status >= 500 && !(error instanceof AppError && error.code === 'MAINTENANCE')) {
    // The request id is bound to request.log; bodies and headers are not logged, as they may hold secrets.
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.debug({ code: body.code, status }, 'request refused');
  }
  return reply.code(status).send(body);
}

/** The one error handler of the API: every failure leaves as `{ code, message, errors? }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>(sendError);
}
