import { DOCUMENT_TYPES, isOneOf, type UnobtainableDocument } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { recordAuditEntry } from './audit.service';

/**
 * The documents of a request its applicant declared unobtainable (decision 119, migration 125),
 * in the order they were declared: they no longer stop its submission.
 */
export async function listUnobtainableDocuments(db: Db, practiceId: number): Promise<UnobtainableDocument[]> {
  const rows = await db
    .selectFrom('unobtainable_documents')
    .select(['type', 'explanation', 'declared_at'])
    .where('practice_id', '=', practiceId)
    .orderBy('declared_at')
    .orderBy('type')
    .execute();
  return rows.flatMap(({ type, explanation, declared_at }) =>
    isOneOf(DOCUMENT_TYPES, type) ? [{ type, explanation, declared_at }] : [],
  );
}

/** The declaration made, or its explanation changed when it was made already. */
export async function upsertUnobtainableDocument(
  db: Db,
  row: { practiceId: number; type: string; explanation: string | null; byUserId: number; at: string },
): Promise<void> {
  await db
    .insertInto('unobtainable_documents')
    .values({
      practice_id: row.practiceId,
      type: row.type,
      explanation: row.explanation,
      declared_by: row.byUserId,
      declared_at: row.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['practice_id', 'type']).doUpdateSet({
        explanation: row.explanation,
        declared_by: row.byUserId,
        declared_at: row.at,
      }),
    )
    .execute();
}

/** The declaration withdrawn; false when there was none. */
export async function deleteUnobtainableDocument(db: Db, practiceId: number, type: string): Promise<boolean> {
  const result = await db
    .deleteFrom('unobtainable_documents')
    .where('practice_id', '=', practiceId)
    .where('type', '=', type)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A draft's declaration withdrawn in the caller's transaction, by the applicant or by the upload of
 * the document, with its entry in the audit trail; false when there was none.
 */
export async function withdrawUnobtainableDocument(
  trx: Db,
  withdrawal: { practiceId: number; type: string; byUserId: number; at: string; isByUpload: boolean },
): Promise<boolean> {
  if (!(await deleteUnobtainableDocument(trx, withdrawal.practiceId, withdrawal.type))) return false;
  await recordAuditEntry(trx, {
    practiceId: withdrawal.practiceId,
    from: 'draft',
    to: 'draft',
    action: 'unobtainable_declaration_withdrawn',
    byUserId: withdrawal.byUserId,
    note: null,
    details: { type: withdrawal.type, by_upload: withdrawal.isByUpload },
    at: withdrawal.at,
  });
  return true;
}
