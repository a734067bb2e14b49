// A file of its own: the public pages' catalogue names the labels, not the staff's words.
import type { StatusWording } from './status-wording';

/**
 * Spec §4's labels, as an applicant reads them, in English. Its four codes with underscores are
 * words in both languages (issue 14), and 'cimea request' a request for information (issue 33,
 * decision 085); the API's `status_label` keeps the spec's codes.
 */
export const STATUS_LABEL_NAMES_EN: Record<StatusWording, string> = {
  draft: 'draft',
  'in evaluation': 'in evaluation',
  // The spec's 'cimea request' names a body the portal never mentions (issue 33, decision 085).
  'cimea request': 'request for information',
  closed: 'closed',
  published: 'published',
  'appeal in evaluation': 'appeal in evaluation',
  appeal_rejected: 'appeal rejected',
  appeal_issued: 'appeal issued',
  amend_issued: 'amendment issued',
  appeal_refused: 'appeal refused',
  // The same labels on an amendment (`statusWordingOf`).
  'amendment in evaluation': 'amendment in evaluation',
  amendment_rejected: 'amendment rejected',
  amendment_refused: 'amendment refused',
};
