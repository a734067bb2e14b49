import { OPEN_APPEAL_STATUSES } from './appeal';
import type { AppealType, PracticeStatus, StatusLabel } from './statuses';

/**
 * An amendment goes through the statuses of an appeal (spec §4 names them once, decision 026), so
 * on a request whose applicant asked for an amendment they are named for the amendment: staff
 * queues, the workspace, the dashboard, the applicant's pages and the mails all say "amendment"
 * ("rettifica") there, never "appeal". The status codes and the API's `status_label` keep the
 * spec's names; these rules pick the words, from the request's appeal type.
 */
export const AMENDMENT_WORDED_STATUSES = [
  ...OPEN_APPEAL_STATUSES,
  'appeal_rejected',
  'appeal_refused',
] as const satisfies readonly PracticeStatus[];
type AmendmentWordedStatus = (typeof AMENDMENT_WORDED_STATUSES)[number];

/** The staff's name of an appeal's status on an amendment: `appeal_requested` → `amendment_requested`. */
export type AmendmentStatusName = AmendmentWordedStatus extends `appeal_${infer Rest}`
  ? `amendment_${Rest}`
  : never;
/** A status as staff read its name (`STATUS_NAMES`). */
export type StatusName = PracticeStatus | AmendmentStatusName;

/** The spec's labels of an appeal's statuses, as an amendment's. */
export const AMENDMENT_STATUS_LABELS = {
  'appeal in evaluation': 'amendment in evaluation',
  appeal_rejected: 'amendment_rejected',
  appeal_refused: 'amendment_refused',
} as const satisfies Partial<Record<StatusLabel, string>>;
type AmendmentWordedLabel = keyof typeof AMENDMENT_STATUS_LABELS;
/** A label as the applicant and the badges read it (`STATUS_LABEL_NAMES`). */
export type StatusWording = StatusLabel | (typeof AMENDMENT_STATUS_LABELS)[AmendmentWordedLabel];

const isAmendmentWordedStatus = (status: PracticeStatus): status is AmendmentWordedStatus =>
  (AMENDMENT_WORDED_STATUSES as readonly PracticeStatus[]).includes(status);

/** The key of a status's staff name: the amendment's on a request whose appeal is an amendment. */
export function statusNameOf(status: PracticeStatus, appealType: AppealType | null | undefined): StatusName {
  if (appealType !== 'amendment' || !isAmendmentWordedStatus(status)) return status;
  return `amendment_${status.slice('appeal_'.length)}` as AmendmentStatusName;
}

/** The key of a status label's words: the amendment's on a request whose appeal is an amendment. */
export function statusWordingOf(
  label: StatusLabel,
  appealType: AppealType | null | undefined,
): StatusWording {
  if (appealType !== 'amendment' || !(label in AMENDMENT_STATUS_LABELS)) return label;
  return AMENDMENT_STATUS_LABELS[label as AmendmentWordedLabel];
}
