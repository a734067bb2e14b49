import type { Timestamp } from './database';

/** Row types of the statement and ledger tables (migration 030); `database.ts` lists them in `Database`. */

type NullableText = string | null;

/** One entry of the append-only hash chain; every column but `hash` goes into the hash. */
export type LedgerEntriesTable = {
  seq: number;
  prev_hash: string;
  kind: string;
  certificate_id: string;
  payload_hash: string;
  ref_hash: NullableText;
  /** ISO-8601 UTC text on both dialects, hashed as stored. */
  created_at: string;
  /** Ed25519, base64. */
  signature: string;
  hash: string;
};

export type StatementsTable = {
  /** The certificate id: the one `/verify/{id}` carries. */
  id: string;
  practice_id: number;
  status: 'pending' | 'published' | 'superseded' | 'revoked';
  requested_by: number | null;
  requested_at: string;
  /** JSON text of the domain's `certificateSchema`, fixed by the publish job's first step. */
  certificate: NullableText;
  issue_hash: NullableText;
  pdf_key: NullableText;
  pdf_sha256: NullableText;
  pdf_size: number | null;
  seal_hash: NullableText;
  published_at: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};
