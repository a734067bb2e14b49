/** Request (practice) statuses and the label shown for each (spec §4). */
export const PRACTICE_STATUSES = [
  'draft',
  'unassigned',
  'assigned',
  'in_evaluation',
  'in_review',
  'reviewed',
  'ready_for_issue',
  'pending_student_reply',
  'closed',
  'published',
  'appeal_requested',
  'appeal_in_evaluation',
  'appeal_in_review',
  'appeal_reviewed',
  'appeal_pending_student_reply',
  'appeal_rejected',
  'appeal_issued',
  'amend_issued',
  'appeal_refused',
] as const;
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];

export const STATUS_LABELS = [
  'draft',
  'in evaluation',
  'cimea request',
  'closed',
  'published',
  'appeal in evaluation',
  'appeal_rejected',
  'appeal_issued',
  'amend_issued',
  'appeal_refused',
] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];

export function statusLabel(status: PracticeStatus): StatusLabel {
  switch (status) {
    case 'draft':
      return 'draft';
    case 'unassigned':
    case 'assigned':
    case 'in_evaluation':
    case 'in_review':
    case 'reviewed':
    case 'ready_for_issue':
      return 'in evaluation';
    case 'pending_student_reply':
    case 'appeal_pending_student_reply':
      return 'cimea request';
    case 'closed':
      return 'closed';
    case 'published':
      return 'published';
    case 'appeal_requested':
    case 'appeal_in_evaluation':
    case 'appeal_in_review':
    case 'appeal_reviewed':
      return 'appeal in evaluation';
    case 'appeal_rejected':
    case 'appeal_issued':
    case 'amend_issued':
    case 'appeal_refused':
      return status;
  }
}

/** Statuses after which nothing more happens to a request: the `archive` view of /practices. */
export const ARCHIVE_STATUSES = [
  'closed',
  'published',
  'appeal_rejected',
  'appeal_issued',
  'amend_issued',
  'appeal_refused',
] as const satisfies readonly PracticeStatus[];

export const isArchived = (status: PracticeStatus): boolean =>
  (ARCHIVE_STATUSES as readonly PracticeStatus[]).includes(status);

/**
 * Statuses in which a request waits for its statement to be issued: the first statement, or the
 * one an admitted appeal or amendment leads to. The `ready_for_issue` queue holds them, and while
 * a publication of one is under way no other move may overtake it (409 PUBLICATION_PENDING).
 */
export const ISSUING_STATUSES = [
  'ready_for_issue',
  'appeal_reviewed',
] as const satisfies readonly PracticeStatus[];

export const isIssuing = (status: PracticeStatus): boolean =>
  (ISSUING_STATUSES as readonly PracticeStatus[]).includes(status);

/** The applicant may add, replace or delete a request's documents only in these statuses. */
export const DOCUMENT_EDITABLE_STATUSES = [
  'draft',
  'pending_student_reply',
  'appeal_pending_student_reply',
] as const satisfies readonly PracticeStatus[];

export const areDocumentsEditable = (status: PracticeStatus): boolean =>
  (DOCUMENT_EDITABLE_STATUSES as readonly PracticeStatus[]).includes(status);

/**
 * Appeals and amendments (spec §1, §3, §4, §9): within seven days of the statement's release the
 * applicant may ask for an appeal (the evaluation reconsidered: a statement of appeal is attached
 * to the original) or an amendment (a corrected new version replaces the statement). Here rather
 * than in appeal.ts: a request's view names its appeal's type (`statusWordingOf`).
 */
export const APPEAL_TYPES = ['appeal', 'amendment'] as const;
export type AppealType = (typeof APPEAL_TYPES)[number];

/**
 * Whether an appeal or amendment was ever asked for: open, or ended (refused, rejected, issued).
 * Here rather than in appeal.ts: the statement's rules use it on the public verify page, which
 * needs none of the appeal's and the thread's schemas (decision 079).
 */
export const hasAppeal = (status: PracticeStatus): boolean =>
  status.startsWith('appeal_') || status === 'amend_issued';

/**
 * Which deadline a request's days to go count down to: none for a draft or a finished request
 * (its evaluation's deadline was met with the statement, or the request was closed); an open
 * appeal or amendment's own (`practices.expected_deadline`, replaced when it is asked for,
 * decision 108); else the evaluation's.
 */
export function runningDeadlineOf(status: PracticeStatus): 'evaluation' | 'appeal' | null {
  if (status === 'draft' || isArchived(status)) return null;
  return hasAppeal(status) ? 'appeal' : 'evaluation';
}
