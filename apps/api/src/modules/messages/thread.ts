import {
  DOCUMENT_TYPES,
  findTransition,
  type DocumentType,
  type PendingQuestion,
  type PracticeStatus,
  type ThreadMessage,
} from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { fieldError } from '../../platform/errors';
import { listDocumentsOfPractice } from '../documents/service';
import {
  findLastStaffMessage,
  insertMessageDocuments,
  insertThreadMessage,
  listMessageDocumentLinks,
  listThreadRows,
} from './repository';

/**
 * The thread of a request, as the other modules use it: the transition service adds a message
 * with the move that carries it (a question, a reply); the workspace and the applicant read it.
 */

const documentTypes = (json: string | null): DocumentType[] => {
  const parsed: unknown = json ? JSON.parse(json) : [];
  return Array.isArray(parsed) ? DOCUMENT_TYPES.filter((type) => parsed.includes(type)) : [];
};

export type NewMessage = {
  practiceId: number;
  /** The applicant who owns the request: only their documents of this request may be attached. */
  ownerId: number;
  authorId: number;
  side: 'staff' | 'applicant';
  body: string;
  requestedDocuments?: readonly DocumentType[];
  documentIds?: readonly number[];
  /** Sent to several requests at once (decision 071): never the question a request waits on. */
  kind?: 'broadcast';
  at: string;
};

/** Inside the move's transaction; 422 on `document_ids` for a document that is not of this request. */
export async function addThreadMessage(db: Db, message: NewMessage): Promise<number> {
  const documentIds = [...new Set(message.documentIds ?? [])];
  if (documentIds.length > 0) {
    const own = new Set(
      (await listDocumentsOfPractice(db, message.practiceId)).map((document) => document.id),
    );
    if (documentIds.some((id) => !own.has(id))) throw fieldError('document_ids', 'documentNotOfPractice');
  }
  const id = await insertThreadMessage(db, {
    practiceId: message.practiceId,
    authorId: message.authorId,
    side: message.side,
    body: message.body,
    requestedDocuments: message.requestedDocuments ?? [],
    ...(message.kind ? { kind: message.kind } : {}),
    at: message.at,
  });
  await insertMessageDocuments(db, id, documentIds);
  return id;
}

/** The thread, oldest first. The applicant never sees staff names: `author_name` is null on their side. */
export async function listThread(
  db: Db,
  practiceId: number,
  viewer: 'staff' | 'applicant',
): Promise<ThreadMessage[]> {
  const [rows, links, documents] = await Promise.all([
    listThreadRows(db, practiceId),
    listMessageDocumentLinks(db, practiceId),
    listDocumentsOfPractice(db, practiceId),
  ]);
  return rows.map((row) => {
    const side = row.side === 'staff' ? 'staff' : 'applicant';
    const ids = new Set(links.filter((link) => link.message_id === row.id).map((link) => link.document_id));
    const isNamed = viewer === 'staff' || side === 'applicant';
    return {
      id: row.id,
      side,
      author_name:
        isNamed && row.first_name !== null ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null,
      body: row.body,
      requested_documents: documentTypes(row.requested_documents),
      documents: documents.filter((document) => ids.has(document.id)),
      created_at: row.created_at,
    };
  });
}

/** What the applicant is asked, while their request waits for them; null otherwise. */
export async function pendingQuestionOf(
  db: Db,
  practice: { id: number; status: PracticeStatus },
): Promise<PendingQuestion | null> {
  // Waiting for the applicant means: the table lets them reply now.
  if (!findTransition('reply', practice.status)) return null;
  const question = await findLastStaffMessage(db, practice.id);
  if (!question) return null;
  return {
    message: question.body,
    requested_documents: documentTypes(question.requested_documents),
    asked_at: question.created_at,
  };
}
