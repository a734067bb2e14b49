import type { AuditEntry, PracticeDocument, StaffPractice, StaffRef } from '@lisbon/domain';

/** One line of a request's full record (issue #18): what happened, when, and who did it. */
export type RecordEntry =
  | { kind: 'move'; at: string; entry: AuditEntry }
  | { kind: 'note'; at: string; id: number; text: string; author: StaffRef | null }
  | { kind: 'staffMessage' | 'applicantMessage'; at: string; id: number; text: string; author: string | null }
  | { kind: 'document'; at: string; document: PracticeDocument };

const ORDER: Record<RecordEntry['kind'], number> = {
  move: 0,
  document: 1,
  applicantMessage: 2,
  staffMessage: 3,
  note: 4,
};

/**
 * The record's full history on one page, as OpenCRVS's record audit shows it: every move and
 * staff change of the audit trail, every internal note, every message of the thread and every
 * document uploaded, oldest first; at the same instant, a move before what it carried.
 */
export function recordEntries(practice: StaffPractice): RecordEntry[] {
  const entries: RecordEntry[] = [
    ...practice.history.map((entry) => ({ kind: 'move' as const, at: entry.at, entry })),
    ...practice.notes.map((note) => ({
      kind: 'note' as const,
      at: note.created_at,
      id: note.id,
      text: note.text,
      author: note.author,
    })),
    ...practice.thread.map((message) => ({
      kind: message.side === 'staff' ? ('staffMessage' as const) : ('applicantMessage' as const),
      at: message.created_at,
      id: message.id,
      text: message.body,
      author: message.author_name,
    })),
    ...practice.documents.map((document) => ({
      kind: 'document' as const,
      at: document.created_at,
      document,
    })),
  ];
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || ORDER[a.kind] - ORDER[b.kind]);
}
