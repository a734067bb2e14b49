import type { ErrorCode } from './errors';

// The English messages apart from the other languages' (decision 079): the SPA's English
// catalogue takes them, and a first visit in English fetches no other language's.

/** Validation messages of spec §5 in English; placeholders are i18next's `{{name}}`. */
export const VALIDATION_EN = {
  required: 'This field is required',
  minLength: 'Minimum length {{min}} characters',
  maxLength: 'Maximum length {{max}} characters',
  emailInvalid: 'Email not valid',
  dateInvalid: 'Date not valid',
  phoneInvalid: 'Phone number not valid (add country code)',
  numberMin: 'Must be greater than {{min}}',
  numberAtLeast: 'Must be greater than or equal to {{min}}',
  numberMax: 'Must be less or equal than {{max}}',
  passwordsDoNotMatch: 'The passwords do not match',
  dateAfter: 'The date must be after {{date}}',
  dateSameOrBefore: 'The date must be on or before {{date}}',
  dateSameOrAfter: 'The date must be on or after {{date}}',
  taxIdInvalid: 'Invalid Tax ID Number',
  emailMismatch: 'The email address does not match.',
  invalidValue: 'Value not valid',
  numberOutOfRange: 'This number is out of range',
  nameCharacters: 'Use letters, spaces, apostrophes, hyphens and dots only',
  characterNotAccepted: 'This field holds a character that is not accepted',
  invalidOption: 'Choose one of the options offered',
  unknownField: 'This field is not accepted',
  passwordRule:
    'The password needs at least 8 characters, one uppercase letter, one lowercase letter, one digit and one special character',
  passwordCommon: 'This password is too common. Choose a less predictable one.',
  adultsOnly: 'Services are restricted to adults: you must be at least 18 years old.',
  termsRequired: 'You must accept the terms and conditions',
  taxIdOmocodiaConfirm: 'This tax ID is valid but unusual (omocodia): please confirm that it is yours.',
  fiscalCodeOmocodiaConfirm:
    'This fiscal code is valid but unusual (omocodia): please confirm that it is correct.',
  tokenNotFound: 'Token not found',
  twoFactorCodeInvalid: 'The code is not valid. Try again or contact us',
  currentPasswordWrong: 'The current password is not correct',
  dateAfterEnrolment: 'The date must be after the enrolment date',
  dateSameOrAfterGraduation: 'The date must be on or after the graduation date',
  dateNotInFuture: 'The date must be today or earlier',
  awardYearNotInFuture: 'The year of award must be this year or earlier',
  dateNotBeforeStart: 'The end of the period must be on or after its start',
  vatNumberInvalid: 'Invalid VAT number',
  sdiCodeInvalid: 'The unique code (SDI) has 7 letters or digits',
  sdiOrPecRequired: 'Give the unique code (SDI) or a certified email address (PEC)',
  practiceListedTwice: 'The same request is listed twice in the cart',
  noServiceAvailable: 'No service available',
  urgentNotAvailable: 'Urgent processing is not available for this service',
  documentRequired: 'This document is required',
  documentNotDeclarable:
    'Only a document of your studies can be declared unobtainable, on a request for refugees; this one is required',
  documentNotMissing: 'This document is not among those still missing from the request',
  fileTypeNotAccepted: 'File type not accepted: upload a PDF, JPEG or PNG file',
  fileOnlyOne: 'Upload one file at a time',
  fieldNameReserved:
    'A field may not be named __proto__, constructor, prototype or like another property every object has',
  fileActiveContent:
    '“{{file}}” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
  fileProtected:
    '“{{file}}” is password-protected or encrypted, so its content cannot be checked: upload a copy without protection',
  fileHoldsMarkup:
    '“{{file}}” holds web-page code (HTML or a script) besides the document: save or scan the document again, and upload that',
  fileDamaged:
    '“{{file}}” is not a readable {{format}} file, or it is cut short: save or export it again, and upload that',
  fileExpandsTooMuch:
    '“{{file}}” expands to more than {{max}} MB when opened: save it again with compression (a smaller size or resolution), and upload that',
  fileTooManyPixels:
    '“{{file}}” has more than {{max}} million pixels: save it at a lower resolution, and upload that',
  identityHeldByRequest:
    'Your names and birth date cannot be changed while a request of yours is being evaluated: once its statement is issued, correct them here and ask for an amendment',
  categoryHeldByRequest:
    'The category cannot be changed while a request of yours is a draft or being evaluated',
  reviewerNotEvaluator: 'The reviewer must be someone other than the evaluator',
  reviewerEvaluated: 'Whoever evaluated this request cannot review it',
  verificationNotInService: 'This service does not include verification with the issuer',
  documentNotOfPractice: 'Attach only documents uploaded to this request',
  requestedDocumentMissing: 'This document was asked for: attach it to your reply',
  dateNotInPast: 'The date must be today or later',
  dateWithinYear: 'Choose a date within one year from today',
  periodOverlaps: 'This period overlaps another one of the same kind',
  noticeAfterClosureStart: 'The notice must show from the first day of the closure or earlier',
  educationSystemNotForeign:
    'The centre evaluates qualifications of foreign education systems, so this draft cannot be sent: start a new request choosing the country of your education system, and delete this draft',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_EN;

/** What the payment pages say (spec §8 payment messages and success messages). */
export const PAYMENT_MESSAGE_KEYS = [
  'paymentSuccessful',
  'paymentFailed',
  'paymentPending',
  'paymentExpired',
  'providerBusy',
] as const;
export type PaymentMessageKey = (typeof PAYMENT_MESSAGE_KEYS)[number];

export const PAYMENT_EN: Record<PaymentMessageKey, string> = {
  paymentSuccessful: 'Payment successful',
  paymentFailed: 'Payment failed! Try again or contact your bank.',
  paymentPending: 'We are waiting for the payment service to confirm your payment.',
  paymentExpired: 'The payment was not completed in time. Nothing has been charged: please pay again.',
  providerBusy:
    'Because of the high number of payments, the payment service is busy. Nothing has been charged: please try again in a few minutes.',
};

/**
 * The message of each API error code, as the API sends it in `message`, per language: the SPA's
 * catalogue of a language takes the few it shows itself from its own (decision 079).
 */
/**
 * The API's messages the SPA also shows of its own accord (a session that ran out, a file too
 * large to send, a staff area without two factors, a draft's documents held by its open checkout),
 * apart from the others: its English catalogue takes these, not every error's words (decision 079).
 */
export const SPA_ERRORS_EN = {
  TOKEN_EXPIRED: 'Your session has expired. Please log in again.',
  TWO_FACTOR_REQUIRED: 'Turn on two-factor authentication in your account settings to use the staff area.',
  FILE_TOO_LARGE: 'The file is too large: the maximum size is {{max}} MB.',
  PAYMENT_OPEN:
    'A payment for this request is in progress: wait for it to finish before changing the request. If you are not paying, you can change it again once its payment page closes, within {{minutes}} min.',
} satisfies Partial<Record<ErrorCode, string>>;

export const ERROR_EN: Record<ErrorCode, string> = {
  ...SPA_ERRORS_EN,
  FORBIDDEN_ACCESS: 'You do not have access to this resource.',
  INVALID_CREDENTIALS: 'Invalid credentials',
  UNAUTHORIZED_ACCESS: 'Please log in to continue.',
  ADMIN_FORBIDDEN_ACCESS: 'This action is reserved to administrators.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  BAD_REQUEST: 'The request could not be read.',
  JSON_TOO_DEEP: 'The request’s data is nested too deeply: no form of the portal sends data this deep.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  URI_TOO_LONG: 'The address is too long: no page of the portal has one this long.',
  HEADERS_TOO_LARGE: 'The request’s address or headers are too long.',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This action is not possible in the current state.',
  RATE_LIMITED: 'Too many attempts. Please wait and try again.',
  TOKEN_NOT_FOUND: 'Token not found',
  ACCOUNT_ALREADY_ACTIVE: 'This account is already active: log in with its email and password.',
  LIMIT_REACHED: 'Limit reached',
  DRAFT_EXISTS: 'You already have a draft request: continue it, or confirm that you want to start a new one.',
  PAYMENT_REQUIRED: 'This request must be paid before it can be submitted.',
  CONTINGENCY_LIMIT:
    'Because of the high number of requests, your request cannot be finalised now. Your data has been kept: please try again later.',
  PRACTICE_NOT_EDITABLE: 'This request can no longer be changed.',
  DOCUMENT_EVALUATED:
    'This document was evaluated for the published statement and can no longer be replaced or deleted. To support an appeal, add a new document.',
  STORAGE_QUOTA_EXCEEDED:
    'There is no room for “{{file}}”: your documents may take up to {{quota}} MB together and already take {{used}} MB. Delete documents you no longer need, or upload a smaller file.',
  UNATTACHED_DOCUMENTS_LIMIT:
    'You already have {{max}} documents that belong to no request: delete one of them, or upload “{{file}}” to a request.',
  REQUEST_DOCUMENTS_LIMIT:
    'A request holds at most {{max}} documents, and this one has as many: replace or delete one of them to add “{{file}}”.',
  STUDY_ENTRIES_LIMIT:
    'Your study path holds at most {{max}} qualifications: delete one you no longer need to add another.',
  PAYMENT_NOT_REQUIRED: 'This request is free: submit it without paying.',
  PAYMENT_IN_PROGRESS: 'A payment for this request is being prepared. Please try again in a moment.',
  PROVIDER_BUSY: PAYMENT_EN.providerBusy,
  PASSWORD_CHECKS_BUSY:
    'Many people are logging in right now: your password could not be processed, nothing was changed and this attempt does not count. Please try again in a few seconds.',
  INVALID_SIGNATURE: 'The signature of this notification is not valid.',
  UNSUBSCRIBE_FAILED: 'Something went wrong while unsubscribing. Please try again later.',
  MAINTENANCE_CONFIGURED:
    'Maintenance is set by the server configuration (MAINTENANCE_MODE): it cannot be switched here.',
  TRANSITION_NOT_ALLOWED:
    'The action “{{action}}” is not possible while the request is in status “{{status}}”.',
  PRACTICE_CHANGED: 'Someone else changed this request in the meantime. Reload it and try again.',
  PUBLICATION_NOT_AVAILABLE: 'Publishing statements is not available yet. Please try again later.',
  PUBLICATION_PENDING: 'Publication of the statement is still pending. Please try again later.',
  ACCOUNT_PUBLICATION_PENDING:
    'A statement is being published for one of your requests: please try again in a few minutes.',
  ACCOUNT_REQUESTS_ASSIGNED:
    'Requests in progress still assigned to you: {{count}}. A secretary or an administrator must first reassign them to another member of staff; then you can delete your account.',
  NOT_ANCHORED:
    'This statement has no blockchain receipt: its anchoring is still pending, or the body keeps its record on its own ledger only.',
  APPEAL_NOT_AVAILABLE:
    'Appeals and amendments are asked for by the applicant, from the request’s appeal page.',
  APPEAL_WINDOW_CLOSED:
    'It is too late: an appeal or amendment can be asked for only within seven days after the statement is released.',
  STATEMENT_WITHDRAWN:
    'The statement of this request has been withdrawn: no appeal or amendment can be asked for or issued.',
  NO_STATEMENT_IN_FORCE:
    'This request has no statement in force: a statement of appeal or an amended statement can be issued only on a published statement.',
  APPEAL_ALREADY_OPEN: 'This request already has an appeal or amendment: only one can be asked for.',
  PERIOD_ALREADY_STARTED: 'This period has already begun: it can no longer be deleted.',
  IDEMPOTENCY_KEY_REUSED:
    'This send repeats an earlier one with different content (the same Idempotency-Key): nothing was sent. A new message needs a new key.',
  DELIVERY_SUSPENDED:
    'Return deliveries are suspended: you can order the return from {{day}}. The cart cannot be paid now.',
  SHIPPING_INFO_LOCKED: 'Shipping information cannot be modified after submission.',
  SHIPPING_INFO_REQUIRED: 'Submit the shipping information before paying.',
  NOTHING_TO_SHIP:
    'None of your requests is open for the return of its originals yet: there is nothing to ship.',
  DELIVERY_NOT_AVAILABLE: 'This request is not available for return delivery.',
  DELIVERY_ALREADY_PAID:
    'This shipment has already been paid: its requests can no longer be changed. Requests left out can go in your next shipment.',
  REFUND_NOT_AVAILABLE:
    'There is nothing to refund: the payment is already refunded, or the evaluation has started.',
  REFUND_NOT_FAILED:
    'Only a refund the payment provider refused can be marked as given back by hand: this one is pending or made.',
  SHARE_LINK_EXPIRED: 'This link to the statement has expired. Ask the holder for a new one.',
  SHARE_LINK_REVOKED: 'This link to the statement has been revoked by its holder.',
  SHARE_LINKS_LIMIT:
    'You already have {{max}} working links to this statement: revoke one you no longer need to make another.',
  MAINTENANCE: 'The system is being upgraded. Please try again shortly.',
  api_error: 'api_error',
};
