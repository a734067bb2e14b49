import type { KeyObject } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/queue';
import { auditChain, GENESIS, type ChainAudit, type ChainPoint } from './audit';
import {
  hasAuditAfter,
  insertAudit,
  lockForAuditRecord,
  selectLatestAudit,
  selectLatestIntactFullAudit,
  type LedgerAuditRow,
} from './audit-repository';
import { auditLedgerJob } from './audit.job';
import { GENESIS_HASH } from './entry';
import { selectHashesAt, walkFrom } from './repository';

export type AuditScope = LedgerAuditRow['scope'];

/**
 * `full`: from the first entry, now. `due`: what the schedule asks for — a full audit when none
 * is recorded or the last intact one is older than FULL_AUDIT_EVERY_HOURS, otherwise the entries
 * appended since the last audit; a chain found broken is audited again (in full) once an hour.
 */
export type AuditRequest = 'full' | 'due';

export type AuditRun = {
  scope: AuditScope;
  audit: ChainAudit;
  /** False when nothing was new, or when a later audit was recorded while this one ran. */
  isRecorded: boolean;
};

const FULL_AUDIT_EVERY_HOURS = 24;
const BROKEN_AUDIT_AGAIN_AFTER_HOURS = 1;

const HOUR_MS = 3_600_000;
/** Entries read at a time: ~12 ms of signature checks between two reads, as long as a request waits. */
const AUDIT_PAGE_SIZE = 100;

const hoursBetween = (since: string, now: Date) => (now.getTime() - new Date(since).getTime()) / HOUR_MS;

/** The audited head an audit row vouches for: the first entry's predecessor when the ledger was empty. */
export const auditedHeadOf = (row: LedgerAuditRow): ChainPoint => ({
  seq: row.through_seq,
  hash: row.head_hash ?? GENESIS_HASH,
});

async function dueScope(db: Db, latest: LedgerAuditRow | undefined, now: Date): Promise<AuditScope | null> {
  if (!latest) return 'full';
  if (latest.status === 'broken') {
    return hoursBetween(latest.checked_at, now) >= BROKEN_AUDIT_AGAIN_AFTER_HOURS ? 'full' : null;
  }
  const lastFull = await selectLatestIntactFullAudit(db);
  if (!lastFull || hoursBetween(lastFull.checked_at, now) >= FULL_AUDIT_EVERY_HOURS) return 'full';
  return 'incremental';
}

/** From the audited head on: the head must still be the entry that audit found, then each entry after it. */
async function auditSince(db: Db, publicKey: KeyObject, head: ChainPoint): Promise<ChainAudit> {
  if (head.seq > 0) {
    const hash = (await selectHashesAt(db, [head.seq])).get(head.seq);
    if (hash !== head.hash) {
      return {
        isIntact: false,
        seq: head.seq,
        hash: hash ?? null,
        fault: 'it is no longer the entry an earlier audit found there',
        checked: head.seq - 1,
      };
    }
  }
  return auditChain(walkFrom(db, head.seq, AUDIT_PAGE_SIZE), publicKey, { from: head });
}

/**
 * Audits the chain (decision 048) and records the result in `ledger_audits`. A broken chain is
 * always recorded. An intact result is recorded only when nothing overtook it while it ran: an
 * incremental one when no audit was recorded since the one it continues, a full one when no
 * broken audit was; so a slow run never hides a break found meanwhile.
 */
export async function runLedgerAudit({
  db,
  publicKey,
  clock,
  request,
}: {
  db: Db;
  publicKey: KeyObject;
  clock: Clock;
  request: AuditRequest;
}): Promise<AuditRun | null> {
  const started = clock.now();
  const latest = await selectLatestAudit(db);
  const scope = request === 'full' ? 'full' : await dueScope(db, latest, started);
  if (!scope) return null;
  const from = scope === 'incremental' && latest ? auditedHeadOf(latest) : GENESIS;
  const audit = await auditSince(db, publicKey, from);
  if (audit.isIntact && audit.length === from.seq && scope === 'incremental') {
    return { scope, audit, isRecorded: false };
  }
  const isRecorded = await db.transaction().execute(async (trx) => {
    await lockForAuditRecord(trx);
    if (audit.isIntact) {
      const isOvertaken = await hasAuditAfter(trx, {
        id: latest?.id ?? null,
        isBrokenOnly: scope === 'full',
      });
      if (isOvertaken) return false;
    }
    await insertAudit(trx, {
      scope,
      status: audit.isIntact ? 'intact' : 'broken',
      from_seq: from.seq + 1,
      through_seq: audit.isIntact ? audit.length : audit.checked,
      head_hash: audit.isIntact ? audit.headHash : null,
      entries_checked: Math.max((audit.isIntact ? audit.length : audit.checked) - from.seq, 0),
      fault_seq: audit.isIntact ? null : audit.seq,
      fault: audit.isIntact ? null : audit.fault,
      started_at: started.toISOString(),
      checked_at: clock.now().toISOString(),
    });
    return true;
  });
  return { scope, audit, isRecorded };
}

/**
 * Asks for the audit job unless one waits or runs already: at start and on a timer in every
 * instance; the worker of whichever instance claims it runs it.
 */
export async function queueLedgerAudit({ db, queue }: { db: Db; queue: JobQueue }): Promise<boolean> {
  // Every instance asks on its own timer: this keeps them to one job at a time (a rare race gives
  // two, which is harmless: the second finds nothing new or loses the compare-and-set of its record).
  if (await queue.isAnyQueued(db, auditLedgerJob)) return false;
  await queue.enqueue(db, auditLedgerJob, {});
  return true;
}
