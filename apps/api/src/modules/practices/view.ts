import {
  APPEAL_TYPES,
  canRequestAppeal,
  isOneOf,
  runningDaysToGo,
  PRACTICE_STATUSES,
  purposeStepSchema,
  savedQualificationStepSchema,
  withInstitutionCountryFlag,
  statusLabel,
  WIZARD_STEPS,
  type DocumentType,
  type PendingQuestion,
  type Practice,
  type PracticeDocument,
  type PracticeSummary,
  type Refund,
  type UnobtainableDocument,
  type WorkingCalendar,
} from '@lisbon/domain';
import type { OwnedPractice, PracticeSummaryRow } from '../practice-records/access.service';

export type Today = { today: string; calendar: WorkingCalendar };

const stepOf = (value: string) => WIZARD_STEPS.find((step) => step === value) ?? 'purpose';

export function toPracticeSummary(
  practice: OwnedPractice<PracticeSummaryRow>,
  today: Today,
): PracticeSummary {
  const { row } = practice;
  return {
    id: row.id,
    status: practice.status,
    status_label: statusLabel(practice.status),
    appeal_type: isOneOf(APPEAL_TYPES, row.appeal_type) ? row.appeal_type : null,
    service: practice.service,
    country: row.country,
    level: practice.level,
    is_urgent: row.is_urgent === 1,
    created_at: row.created_at,
    requested_at: row.requested_at,
    expected_deadline: row.expected_deadline,
    // The domain's rule, the staff's queue rows and search results read it too.
    days_to_go: runningDaysToGo(practice.status, row.expected_deadline, today),
  };
}

export type PracticeDetails = {
  documents: PracticeDocument[];
  missing: DocumentType[];
  /** The missing documents the applicant declared unobtainable (decision 119). */
  unobtainable: UnobtainableDocument[];
  history: { from_status: string | null; to_status: string; at: string; details: string | null }[];
  /** The staff question a request waiting for the applicant waits on. */
  pendingQuestion: PendingQuestion | null;
  /** The refund of the request's payment, if there is one. */
  refund: Refund | null;
};

/** The reason the applicant was given for a move, from the audit entry's details; nothing else of them. */
function reasonOf(details: string | null): string | null {
  if (!details) return null;
  const parsed: unknown = JSON.parse(details);
  const reason = typeof parsed === 'object' && parsed !== null && 'reason' in parsed ? parsed.reason : null;
  return typeof reason === 'string' ? reason : null;
}

const status = (value: string) => PRACTICE_STATUSES.find((candidate) => candidate === value) ?? 'draft';

export function toPractice(
  practice: OwnedPractice,
  details: PracticeDetails,
  today: Today & { now: Date },
): Practice {
  const { row } = practice;
  return {
    ...toPracticeSummary(practice, today),
    wizard_step: stepOf(row.wizard_step),
    // The stored steps were validated on the way in; parsing again keeps a damaged row from leaking out.
    purpose: row.purpose ? purposeStepSchema.parse(JSON.parse(row.purpose)) : null,
    // The flag is derived again, so a row saved while the API still trusted the client's answers true.
    qualification: row.qualification
      ? withInstitutionCountryFlag(
          savedQualificationStepSchema.parse(JSON.parse(row.qualification)),
          row.country,
        )
      : null,
    documents: details.documents,
    missing_documents: details.missing,
    unobtainable_documents: details.unobtainable,
    history: details.history.map((entry) => {
      const reason = reasonOf(entry.details);
      return {
        from_status: entry.from_status === null ? null : status(entry.from_status),
        to_status: status(entry.to_status),
        at: entry.at,
        // Only on the moves staff gave the applicant a reason for.
        ...(reason === null ? {} : { reason }),
      };
    }),
    paid_at: row.paid_at,
    published_at: row.published_at,
    is_appeal_window_open: canRequestAppeal(
      {
        status: practice.status,
        published_at: row.published_at,
        statement_withdrawn_at: row.statement_withdrawn_at,
      },
      today.now,
    ),
    statement_withdrawn_at: row.statement_withdrawn_at,
    pending_question: details.pendingQuestion,
    delivery_opened_at: row.delivery_opened_at,
    delivery_paid_at: row.delivery_paid_at,
    delivered_at: row.delivered_at,
    payment_refund: details.refund,
  };
}
