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

/** The moves of a request's trail the workspace holds, and whether older ones remain to be shown. */
export type LoadedTrail = { moves: readonly AuditEntry[]; hasOlder: boolean };

/** Two stretches of the trail as one, each entry once, oldest first (by time, then id), as the API orders it. */
export function mergeTrail(...parts: readonly (readonly AuditEntry[])[]): AuditEntry[] {
  const byId = new Map(parts.flat().map((entry) => [entry.id, entry]));
  return [...byId.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
}

/**
 * The record's history on one page, as OpenCRVS's record audit shows it: every move and staff
 * change of the audit trail the workspace holds, every internal note, every message of the thread
 * and every document uploaded, oldest first; at the same instant, a move before what it carried.
 * While older moves remain to be shown, the rest begins where the moves shown begin: what came
 * before shows with the moves of its time.
 */
export function recordEntries(
  practice: StaffPractice,
  trail: LoadedTrail = { moves: practice.history, hasOlder: practice.has_older_history },
): RecordEntry[] {
  const from = trail.hasOlder && trail.moves[0] ? Date.parse(trail.moves[0].at) : undefined;
  const entries: RecordEntry[] = [
    ...trail.moves.map((entry) => ({ kind: 'move' as const, at: entry.at, entry })),
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
  return entries
    .filter((entry) => from === undefined || entry.kind === 'move' || Date.parse(entry.at) >= from)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || ORDER[a.kind] - ORDER[b.kind]);
}
