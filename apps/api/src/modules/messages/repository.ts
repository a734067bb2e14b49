import type { Db } from '../../platform/db/database';

export type NewThreadMessage = {
  practiceId: number;
  authorId: number;
  side: 'staff' | 'applicant';
  body: string;
  requestedDocuments: readonly string[];
  /** `broadcast` for a message sent to several requests at once. */
  kind?: 'broadcast';
  at: string;
};

export async function insertThreadMessage(db: Db, message: NewThreadMessage): Promise<number> {
  const { id } = await db
    .insertInto('practice_messages')
    .values({
      practice_id: message.practiceId,
      author_id: message.authorId,
      side: message.side,
      body: message.body,
      requested_documents:
        message.requestedDocuments.length > 0 ? JSON.stringify(message.requestedDocuments) : null,
      kind: message.kind ?? null,
      created_at: message.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertMessageDocuments(
  db: Db,
  messageId: number,
  documentIds: readonly number[],
): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .insertInto('practice_message_documents')
    .values(documentIds.map((documentId) => ({ message_id: messageId, document_id: documentId })))
    .execute();
}

export async function listThreadRows(db: Db, practiceId: number) {
  return db
    .selectFrom('practice_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select([
      'm.id',
      'm.side',
      'm.body',
      'm.requested_documents',
      'm.created_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('m.practice_id', '=', practiceId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
}

export async function listMessageDocumentLinks(db: Db, practiceId: number) {
  return db
    .selectFrom('practice_message_documents as l')
    .innerJoin('practice_messages as m', 'm.id', 'l.message_id')
    .select(['l.message_id', 'l.document_id'])
    .where('m.practice_id', '=', practiceId)
    .execute();
}

/**
 * The last question staff asked on a request: what a request waiting for the applicant waits for.
 * A message sent to several requests at once asks nothing of this one.
 */
export async function findLastStaffMessage(db: Db, practiceId: number) {
  return db
    .selectFrom('practice_messages')
    .select(['body', 'requested_documents', 'created_at'])
    .where('practice_id', '=', practiceId)
    .where('side', '=', 'staff')
    .where('kind', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
