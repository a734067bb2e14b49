import type { Generated } from 'kysely';
import type { Timestamp } from './database';

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
  run_at: string;
  locked_at: string | null;
  locked_by: string | null;
  last_error: string | null;
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
