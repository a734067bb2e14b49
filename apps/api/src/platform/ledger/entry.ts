import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { LEDGER_GENESIS_HASH, LEDGER_KINDS, type LedgerKind, isOneOf } from '@lisbon/domain';
import { canonicalJson } from './canonical';

/** The hash the first entry links to: the chain starts from nothing. */
export const GENESIS_HASH = LEDGER_GENESIS_HASH;

/** What an entry says: the rest (sequence, link, time, signature, hash) is the ledger's. */
export type LedgerEntryInput = {
  kind: LedgerKind;
  certificateId: string;
  /** SHA-256 in hex of what the entry vouches for: the certificate's fields, a signed PDF. */
  payloadHash: string;
  /** The entry this one refers to (a seal names its issue entry). */
  refHash?: string | null;
};

/** The signed part of an entry, in the stored column names. */
export type LedgerEntryBody = {
  seq: number;
  prev_hash: string;
  kind: LedgerKind;
  certificate_id: string;
  payload_hash: string;
  ref_hash: string | null;
  created_at: string;
};

export type LedgerEntry = LedgerEntryBody & {
  /** Ed25519 over the canonical JSON of the body, base64. */
  signature: string;
  /** SHA-256 over the canonical JSON of every other field, signature included: the entry's id. */
  hash: string;
};

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

export const isLedgerKind = (value: string): value is LedgerKind => isOneOf(LEDGER_KINDS, value);

export const bodyOf = (entry: LedgerEntry): LedgerEntryBody => ({
  seq: entry.seq,
  prev_hash: entry.prev_hash,
  kind: entry.kind,
  certificate_id: entry.certificate_id,
  payload_hash: entry.payload_hash,
  ref_hash: entry.ref_hash,
  created_at: entry.created_at,
});

export const hashOf = (body: LedgerEntryBody, signature: string): string =>
  sha256Hex(canonicalJson({ ...body, signature }));

/** Signs and hashes a body with the ledger's private key. */
export function sealBody(body: LedgerEntryBody, privateKey: KeyObject): LedgerEntry {
  const signature = sign(null, Buffer.from(canonicalJson(body)), privateKey).toString('base64');
  return { ...body, signature, hash: hashOf(body, signature) };
}

export const hasValidSignature = (entry: LedgerEntry, publicKey: KeyObject): boolean => {
  try {
    return verify(
      null,
      Buffer.from(canonicalJson(bodyOf(entry))),
      publicKey,
      Buffer.from(entry.signature, 'base64'),
    );
  } catch {
    return false;
  }
};

/** What is wrong with one entry on its own (not its place in the chain), or null. */
export function entryFault(entry: LedgerEntry, publicKey: KeyObject): string | null {
  if (!isLedgerKind(entry.kind)) return `unknown kind ${entry.kind}`;
  if (hashOf(bodyOf(entry), entry.signature) !== entry.hash) return 'its hash does not match its content';
  if (!hasValidSignature(entry, publicKey)) return 'its signature does not verify';
  return null;
}
