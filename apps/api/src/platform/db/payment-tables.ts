import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** Row types of the payment tables (migrations 010, 011, 100, 101); `database.ts` lists them in `Database`. */

type NullableText = string | null;

export type BillingProfilesTable = {
  user_id: number;
  /** JSON text of the domain's `billingInfoSchema` output. */
  info: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PaymentsTable = {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  practice_id: number | null;
  delivery_id: number | null;
  description: string;
  amount_net: number;
  amount_vat: number;
  amount_total: number;
  /** JSON text: the priced lines (domain `PricedLine[]`). */
  lines: string;
  /** JSON text: the payer's billing information at checkout. */
  billing: string;
  status: string;
  failure_reason: NullableText;
  provider: string;
  provider_session_id: NullableText;
  /** The provider's id of the money movement, once paid (migration 100). */
  transaction_reference: NullableText;
  checkout_url: NullableText;
  expires_at: NullableText;
  paid_at: NullableText;
  settled_at: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PaymentEventsTable = {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  provider_session_id: string;
  payment_id: number | null;
  received_at: string;
};

export type FiscalCountersTable = { kind: string; year: number; value: number };

export type FiscalDocumentsTable = {
  id: Generated<number>;
  kind: string;
  year: number;
  sequence: number;
  number: string;
  payment_id: number;
  user_id: number;
  issued_at: string;
  description: string;
  amount_net: number;
  amount_vat: number;
  amount_total: number;
  /** JSON text: the priced lines (domain `PricedLine[]`). */
  lines: string;
  /** JSON text: the payer's billing information. */
  payer: string;
  payment_reference: string;
  /** Who took the money and its transaction reference (null only on rows of before migration 100). */
  provider: NullableText;
  transaction_reference: NullableText;
  /** A credit note: the invoice it corrects. */
  corrects_document_id: number | null;
  storage_key: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SandboxSessionsTable = {
  id: string;
  reference: string;
  amount_total: number;
  description: string;
  customer_email: string;
  success_url: string;
  cancel_url: string;
  status: string;
  card_last4: NullableText;
  expires_at: string;
  completed_at: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SandboxEventsTable = {
  id: string;
  session_id: string;
  type: string;
  created_at: string;
  delivered_at: NullableText;
  attempts: Generated<number>;
  last_status: number | null;
};

export type RefundsTable = {
  id: Generated<number>;
  payment_id: number;
  practice_id: number | null;
  reason: string;
  amount_net: number;
  amount_vat: number;
  amount_total: number;
  status: string;
  provider: string;
  provider_refund_id: NullableText;
  failure_reason: NullableText;
  requested_by: number | null;
  requested_at: string;
  refunded_at: NullableText;
  credit_note_id: number | null;
  /** A failed refund staff gave back by hand in the provider's dashboard: who said so, and when. */
  given_back_by: number | null;
  given_back_at: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SandboxRefundsTable = {
  id: string;
  session_id: string;
  idempotency_key: string;
  amount: number;
  status: string;
  created_at: string;
};

export type NexiOrdersTable = {
  order_id: string;
  security_token_sha256: string;
  amount: number;
  expires_at: string;
  created_at: string;
};
