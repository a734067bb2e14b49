import type { SortField } from '@lisbon/domain';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { FiscalDocumentsTable } from '../../platform/db/payment-tables';

export type FiscalDocumentRow = Selectable<FiscalDocumentsTable>;

/**
 * The next number of a kind's sequence for a year, inside the caller's transaction: the counter
 * row is created at 0 when missing, then incremented with `update … returning`. PostgreSQL holds the
 * row lock until the transaction ends, SQLite has one writer, so concurrent settlements queue up
 * here and a rolled-back transaction gives its number back: no gaps, no duplicates.
 */
export async function nextSequence(db: Db, kind: string, year: number): Promise<number> {
  await db
    .insertInto('fiscal_counters')
    .values({ kind, year, value: 0 })
    .onConflict((conflict) => conflict.columns(['kind', 'year']).doNothing())
    .execute();
  const { value } = await db
    .updateTable('fiscal_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('kind', '=', kind)
    .where('year', '=', year)
    .returning('value')
    .executeTakeFirstOrThrow();
  return value;
}

export async function insertFiscalDocument(db: Db, row: Insertable<FiscalDocumentsTable>): Promise<number> {
  const { id } = await db
    .insertInto('fiscal_documents')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findFiscalDocumentRow(db: Db, id: number): Promise<FiscalDocumentRow | undefined> {
  return db.selectFrom('fiscal_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

const SORT_COLUMNS = { id: 'id', created_at: 'issued_at', sequence: 'sequence' } as const satisfies Partial<
  Record<SortField, keyof FiscalDocumentsTable>
>;

export type FiscalDocumentFilter = {
  userId: number;
  kind: string | undefined;
  sort: { field: keyof typeof SORT_COLUMNS; isDescending: boolean };
  page: number;
  perPage: number;
};

export async function listFiscalDocumentRows(
  db: Db,
  { userId, kind, sort, page, perPage }: FiscalDocumentFilter,
): Promise<{ rows: FiscalDocumentRow[]; total: number }> {
  let query = db.selectFrom('fiscal_documents').where('user_id', '=', userId);
  if (kind) query = query.where('kind', '=', kind);
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const direction = sort.isDescending ? 'desc' : 'asc';
  const rows = await query
    .selectAll()
    .orderBy(SORT_COLUMNS[sort.field], direction)
    .orderBy('id', direction)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows, total: Number(count) };
}

/** What a payment paid for: its purpose, with the request's service and urgency, or the shipment. */
export type PaymentSubjectRow = {
  payment_id: number;
  purpose: string;
  practice_id: number | null;
  delivery_id: number | null;
  service: string | null;
  is_urgent: number | null;
};

export async function findPaymentSubjects(
  db: Db,
  paymentIds: readonly number[],
): Promise<PaymentSubjectRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('payments as pay')
    .leftJoin('practices as p', 'p.id', 'pay.practice_id')
    .select([
      'pay.id as payment_id',
      'pay.purpose',
      'pay.practice_id',
      'pay.delivery_id',
      'p.service',
      'p.is_urgent',
    ])
    .where('pay.id', 'in', [...paymentIds])
    .execute();
}

/** Records the rendered PDF unless another run stored one first; true when this key was kept. */
export async function setStorageKey(
  db: Db,
  { id, key, isReplacing }: { id: number; key: string; isReplacing: boolean },
): Promise<boolean> {
  let update = db.updateTable('fiscal_documents').set({ storage_key: key }).where('id', '=', id);
  if (!isReplacing) update = update.where('storage_key', 'is', null);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The numbers of some documents, by id (what a credit note prints of the invoice it corrects). */
export async function findDocumentNumbers(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('fiscal_documents')
    .select(['id', 'number'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** A payment's document of a kind (its invoice, its credit note), if issued. */
export async function findPaymentDocument(
  db: Db,
  { paymentId, kind }: { paymentId: number; kind: string },
): Promise<FiscalDocumentRow | undefined> {
  return db
    .selectFrom('fiscal_documents')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}
