// A file of its own: the public pages' catalogue names the labels, not the staff's words.
import type { StatusWording } from './status-wording';

/**
 * Spec §4's labels, as an applicant reads them, in Italian. Its four codes with underscores are
 * words in both languages (issue 14), and 'cimea request' a request for information (issue 33,
 * decision 085); the API's `status_label` keeps the spec's codes.
 */
export const STATUS_LABEL_NAMES_IT: Record<StatusWording, string> = {
  draft: 'bozza',
  'in evaluation': 'in valutazione',
  'cimea request': 'richiesta di informazioni',
  closed: 'chiusa',
  published: 'pubblicata',
  'appeal in evaluation': 'ricorso in valutazione',
  appeal_rejected: 'ricorso rigettato',
  appeal_issued: 'ricorso accolto',
  amend_issued: 'rettifica emessa',
  appeal_refused: 'ricorso respinto',
  // The same labels on an amendment (`statusWordingOf`).
  'amendment in evaluation': 'rettifica in valutazione',
  amendment_rejected: 'rettifica rigettata',
  amendment_refused: 'rettifica respinta',
};
