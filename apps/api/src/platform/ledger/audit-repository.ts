import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/schema-helpers';
import type { LedgerAuditsTable } from '../db/statement-tables';

export type LedgerAuditRow = Selectable<LedgerAuditsTable>;
export type NewLedgerAudit = Insertable<LedgerAuditsTable>;

/** The newest audit: what the ledger's state is taken to be. */
export async function selectLatestAudit(db: Db): Promise<LedgerAuditRow | undefined> {
  return db.selectFrom('ledger_audits').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The newest full audit that found the chain whole: when the next one is due. */
export async function selectLatestIntactFullAudit(db: Db): Promise<LedgerAuditRow | undefined> {
  return db
    .selectFrom('ledger_audits')
    .selectAll()
    .where('scope', '=', 'full')
    .where('status', '=', 'intact')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** PostgreSQL: one recorder at a time across instances, until the transaction ends (SQLite: begin immediate). */
export async function lockForAuditRecord(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`.execute(trx);
}

/** An arbitrary constant that names the audit record's advisory lock. */
const AUDIT_LOCK_KEY = 5_847_302;

/** Audits recorded after `id` (all of them for null), broken ones only when asked. */
export async function hasAuditAfter(
  db: Db,
  { id, isBrokenOnly }: { id: number | null; isBrokenOnly: boolean },
): Promise<boolean> {
  let query = db
    .selectFrom('ledger_audits')
    .select('id')
    .where('id', '>', id ?? 0)
    .limit(1);
  if (isBrokenOnly) query = query.where('status', '=', 'broken');
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertAudit(db: Db, audit: NewLedgerAudit): Promise<void> {
  await db.insertInto('ledger_audits').values(audit).execute();
}
