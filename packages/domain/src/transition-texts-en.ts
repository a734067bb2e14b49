import type { StatusName } from './status-wording';
import type { StaffChange } from './staff-changes';
import type { TransitionAction } from './transitions';

/** Each status of a request by its name for staff, in English: the staff pages and the API's refusals. */
export const STATUS_NAMES_EN: Record<StatusName, string> = {
  draft: 'Draft',
  unassigned: 'Unassigned',
  assigned: 'Assigned',
  in_evaluation: 'In evaluation',
  in_review: 'In review',
  reviewed: 'Reviewed',
  ready_for_issue: 'Ready for issue',
  pending_student_reply: 'Waiting for the applicant',
  closed: 'Closed',
  published: 'Published',
  appeal_requested: 'Appeal requested',
  appeal_in_evaluation: 'Appeal in evaluation',
  appeal_in_review: 'Appeal in review',
  appeal_reviewed: 'Appeal reviewed',
  appeal_pending_student_reply: 'Appeal waiting for the applicant',
  appeal_rejected: 'Appeal rejected',
  appeal_issued: 'Appeal issued',
  amend_issued: 'Amendment issued',
  appeal_refused: 'Appeal refused',
  // The same statuses on an amendment (`statusNameOf`).
  amendment_requested: 'Amendment requested',
  amendment_in_evaluation: 'Amendment in evaluation',
  amendment_in_review: 'Amendment in review',
  amendment_reviewed: 'Amendment reviewed',
  amendment_pending_student_reply: 'Amendment waiting for the applicant',
  amendment_rejected: 'Amendment rejected',
  amendment_refused: 'Amendment refused',
};

/** Each move of a request, and each change staff make to it, by its button's name, in English. */
export const ACTION_NAMES_EN: Record<TransitionAction | StaffChange, string> = {
  submit: 'Submit',
  assign: 'Assign',
  start: 'Start the evaluation',
  ask_applicant: 'Ask the applicant',
  reply: 'Reply',
  send_in_review: 'Send in review',
  conclude_review: 'Conclude review',
  send_back: 'Send back to evaluation',
  mark_ready_for_issue: 'Mark ready for issue',
  publish: 'Publish',
  close: 'Close the request',
  request_appeal: 'Request an appeal',
  admit_appeal: 'Admit the appeal',
  refuse_appeal: 'Refuse the appeal',
  issue_appeal: 'Issue the appeal statement',
  issue_amendment: 'Issue the amended statement',
  reject_appeal: 'Reject the appeal',
  file_check: 'Conclude the file check',
  verification: 'Save the verification',
  assessment: 'Save the assessment',
  note: 'Add the note',
  open_to_delivery: 'Open to delivery',
  set_delivered: 'Set as delivered',
  reassign: 'Change the assignment',
  refund_payment: 'Refund the payment',
  cancel_delivery: 'Cancel the delivery and refund the fee',
};
