import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** Row types of the statement and ledger tables (migrations 030, 2026-11-25-030); `database.ts` lists them in `Database`. */

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

/**
 * One run of the ledger audit (decision 048): `intact` through `through_seq` (whose hash is
 * `head_hash`; 0 and null for an empty ledger), or `broken` at `fault_seq` for `fault`.
 */
export type LedgerAuditsTable = {
  id: Generated<number>;
  /** `full`: from the first entry; `incremental`: from the head of the audit before it. */
  scope: 'full' | 'incremental';
  status: 'intact' | 'broken';
  from_seq: number;
  through_seq: number;
  head_hash: NullableText;
  entries_checked: number;
  fault_seq: number | null;
  fault: NullableText;
  started_at: Timestamp;
  checked_at: Timestamp;
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
  /** `statement` (the statement, or an amended version of it) or `appeal` (a statement of appeal); migration 040. */
  kind: Generated<'statement' | 'appeal'>;
  /** Appeal: the statement it is attached to; amended statement: the one it supersedes. */
  original_id: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/**
 * The body's own record of a withdrawal (migration 111, decision 097): the reason and the random
 * salt (64 hex) its `revoke` entry commits with, HMAC-SHA-256(salt, reason). Never shown publicly.
 */
export type StatementWithdrawalsTable = {
  certificate_id: string;
  reason: string;
  salt: string;
  created_at: Timestamp;
};

/** A share link to a statement's verification page (migration 031): only the token's hash is kept. */
export type StatementShareLinksTable = {
  id: Generated<number>;
  statement_id: string;
  user_id: number;
  token_hash: string;
  /** The last day the link works (`YYYY-MM-DD`), null for no expiry. */
  expires_on: NullableText;
  revoked_at: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** The applicant's appeal or amendment of a published request (migration 040): one per request. */
export type AppealsTable = {
  id: Generated<number>;
  practice_id: number;
  user_id: number;
  type: 'appeal' | 'amendment';
  motivation: string;
  /** JSON text: ids of the request's documents. */
  document_ids: string;
  created_at: string;
};

/** The fingerprint of one key of the deployment's key set (decision 086), by the key's name. */
export type KeyFingerprintsTable = {
  name: string;
  fingerprint: string;
  recorded_at: Timestamp;
};

/** A credential offer of a statement (migration 2026-11-27-088); its id is the credential's status index. */
export type WalletOffersTable = {
  id: Generated<number>;
  statement_id: string;
  user_id: number;
  code_hash: string;
  tx_code_hash: string;
  failed_attempts: Generated<number>;
  expires_at: Timestamp;
  redeemed_at: Timestamp | null;
  issued_at: Timestamp | null;
  /** The JWK thumbprint (RFC 7638) of the key the credential was bound to, once issued. */
  holder_key_thumbprint: string | null;
  /**
   * The `kid` of the issuer key that signed the credential, once issued (decision 114, migration
   * 123); null before it is, and for one issued before the migration or by an instance of 1.1.0.
   */
  issuer_kid: string | null;
  /** Ended before its credential was issued (log out everywhere, a password reset; decision 013). */
  ended_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A public key of the wallet issuer recorded by `keys:rotate` (decision 094): the JWK, as JSON text. */
export type WalletIssuerKeysTable = {
  kid: string;
  public_jwk: string;
  recorded_at: Timestamp;
  retired_at: Timestamp | null;
  /** Revoked by `keys:revoke` (decision 114, migration 122): no longer listed, and refused. */
  revoked_at: Timestamp | null;
};

/** A `c_nonce` a key proof used, by its `jti` (migration 2026-12-05-109): a nonce is good once. */
export type WalletSpentNoncesTable = {
  jti: string;
  expires_at: Timestamp;
};

/**
 * A DPoP proof the wallet endpoints took (migration 2026-12-05-110), by the SHA-256 of its key's
 * thumbprint and its `jti`: a proof is good once.
 */
export type WalletSpentDpopProofsTable = {
  id: string;
  expires_at: Timestamp;
};

/** An OpenID4VP request of the verifier and, once answered, its outcome (JSON of `WalletCheck`). */
export type WalletPresentationsTable = {
  id: string;
  nonce: string;
  expires_at: Timestamp;
  result: NullableText;
  checked_at: Timestamp | null;
  /** SHA-256 of the key the asking browser reads the outcome with; null for a request made before. */
  result_key_hash: string | null;
  /** SHA-256 of the `response_code` in the redirect the wallet was given once it answered. */
  response_code_hash: string | null;
  /** The response mode the request asked for (`direct_post`, `direct_post.jwt`); null for a request made before. */
  response_mode: string | null;
  /** The `kid` of the issuer key that signed the request; null for a request made before. */
  issuer_kid: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
