// The keys apart from their words (workspace-notices.ts): the SPA's client checks the key of
// every answer's `meta`, and a first visit needs none of the words (decision 079).

/**
 * The success messages of spec §4 that the staff workspace and the request thread acknowledge
 * with. The API sends the key and the worded message in `meta`; the web may word the key itself.
 */
export const WORKSPACE_NOTICE_KEYS = [
  'practiceAssigned',
  'practicesAssigned',
  'practiceUpdated',
  'fileCheckConcluded',
  'verificationUpdated',
  'assessmentUpdated',
  'noteAdded',
  'sentInReview',
  'sentBack',
  'reviewConcluded',
  'practicePublished',
  'closed',
  'messageSent',
  'appealCreated',
  'appealConfirmed',
  'amendmentCreated',
  'amendmentConfirmed',
  'appealRefused',
  'appealRejected',
  'amendmentRefused',
  'amendmentRejected',
  'openToDelivery',
  'setAsDelivered',
  'refundRequested',
  'deliveryCancelled',
] as const;
export type WorkspaceNoticeKey = (typeof WORKSPACE_NOTICE_KEYS)[number];

/** The success message of an assignment: one request is "assigned" in the singular, several in the plural. */
export const assignedNotice = (count: number): 'practiceAssigned' | 'practicesAssigned' =>
  count === 1 ? 'practiceAssigned' : 'practicesAssigned';

/**
 * The success message of a move on an appeal of this type: the spec's "Appeal created", "Appeal
 * confirmed", "Appeal refused" and "Appeal rejected" for an appeal; "Amendment created",
 * "Amendment confirmed", "Amendment refused" and "Amendment rejected" for an amendment, which is
 * never called an appeal; any other message as it is.
 */
export function appealNoticeOf(notice: WorkspaceNoticeKey, appealType: string | null): WorkspaceNoticeKey {
  if (appealType !== 'amendment') return notice;
  if (notice === 'appealCreated') return 'amendmentCreated';
  if (notice === 'appealConfirmed') return 'amendmentConfirmed';
  if (notice === 'appealRefused') return 'amendmentRefused';
  if (notice === 'appealRejected') return 'amendmentRejected';
  return notice;
}
