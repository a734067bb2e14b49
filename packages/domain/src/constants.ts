/** Business constants and limits of spec §9, one definition each. */

/** The portal's name, as mails and the authenticator app show it. */
export const PORTAL_NAME = 'Lisbon';

export const REQUEST_TIMEOUT_MS = 10_000;
export const NOTIFICATION_POLL_MS = 10_000;
export const TOAST_DURATION_MS = 5_000;
export const RESOURCE_SEARCH_MIN_CHARS = 2;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const APPEAL_WINDOW_DAYS = 7;
export const REFUGEE_REQUEST_LIMIT = 2;
export const ADULT_AGE_YEARS = 18;

/**
 * The request wizard's steps, in order. Here rather than in practice.ts: the SPA's storage checks a
 * saved draft's step on every page, and needs none of the request's schemas for it (decision 063).
 */
export const WIZARD_STEPS = ['purpose', 'qualification', 'documents', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Interface breakpoints in px (spec §9). */
export const BREAKPOINTS = { xs: 600, sm: 1024, md: 1440, lg: 1920 } as const;

/** Return delivery fee in euro cents: 3000 = 2459 + 541 VAT at 22 %. */
export const RETURN_DELIVERY_FEE = { net: 2459, vat: 541, total: 3000 } as const;
export const VAT_RATE_PERCENT = 22;

/** Sort options of every list (spec §9), as API field names. */
export const SORT_FIELDS = [
  'id',
  'name',
  'started_at',
  'expected_deadline',
  'requested_at',
  'delivery_paid_at',
  'sequence',
  'created_at',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/**
 * The sort options an applicant's list offers (issue 33): the spec's others (sequence, started at,
 * name, delivery payment date) mean nothing on their own requests. The API accepts all of them.
 */
export const APPLICANT_SORT_FIELDS = [
  'id',
  'requested_at',
  'expected_deadline',
  'created_at',
] as const satisfies readonly SortField[];

/** The API's path prefix; the SPA's default base URL is this, same origin. */
export const API_PREFIX = '/api/v1';
