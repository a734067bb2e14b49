import {
  actorContextOf,
  availableTransitions,
  isChangeOffered,
  evaluatorsOf,
  isAnsweredByApplicant,
  STAFF_CHANGES,
  type StaffPractice,
  type StaffPracticeSummary,
  type StaffRef,
  toAvailableAction,
  type User,
} from '@lisbon/domain';
import { practiceFixture, practiceSummaryFixture } from './fixtures';
import { testUser } from './users';

/** Staff as the API shapes them for the staff workspace, with what a test needs changed. */

export const evaluator: StaffRef = { id: 21, first_name: 'Enzo', last_name: 'Valutati' };
export const reviewer: StaffRef = { id: 22, first_name: 'Rita', last_name: 'Revisori' };

/** A staff member with two factors on (the API refuses staff without). */
export const staffUser = (
  role: 'evaluator' | 'reviewer' | 'secretary' | 'admin',
  overrides: Partial<User> = {},
) =>
  testUser({
    role,
    id: role === 'evaluator' ? evaluator.id : role === 'reviewer' ? reviewer.id : 30,
    two_factor_enabled: true,
    first_name: 'Sara',
    last_name: 'Staff',
    ...overrides,
  });

export function staffSummaryFixture(overrides: Partial<StaffPracticeSummary> = {}): StaffPracticeSummary {
  return {
    ...practiceSummaryFixture({
      status: 'unassigned',
      status_label: 'in evaluation',
      requested_at: '2026-11-02T09:00:00.000Z',
      expected_deadline: '2027-01-29',
      days_to_go: 41,
    }),
    deadline_flag: 'on_time',
    applicant_answered: false,
    qualification_name: 'Diplôme national de master',
    applicant: { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' },
    assignee: null,
    reviewer: null,
    updated_at: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * What the API reads of a request's whole audit trail and sends as fields of their own (the
 * workspace carries only the trail's newest page): of a fixture's trail when it is whole (no older
 * entries), else as the test gave them.
 */
export function trailFactsOf({
  status,
  history,
  has_older_history: hasOlder,
}: Pick<StaffPractice, 'status' | 'history' | 'has_older_history'>): Partial<
  Pick<StaffPractice, 'sent_back' | 'applicant_answered' | 'has_evaluation_started'>
> {
  if (hasOlder) return {};
  const lastMove = history.findLast((entry) => entry.from_status !== entry.to_status);
  return {
    sent_back: lastMove?.action === 'send_back' && lastMove.to_status === status ? lastMove : null,
    applicant_answered: isAnsweredByApplicant(status, history),
    has_evaluation_started: history.some((entry) => entry.action === 'start'),
  };
}

/** The workspace of a request; the trail's facts follow its (whole) trail unless a test gives them. */
export function staffPracticeFixture(overrides: Partial<StaffPractice> = {}): StaffPractice {
  const { history: _history, ...practice } = practiceFixture({
    status: 'in_evaluation',
    status_label: 'in evaluation',
    requested_at: '2026-11-02T09:00:00.000Z',
    paid_at: '2026-11-02T09:05:00.000Z',
    expected_deadline: '2027-01-29',
    days_to_go: 41,
    missing_documents: [],
  });
  const workspace: StaffPractice = {
    ...practice,
    has_older_history: false,
    sent_back: null,
    applicant_answered: false,
    has_evaluation_started: false,
    pending_question: null,
    qualification_name: 'Diplôme national de master',
    updated_at: '2026-11-10T09:00:00.000Z',
    applicant: testUser(),
    assignee: evaluator,
    reviewer,
    history: [
      {
        id: 1,
        action: 'assign',
        from_status: 'unassigned',
        to_status: 'assigned',
        by: { id: 30, first_name: 'Sara', last_name: 'Segreti', role: 'secretary' },
        note: null,
        details: { evaluator_id: evaluator.id, reviewer_id: reviewer.id },
        at: '2026-11-03T09:00:00.000Z',
      },
    ],
    thread: [],
    notes: [],
    assessment: null,
    verification: null,
    file_check: null,
    available_actions: [],
    allowed_changes: [],
    payments: [],
    ...overrides,
  };
  return { ...workspace, ...trailFactsOf(workspace), ...overrides };
}

/**
 * The workspace as the API answers it to this staff member: what they may do now, by the domain's
 * rules (no refund change, which needs the payments' facts: a test states those itself).
 */
export function seenBy(user: Pick<User, 'id' | 'abilities'>, practice: StaffPractice): StaffPractice {
  const context = actorContextOf(user, {
    assignee_id: practice.assignee?.id ?? null,
    reviewer_id: practice.reviewer?.id ?? null,
    evaluated_by: evaluatorsOf(practice.history),
  });
  return {
    ...practice,
    ...trailFactsOf(practice),
    available_actions: availableTransitions(practice.status, context, practice.appeal_type ?? null).map(
      toAvailableAction,
    ),
    allowed_changes: STAFF_CHANGES.filter((change) => isChangeOffered(change, practice, context)),
  };
}
