import {
  ERROR_MESSAGES,
  ERROR_STATUS,
  formatLongDate,
  formatMessage,
  isCalendarDay,
  messageForIssue,
  transitionWords,
  negotiateLocale,
  type ErrorBody,
  type ErrorCode,
  type FieldErrors,
  type IssueLike,
  type Locale,
  VALIDATION_MESSAGES,
  validationMessage,
  type ValidationMessageKey,
} from '@lisbon/domain';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { AppError, errorCode } from '../errors';
import { reservedFieldName } from './multipart-boundary';

/** Statuses Fastify and its plugins raise on their own (bad JSON, wrong content type, …), as our codes. */
const CODE_FOR_CLIENT_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED_ACCESS',
  403: 'FORBIDDEN_ACCESS',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  431: 'HEADERS_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

/**
 * The multipart parser (busboy) rejects a body with no boundary, or one cut short, with plain errors:
 * the client's body is at fault, so they answer 400 like malformed JSON does.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|.* terminated early due to unexpected end of multipart data|Malformed part header)/;

export const isMalformedMultipart = (error: FastifyError | AppError): boolean =>
  !(error instanceof AppError) && error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message);

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
    // Own keys only: `constructor` or `toString` in a body must not reach Object.prototype.
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    // An own key of an object (checked above): its value, whatever it is.
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * At most this many fields in a 422 field map: no form of the portal has half as many, and a body made
 * of tens of thousands of unknown keys must not be answered with megabytes of errors.
 */
export const MAX_FIELDS_IN_ERRORS = 100;

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
  // A prototype-less map: a field named `constructor` or `toString` is a key like any other.
  const errors: FieldErrors = Object.create(null);
  const source = requestPart(request, context);
  let fields = 0;
  for (const issue of validation) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const issueLike: IssueLike = {
      // Ajv's params are the keyword's own (limit, missingProperty…); IssueLike names the ones the messages use.
      ...(issue.params as Omit<IssueLike, 'code' | 'message' | 'input'>),
      code: issue.keyword,
      message: issue.message ?? '',
      input: valueAt(source, path),
    };
    // A key the schema does not accept is reported on that key, so a form can show it there.
    const unknownKeys =
      issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined;
    const paths = Array.isArray(unknownKeys) ? unknownKeys.map((key) => [...path, String(key)]) : [path];
    for (const fieldPath of paths) {
      const field = fieldPath.length > 0 ? fieldPath.join('.') : (context ?? 'request');
      if (errors[field] === undefined) {
        if (fields === MAX_FIELDS_IN_ERRORS) continue;
        fields += 1;
      }
      (errors[field] ??= []).push(messageForIssue(issueLike, locale));
    }
  }
  return { ...errors };
}

type Answer = { status: number; body: ErrorBody };

const isMessageKey = (value: string): value is ValidationMessageKey => value in VALIDATION_MESSAGES['en-US'];

/**
 * A service names field errors by message key (as schema refinements do); they are worded here,
 * with the error's parameters (an upload's refusal names the file).
 */
const localiseFieldErrors = (
  errors: FieldErrors,
  locale: Locale,
  params: Record<string, string | number>,
): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((message) =>
        isMessageKey(message) ? validationMessage(message, locale, params) : message,
      ),
    ]),
  );

/**
 * A message's parameters for people: a calendar day (`2025-01-07`) in the locale's words, as the
 * web writes it, and a refused move's action and status by their names on the staff pages.
 */
const localiseParams = (params: Record<string, unknown> | undefined, locale: Locale) =>
  params &&
  transitionWords(
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'string' && isCalendarDay(value) ? formatLongDate(value, locale) : value,
      ]),
    ),
    locale,
  );

