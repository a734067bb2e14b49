import type { KeyObject } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { runAnchoring, type AnchoringPass } from './anchor/anchoring';
import { createChainReader, createChainSender, type ChainReader, type ChainSender } from './anchor/chain';
import { selectAnchorOfEntry, type EntryAnchorRow } from './anchor/repository';
import type { AnchorSettings } from './anchor/settings';
import { auditChain, type ChainAudit } from './audit';
import { runLedgerAudit, type AuditRequest, type AuditRun } from './audit-run';
import { GENESIS_HASH, sealBody, type LedgerEntry, type LedgerEntryInput } from './entry';
import { isRecordSound } from './record-check';
import {
  insertEntry,
  lockForAppend,
  selectByHash,
  selectByPayloadHash,
  selectHead,
  selectOfCertificate,
  walkFrom,
} from './repository';
import { errorCode } from '../errors';

/**
 * The ledger port (decision 022): an append-only chain of signed entries. The embedded provider
 * keeps it in the database and, when configured, anchors it on an Ethereum-compatible chain
 * (decision 065): batches of entries, one transaction each, changing nothing for appenders.
 */
export type Ledger = {
  /**
   * Appends an entry, or answers the one already there for this certificate and kind (a retried
   * publication appends nothing twice). A different payload for an existing pair is refused.
   */
  append(input: LedgerEntryInput): Promise<LedgerEntry>;
  /** The same inside the caller's transaction, so the entry commits with the change that needs it. */
  appendWithin(trx: Db, input: LedgerEntryInput): Promise<LedgerEntry>;
  get(hash: string): Promise<LedgerEntry | undefined>;
  head(): Promise<LedgerEntry | undefined>;
  /** Every entry from the first, in order. */
  walk(): AsyncIterable<LedgerEntry>;
  entriesOf(certificateId: string): Promise<LedgerEntry[]>;
  withPayloadHash(payloadHash: string): Promise<LedgerEntry[]>;
  /** Checks every entry's hash, link and signature from the first to the head; records nothing. */
  audit(): Promise<ChainAudit>;
  /** Audits as asked and records the result in `ledger_audits` (null: nothing was due). */
  runAudit(request: AuditRequest): Promise<AuditRun | null>;
  /**
   * Whether one certificate's entries check, with their links, the last recorded audit and the
   * entries appended since it, never the whole chain (decision 048).
   */
  isRecordSound(entries: readonly LedgerEntry[]): Promise<boolean>;
  /** The batch that anchors the entry, with its Merkle path; none before it is batched (decision 065). */
  anchorOf(entry: LedgerEntry): Promise<EntryAnchorRow | undefined>;
  /** Anchoring on the configured chain; null when the body keeps its record on its own ledger only. */
  readonly anchoring: LedgerAnchoring | null;
  readonly publicKey: KeyObject;
};

export type LedgerAnchoring = {
  readonly settings: AnchorSettings;
  /** The configured node and sending account, made on first use. */
  readonly chain: ChainSender;
  /** The configured node for a visitor's verification: a short timeout, no retries (they wait). */
  readonly reader: ChainReader;
  /** One pass: the open batch moved as far as the chain allows, or the next one made when due. */
  run(): Promise<AnchoringPass>;
};

export class LedgerConflictError extends Error {
  override name = 'LedgerConflictError';
}

export type LedgerKeys = { privateKey: KeyObject; publicKey: KeyObject };

const MAX_APPEND_ATTEMPTS = 20;
/** Verified hashes remembered by a process, at most: enough for the unaudited tail, a bound on memory. */
const MAX_VERIFIED = 10_000;

/** SQLite across processes: a writer that lost the race is told busy, and tries again. */
const isBusy = (error: unknown) => String(errorCode(error)).startsWith('SQLITE_BUSY');

export function createDatabaseLedger({
  db,
  clock,
  keys,
  anchor = null,
}: {
  db: Db;
  clock: Clock;
  /** Read on first use, so building a context never touches the key files. */
  keys: () => LedgerKeys;
  /** Where and how to anchor; null: nowhere. */
  anchor?: AnchorSettings | null;
}): Ledger {
  // Entries whose signature this process's verifications have checked: their hash covers the
  // signature, so an entry that still hashes to one of these is the same entry, and needs no
  // second check. Audits check every signature anew.
  const verified = new Set<string>();

  async function appendWithin(trx: Db, input: LedgerEntryInput): Promise<LedgerEntry> {
    await lockForAppend(trx);
    const existing = (await selectOfCertificate(trx, input.certificateId)).find(
      (entry) => entry.kind === input.kind,
    );
    if (existing) {
      if (existing.payload_hash !== input.payloadHash || existing.ref_hash !== (input.refHash ?? null)) {
        throw new LedgerConflictError(`certificate ${input.certificateId} has another ${input.kind} entry`);
      }
      return existing;
    }
    const head = await selectHead(trx);
    const entry = sealBody(
      {
        seq: (head?.seq ?? 0) + 1,
        prev_hash: head?.hash ?? GENESIS_HASH,
        kind: input.kind,
        certificate_id: input.certificateId,
        payload_hash: input.payloadHash,
        ref_hash: input.refHash ?? null,
        created_at: clock.now().toISOString(),
      },
      keys().privateKey,
    );
    await insertEntry(trx, entry);
    return entry;
  }

  return {
    async append(input) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.transaction().execute((trx) => appendWithin(trx, input));
        } catch (error) {
          // Another appender took this sequence number first (unique seq and prev_hash): read the new head.
          if ((isUniqueViolation(error) || isBusy(error)) && attempt < MAX_APPEND_ATTEMPTS) continue;
          throw error;
        }
      }
    },
    appendWithin,
    get: (hash) => selectByHash(db, hash),
    head: () => selectHead(db),
    walk: () => walkFrom(db, 0),
    entriesOf: (certificateId) => selectOfCertificate(db, certificateId),
    withPayloadHash: (payloadHash) => selectByPayloadHash(db, payloadHash),
    audit: () => auditChain(walkFrom(db, 0), keys().publicKey),
    runAudit: (request) => runLedgerAudit({ db, publicKey: keys().publicKey, clock, request }),
    isRecordSound(entries) {
      if (verified.size > MAX_VERIFIED) verified.clear();
      return isRecordSound({ db, publicKey: keys().publicKey, entries, verified });
    },
    anchorOf: (entry) => selectAnchorOfEntry(db, entry.seq),
    anchoring: anchor && anchoringOn({ db, clock, settings: anchor }),
    get publicKey() {
      return keys().publicKey;
    },
  };
}

/** How long a verification waits for the chain's node before saying it could not be reached. */
const VERIFY_TIMEOUT_MS = 3000;

function anchoringOn({
  db,
  clock,
  settings,
}: {
  db: Db;
  clock: Clock;
  settings: AnchorSettings;
}): LedgerAnchoring {
  let chain: ChainSender | undefined;
  let reader: ChainReader | undefined;
  const chainOf = () => (chain ??= createChainSender(settings));
  return {
    settings,
    get chain() {
      return chainOf();
    },
    get reader() {
      return (reader ??= createChainReader({
        rpcUrl: settings.rpcUrl,
        timeoutMs: VERIFY_TIMEOUT_MS,
        retryCount: 0,
      }));
    },
    run: () => runAnchoring({ db, clock, chain: chainOf(), settings }),
  };
}
