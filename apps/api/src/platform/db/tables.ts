import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** Row types of the tables added after the spine; `database.ts` lists them in `Database`. */

export type JobsTable = {
  id: Generated<number>;
  name: string;
  version: number;
  /** JSON text of the job definition's payload schema. */
  payload: string;
  status: 'pending' | 'running' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  /** Claimed highest first (`JOB_KINDS`, decision 049); rows from before it count as `standard`. */
  priority: Generated<number>;
  run_at: string;
  locked_at: string | null;
  locked_by: string | null;
  /** Until when the worker that claimed it holds it; renewed while the handler runs. */
  lease_until: string | null;
  last_error: string | null;
  /** Jobs with the same key run one at a time, in the order queued (decision 077); null for most. */
  ordering_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type NullableText = string | null;

export type UsersTable = {
  id: Generated<number>;
  email: string;
  password_hash: NullableText;
  role: string;
  category: string;
  locale: string;
  /** When the language was settled (decision 099); null: taken from the browser at the first login. */
  locale_chosen_at: NullableText;
  first_name: string;
  middle_name: NullableText;
  last_name: string;
  birth_date: NullableText;
  birth_country: NullableText;
  birth_city: NullableText;
  nationality: NullableText;
  document_number: NullableText;
  document_issue_country: NullableText;
  document_expiration_date: NullableText;
  phone: NullableText;
  gender: NullableText;
  residence_country: NullableText;
  address: NullableText;
  city: NullableText;
  zip_code: NullableText;
  province: NullableText;
  municipality: NullableText;
  tax_id: NullableText;
  tax_id_omocodia_confirmed_at: NullableText;
  marketing_consent_at: NullableText;
  /** SHA-256 of the user's newsletter unsubscribe token (migration 060). */
  marketing_opt_out_token_hash: NullableText;
  marketing_opted_out_at: NullableText;
  terms_accepted_at: NullableText;
  activated_at: NullableText;
  deleted_at: NullableText;
  two_factor_secret: NullableText;
  two_factor_pending_secret: NullableText;
  two_factor_enabled_at: NullableText;
  two_factor_last_counter: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  two_factor_passed_at: NullableText;
  expires_at: string;
  last_used_at: string;
  created_at: string;
};

export type AuthTokensTable = {
  id: Generated<number>;
  user_id: number;
  purpose: 'activation' | 'password_reset';
  token_hash: string;
  expires_at: string;
  used_at: NullableText;
  created_at: string;
};

export type RecoveryCodesTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: NullableText;
  created_at: string;
};

export type AuthEventsTable = {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  route: NullableText;
  cause: NullableText;
  created_at: string;
};

export type RateLimitsTable = {
  key: string;
  hits: number;
  reset_at: string;
};

/** Flags of the reference and request tables: 0 or 1 on both dialects. */
type Flag = number;

export type CountriesTable = {
  code: string;
  levels: string;
  is_lisbon_state: Flag;
  is_service_available: Flag;
  is_verification_possible: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type RequiredDocumentsTable = {
  level: string;
  document_type: string;
  position: number;
};

export type CountryRequiredDocumentsTable = RequiredDocumentsTable & { country_code: string };

export type ClosuresTable = {
  id: Generated<number>;
  kind: 'closure' | 'return_delivery_suspension';
  starts_on: string;
  ends_on: string;
  /** Migration 060: from this day the notice shows; null: not announced. */
  announce_from: NullableText;
  notice_en_us: NullableText;
  notice_it_it: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PracticesTable = {
  id: Generated<number>;
  user_id: number;
  status: string;
  service: string;
  country: string;
  level: string;
  is_urgent: Flag;
  wizard_step: string;
  /** JSON text of the domain's `purposeStepSchema`. */
  purpose: NullableText;
  /** JSON text of the domain's `qualificationStepSchema`. */
  qualification: NullableText;
  qualification_name: NullableText;
  requested_at: NullableText;
  requested_on: NullableText;
  paid_at: NullableText;
  delivery_paid_at: NullableText;
  expected_deadline: NullableText;
  /** The evaluator and the reviewer (migration 020). */
  assignee_id: number | null;
  reviewer_id: number | null;
  /** When the statement was published (migration 030). */
  published_at: NullableText;
  /** Return delivery (migration 050): opened by staff, the paid shipment, delivered. */
  delivery_opened_at: NullableText;
  delivery_id: number | null;
  delivered_at: NullableText;
  /** When its statement was withdrawn (migration 2026-12-04-103, decision 097). */
  statement_withdrawn_at: NullableText;
  /** The words staff search finds it by (migration 2026-11-26-200, the domain's `requestSearchText`). */
  search_text: NullableText;
  /** The required documents as they stood when it was submitted, comma-separated (migration 2026-12-05-107). */
  required_documents_at_submission: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DeliveriesTable = {
  id: Generated<number>;
  user_id: number;
  status: 'open' | 'paid' | 'delivered' | 'cancelled';
  recipient_name: NullableText;
  address: NullableText;
  city: NullableText;
  zip_code: NullableText;
  province: NullableText;
  country: NullableText;
  phone: NullableText;
  shipping_submitted_at: NullableText;
  payment_id: number | null;
  paid_at: NullableText;
  waybill_number: NullableText;
  delivered_at: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DeliveryPracticesTable = { delivery_id: number; practice_id: number };

/** Each query naming a submitted request's applicant exactly (migration 118, decision 069). */
export type PracticeNameKeysTable = { name_key: string; practice_id: number };

/** The audit trail: every status move and every staff change (who, when, from, to, action, note). */
export type PracticeStatusHistoryTable = {
  id: Generated<number>;
  practice_id: number;
  from_status: NullableText;
  to_status: string;
  by_user_id: number | null;
  note: NullableText;
  /** A transition action or a staff change (migration 020); null on older rows. */
  action: NullableText;
  /** JSON text of what else the entry records. */
  details: NullableText;
  at: string;
};

export type DailySubmissionsTable = { day: string; count: number };

export type DocumentsTable = {
  id: Generated<number>;
  user_id: number;
  practice_id: number | null;
  type: string;
  additional_type: NullableText;
  file_name: string;
  storage_key: string;
  content_type: string;
  size: number;
  sha256: string;
  /** The client's id of the upload, when it sent one (decision 101). */
  upload_id: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type StudyEntriesTable = {
  id: Generated<number>;
  user_id: number;
  qualification_name: string;
  institution_name: string;
  institution_country: string;
  institution_city: NullableText;
  level: string;
  study_program_name: NullableText;
  enrolled_at: NullableText;
  graduated_at: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A send's `Idempotency-Key` and the answer it was given, per account (migration 124). */
export type IdempotencyKeysTable = {
  user_id: number;
  key: string;
  /** SHA-256 (hex) of the route's scope and the validated body. */
  fingerprint: string;
  /** JSON of the first answer's data; null only inside the send's own transaction. */
  answer: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
};

/** A required document of a refugee's request declared unobtainable by its applicant (migration 125). */
export type UnobtainableDocumentsTable = {
  practice_id: number;
  type: string;
  explanation: string | null;
  declared_by: number | null;
  declared_at: Timestamp;
};
