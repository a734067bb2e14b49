import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** Row types of the staff workspace tables (migration 020); `database.ts` lists them in `Database`. */

type NullableText = string | null;

export type PracticeMessagesTable = {
  id: Generated<number>;
  practice_id: number;
  author_id: number | null;
  side: string;
  body: string;
  /** JSON text: the document types staff asked for. */
  requested_documents: NullableText;
  /** `broadcast`: sent to several requests at once (migration 2026-11-26-220); null: the thread's own. */
  kind: Generated<string | null>;
  created_at: string;
};

export type PracticeMessageDocumentsTable = { message_id: number; document_id: number };

export type PracticeNotesTable = {
  id: Generated<number>;
  practice_id: number;
  author_id: number | null;
  body: string;
  created_at: string;
};

export type PracticeEvaluationsTable = {
  practice_id: number;
  /** JSON text of the domain's `assessmentSchema` output. */
  assessment: NullableText;
  assessment_updated_at: NullableText;
  assessment_updated_by: number | null;
  verification_outcome: NullableText;
  verification_notes: NullableText;
  verification_updated_at: NullableText;
  verification_updated_by: number | null;
  file_checked_at: NullableText;
  file_checked_by: number | null;
  file_check_notes: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/**
 * Submitted requests per status, evaluator and reviewer (0: nobody), kept by database triggers on
 * `practices` (migration 2026-11-25-010): the staff navigation's counts without a scan.
 */
export type PracticeQueueCountsTable = {
  status: string;
  assignee_id: number;
  reviewer_id: number;
  count: number;
};

/**
 * Submitted requests that have an appeal or amendment, per status and appeal type, kept by
 * database triggers on `practices` and `appeals` (migration 2026-12-06-115): the dashboard's
 * backlog names an amendment's statuses apart from an appeal's.
 */
export type PracticeAppealCountsTable = {
  status: string;
  appeal_type: string;
  count: number;
};

/** Submitted requests with an appeal or amendment per status, people (0: nobody) and type (migration 2026-12-06-120). */
export type PracticeAppealQueueCountsTable = {
  status: string;
  assignee_id: number;
  reviewer_id: number;
  appeal_type: string;
  count: number;
};

/** A day whose deadline mails were asked for, by one instance (migration 2026-11-26-210). */
export type DeadlineDigestDaysTable = { day: string; queued_at: string };

/** A staff member's deadline mail of a day, queued once (migration 2026-11-26-210). */
export type DeadlineDigestMailsTable = { day: string; user_id: number; queued_at: string };
