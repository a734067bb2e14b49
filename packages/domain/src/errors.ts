import { z } from 'zod/mini';

/** Every error code the API answers with. The spec's own codes come first (§8). */
export const ERROR_CODES = [
  'TOKEN_EXPIRED',
  'FORBIDDEN_ACCESS',
  'INVALID_CREDENTIALS',
  'UNAUTHORIZED_ACCESS',
  'ADMIN_FORBIDDEN_ACCESS',
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'JSON_TOO_DEEP',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'TOKEN_NOT_FOUND',
  'ACCOUNT_ALREADY_ACTIVE',
  'TWO_FACTOR_REQUIRED',
  'LIMIT_REACHED',
  'DRAFT_EXISTS',
  'PAYMENT_REQUIRED',
  'CONTINGENCY_LIMIT',
  'PRACTICE_NOT_EDITABLE',
  'DOCUMENT_EVALUATED',
  'FILE_TOO_LARGE',
  'STORAGE_QUOTA_EXCEEDED',
  'UNATTACHED_DOCUMENTS_LIMIT',
  'REQUEST_DOCUMENTS_LIMIT',
  'STUDY_ENTRIES_LIMIT',
  'PAYMENT_NOT_REQUIRED',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_OPEN',
  'PROVIDER_BUSY',
  'PASSWORD_CHECKS_BUSY',
  'INVALID_SIGNATURE',
  'UNSUBSCRIBE_FAILED',
  'MAINTENANCE_CONFIGURED',
  'TRANSITION_NOT_ALLOWED',
  'PRACTICE_CHANGED',
  'PUBLICATION_NOT_AVAILABLE',
  'PUBLICATION_PENDING',
  'ACCOUNT_PUBLICATION_PENDING',
  'ACCOUNT_REQUESTS_ASSIGNED',
  'NOT_ANCHORED',
  'APPEAL_NOT_AVAILABLE',
  'DELIVERY_SUSPENDED',
  'SHIPPING_INFO_LOCKED',
  'SHIPPING_INFO_REQUIRED',
  'NOTHING_TO_SHIP',
  'DELIVERY_NOT_AVAILABLE',
  'DELIVERY_ALREADY_PAID',
  'REFUND_NOT_AVAILABLE',
  'REFUND_NOT_FAILED',
  'SHARE_LINK_EXPIRED',
  'SHARE_LINK_REVOKED',
  'SHARE_LINKS_LIMIT',
  'APPEAL_WINDOW_CLOSED',
  'STATEMENT_WITHDRAWN',
  'NO_STATEMENT_IN_FORCE',
  'APPEAL_ALREADY_OPEN',
  'PERIOD_ALREADY_STARTED',
  'IDEMPOTENCY_KEY_REUSED',
  'MAINTENANCE',
  'api_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code travels with; one table, used by the API's error handler. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  TOKEN_EXPIRED: 401,
  UNAUTHORIZED_ACCESS: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN_ACCESS: 403,
  ADMIN_FORBIDDEN_ACCESS: 403,
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  // JSON nested deeper than any input of the portal, refused before it is parsed.
  JSON_TOO_DEEP: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  // An address longer than any page or file of the portal (over 4,096 characters).
  URI_TOO_LONG: 414,
  // What Node's parser refuses before any route: a request line and headers over 16 kB.
  HEADERS_TOO_LARGE: 431,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  TOKEN_NOT_FOUND: 404,
  // An activation link already used: its account is active, nothing left to activate with it.
  ACCOUNT_ALREADY_ACTIVE: 409,
  TWO_FACTOR_REQUIRED: 403,
  LIMIT_REACHED: 409,
  DRAFT_EXISTS: 409,
  PAYMENT_REQUIRED: 409,
  // Not 503: that status means maintenance to the client (spec §8).
  CONTINGENCY_LIMIT: 429,
  PRACTICE_NOT_EDITABLE: 409,
  // A document the published statement was evaluated on: its evidence, kept as it was.
  DOCUMENT_EVALUATED: 409,
  FILE_TOO_LARGE: 413,
  // The applicant's documents would take more than their storage quota (decision 058).
  STORAGE_QUOTA_EXCEEDED: 413,
  // Too many documents that belong to no request; deleting one, or uploading to a request, makes room.
  UNATTACHED_DOCUMENTS_LIMIT: 409,
  // A request holds DOCUMENTS_PER_REQUEST_MAX documents; replacing or deleting one makes room.
  REQUEST_DOCUMENTS_LIMIT: 409,
  // The study path holds STUDY_ENTRIES_MAX qualifications; deleting one makes room.
  STUDY_ENTRIES_LIMIT: 409,
  PAYMENT_NOT_REQUIRED: 409,
  PAYMENT_IN_PROGRESS: 409,
  // The request's checkout is open at the provider: what it pays for stays as it is until it ends.
  PAYMENT_OPEN: 409,
  // The payment provider under load (spec §8 "high payment volume"): 429 with Retry-After, not 503.
  PROVIDER_BUSY: 429,
  // Every password check this instance runs at once busy and its queue full (decision 047): 429 with
  // Retry-After, not 503, which the client takes for maintenance (spec §8).
  PASSWORD_CHECKS_BUSY: 429,
  INVALID_SIGNATURE: 400,
  // A newsletter link that names no subscriber (spec §8 unsubscribe message).
  UNSUBSCRIBE_FAILED: 404,
  // MAINTENANCE_MODE is set: the configuration wins over the administrators' switch.
  MAINTENANCE_CONFIGURED: 409,
  // The transition table has no such move from the request's status (DESIGN.md lifecycle).
  TRANSITION_NOT_ALLOWED: 409,
  // Someone else moved the request first (optimistic concurrency).
  PRACTICE_CHANGED: 409,
  PUBLICATION_NOT_AVAILABLE: 409,
  // The statement is being published (spec §4): try again later.
  PUBLICATION_PENDING: 409,
  // An account is deleted only once no statement of its requests is being published (decision 052).
  ACCOUNT_PUBLICATION_PENDING: 409,
  // A member of staff's account is deleted only once no request in progress is assigned to them (decision 015).
  ACCOUNT_REQUESTS_ASSIGNED: 409,
  // A statement with no blockchain receipt (yet): anchoring pending, or the body anchors nothing (decision 066).
  NOT_ANCHORED: 409,
  APPEAL_NOT_AVAILABLE: 409,
  // Return delivery is suspended (spec §9 windows): the cart cannot be paid until the window ends.
  DELIVERY_SUSPENDED: 409,
  // Shipping information cannot be modified after submission (spec §4, §5).
  SHIPPING_INFO_LOCKED: 409,
  SHIPPING_INFO_REQUIRED: 409,
  // Shipping information with no request open for the return of its originals (decision 028).
  NOTHING_TO_SHIP: 409,
  // A request not open to delivery, already shipped, or not (yet) paid for delivery.
  DELIVERY_NOT_AVAILABLE: 409,
  // A cart changed once its shipment is paid (or while the payment settles): what was paid for stays.
  DELIVERY_ALREADY_PAID: 409,
  // Nothing to refund: not paid, already refunded, or the evaluation has started (decision 068).
  REFUND_NOT_AVAILABLE: 409,
  // Only a refund the provider refused is given back by hand (decision 068, amended in stop 75).
  REFUND_NOT_FAILED: 409,
  // A statement's share link that has run out or that its owner took back: gone for good.
  SHARE_LINK_EXPIRED: 410,
  SHARE_LINK_REVOKED: 410,
  SHARE_LINKS_LIMIT: 409,
  // Seven days after published_at (Europe/Rome): too late for an appeal or amendment.
  APPEAL_WINDOW_CLOSED: 409,
  // The request's statement was withdrawn (decision 097): no appeal, amendment or statement of appeal.
  STATEMENT_WITHDRAWN: 409,
  // No published statement of the request to attach a statement of appeal to or to amend (decision 026).
  NO_STATEMENT_IN_FORCE: 409,
  // One open appeal per request.
  APPEAL_ALREADY_OPEN: 409,
  // A closure or suspension window deletes only before its first day (Europe/Rome).
  PERIOD_ALREADY_STARTED: 409,
  // An Idempotency-Key sent again with another body (IETF draft: 422, the request cannot be processed).
  IDEMPOTENCY_KEY_REUSED: 422,
  MAINTENANCE: 503,
  api_error: 500,
};

/** The status that means maintenance (spec §9). */
export const MAINTENANCE_STATUS = 503;

/** Field map of a 422: field path → messages, the first one shown. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorBodySchema = z
  .object({
    code: z.string(),
    message: z.string(),
    errors: z.optional(fieldErrorsSchema),
  })
  .register(z.globalRegistry, { id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
