import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/schema-helpers';
import type { LedgerEntriesTable } from '../db/statement-tables';
import type { LedgerKind } from '@lisbon/domain';
import type { LedgerEntry } from './entry';

type LedgerRow = Selectable<LedgerEntriesTable>;

// A kind outside the list is passed on as it is: the audit reports it (`entryFault`) instead of a read failing.
const toEntry = (row: LedgerRow): LedgerEntry => ({ ...row, kind: row.kind as LedgerKind });

/** PostgreSQL: one appender at a time across every instance, until the transaction ends. */
export async function lockForAppend(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`.execute(trx);
}

/** An arbitrary constant that names the ledger's advisory lock. */
const LEDGER_LOCK_KEY = 5_847_301;

export async function selectHead(db: Db): Promise<LedgerEntry | undefined> {
  const row = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toEntry(row);
}

export async function selectByHash(db: Db, hash: string): Promise<LedgerEntry | undefined> {
  const row = await db.selectFrom('ledger_entries').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row && toEntry(row);
}

export async function selectOfCertificate(db: Db, certificateId: string): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('certificate_id', '=', certificateId)
    .orderBy('seq')
    .execute();
  return rows.map(toEntry);
}

export async function selectByPayloadHash(db: Db, payloadHash: string): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('payload_hash', '=', payloadHash)
    .orderBy('seq')
    .execute();
  return rows.map(toEntry);
}

export async function selectPage(db: Db, afterSeq: number, size: number): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(size)
    .execute();
  return rows.map(toEntry);
}

/** Every entry after `afterSeq`, in order, a page at a time. */
export async function* walkFrom(db: Db, afterSeq: number, pageSize = 500): AsyncIterable<LedgerEntry> {
  let after = afterSeq;
  for (;;) {
    const page = await selectPage(db, after, pageSize);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = last.seq;
  }
}

export async function insertEntry(db: Db, entry: LedgerEntry): Promise<void> {
  await db.insertInto('ledger_entries').values(entry).execute();
}

/** The hashes of the entries at these sequence numbers, by sequence number: one indexed read. */
export async function selectHashesAt(db: Db, seqs: readonly number[]): Promise<Map<number, string>> {
  if (seqs.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['seq', 'hash'])
    .where('seq', 'in', [...new Set(seqs)])
    .execute();
  return new Map(rows.map((row) => [row.seq, row.hash]));
}
