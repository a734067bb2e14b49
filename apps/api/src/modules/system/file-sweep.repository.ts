import type { Db } from '../../platform/db/database';

/**
 * Every column that holds a storage key, in one place: documents, the statements (first
 * statements, statements of appeal, amended ones) and the fiscal documents (invoices, receipts).
 * Waybills and consent forms are rendered on request and never stored. A new column that holds
 * a key belongs here, or the sweep would take its files for leftovers.
 */
export async function referencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [documents, statements, fiscal] = await Promise.all([
    db.selectFrom('documents').select('storage_key as key').where('storage_key', 'in', keys).execute(),
    db.selectFrom('statements').select('pdf_key as key').where('pdf_key', 'in', keys).execute(),
    db.selectFrom('fiscal_documents').select('storage_key as key').where('storage_key', 'in', keys).execute(),
  ]);
  return new Set([...documents, ...statements, ...fiscal].flatMap(({ key }) => (key ? [key] : [])));
}