function answerFor(error: FastifyError | AppError, request: FastifyRequest, locale: Locale): Answer {
  const standard = (code: ErrorCode, status = ERROR_STATUS[code]): Answer => ({
    status,
    body: { code, message: ERROR_MESSAGES[locale][code] },
  });
  if (error instanceof AppError) {
    const message = error.hasCustomMessage
      ? error.message
      : formatMessage(ERROR_MESSAGES[locale][error.code], localiseParams(error.params, locale));
    return {
      status: error.statusCode,
      body: {
        code: error.code,
        message,
        ...(error.errors ? { errors: localiseFieldErrors(error.errors, locale, error.params) } : {}),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrorsFor(error.validation, request, error.validationContext, locale);
    return { status: 422, body: { ...standard('VALIDATION_FAILED').body, errors } };
  }
  if (isMalformedMultipart(error)) return standard('BAD_REQUEST');
  // A second file part in an upload that takes one (the parser's `files: 1` limit): the field's
  // error, as for any other invalid input, not a body too large.
  if (errorCode(error) === 'FST_FILES_LIMIT')
    return answerFor(
      new AppError('VALIDATION_FAILED', { errors: { file: ['fileOnlyOne'] } }),
      request,
      locale,
    );
  // A multipart field named `__proto__`, `constructor`…: refused by the parser, a field's error too.
  if (errorCode(error) === 'FST_PROTO_VIOLATION') return answerFor(reservedFieldName(), request, locale);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return standard(CODE_FOR_CLIENT_STATUS[status] ?? 'BAD_REQUEST', status);
  return standard('api_error');
}

/** Errors a request's body stream fails with when its client closes the connection halfway. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * The client closed its connection before its request had arrived whole (an upload given up
 * halfway): the body is incomplete and the socket gone. Not `request.raw.destroyed`, which Node
 * sets once a body has been read whole, while the client still waits: a backend's own ECONNRESET
 * (an object store, the database) after that is a failure of ours, answered 500 and logged.
 */
const isClientGone = (error: FastifyError | AppError, request: FastifyRequest): boolean =>
  !request.raw.complete &&
  request.raw.socket.destroyed &&
  (CLIENT_GONE_CODES.has(String(errorCode(error))) || error.message === 'aborted');

export async function sendError(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const locale = negotiateLocale(request.headers['accept-language']);
  if (isClientGone(error, request)) {
    // Nobody is left to answer, and nothing failed on our side: the client's doing, not an error.
    request.log.info({ code: errorCode(error) }, 'the client left before its request ended');
    return reply.code(400).send(answerFor(new AppError('BAD_REQUEST'), request, locale).body);
  }
  const { status, body } = answerFor(error, request, locale);
  if (status >= 500 && !(error instanceof AppError && error.code === 'MAINTENANCE')) {
    // The request id is bound to request.log; bodies and headers are not logged, as they may hold secrets.
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.debug({ code: body.code, status }, 'request refused');
  }
  if (error instanceof AppError && error.headers) reply.headers(error.headers);
  return reply.code(status).send(body);
}

/** The one error handler of the API: every failure leaves as `{ code, message, errors? }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>(sendError);
}

/**
 * The statuses Node's own answer gives to what its parser refuses, with the contract's code that
 * says why; anything else is a 400 `BAD_REQUEST`.
 */
const CLIENT_ERRORS: Partial<Record<string, { status: number; code: ErrorCode }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'HEADERS_TOO_LARGE' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'BAD_REQUEST' },
};

/**
 * What Node's HTTP parser refuses before any route runs (headers or a URL too long: 431, a request
 * that took too long to arrive: 408, chunk extensions too long: 413, anything unreadable: 400), answered in the error contract with
 * the security headers every answer has (Fastify's own answer has neither). No header of the
 * request could be read, so the message is in English.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  headers: Record<string, string>,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, code: 'BAD_REQUEST' };
  const body = JSON.stringify({ code, message: ERROR_MESSAGES['en-US'][code] });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  // As Node's own handler: never in the middle of an answer already being written on this
  // connection (a broken request pipelined behind it); that answer is cut short instead.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}
