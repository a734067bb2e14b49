import type { Abilities, Ability } from './abilities';
import type { AppealType, PracticeStatus } from './statuses';
import type { WorkspaceNoticeKey } from './workspace-notice-keys';

/**
 * The transition table of DESIGN.md "Request (practice) lifecycle", as data. The API refuses any
 * move not listed here (409); the web offers only the actions this table allows.
 */
export type Actor = 'applicant' | 'staff' | 'system';

export type Transition = {
  action: string;
  from: readonly PracticeStatus[];
  to: PracticeStatus;
  actor: Actor;
  /** Staff: the ability needed (applicants act on their own request, the system on events). */
  ability?: Ability;
  /** Only the request's assignee (evaluator) or reviewer may fire it (admins always may). */
  mustBe?: 'assignee' | 'reviewer';
  /**
   * What the move must record: a note (audit trail, staff only), a reason (the applicant reads it on
   * the request and in the mail, decision 054), a message (the thread, seen by the applicant), an
   * assignment (evaluator and reviewer); or find: a complete assessment (ASSESSMENT_REQUIRED_FIELDS).
   */
  requires?: {
    note?: boolean;
    reason?: boolean;
    message?: boolean;
    assignment?: boolean;
    assessment?: boolean;
  };
  /** The mail the applicant gets in their language, because they need to know of this move. */
  notifies?: ApplicantMail;
  /** The success message of spec §4 that acknowledges the move (staff moves and the reply). */
  notice?: WorkspaceNoticeKey;
  /** Moves that belong to a flow of their own, not to the generic transition endpoint. */
  via?: 'publication' | 'appeal_request';
  /**
   * Only on a request whose appeal is of this type (decision 026): the statement of appeal issues
   * an appeal, the amended statement an amendment, never the other way round.
   */
  appealType?: AppealType;
};

/** The applicant's mails about their request (DESIGN.md: request received, question asked, published, closed; the appeal's steps, decision 026). */
export const APPLICANT_MAILS = [
  'request-received',
  'question-asked',
  'statement-published',
  /** The body withdrew the published statement (decision 097): its reason, and what it means. */
  'statement-withdrawn',
  'closed',
  'appeal-received',
  'appeal-confirmed',
  'appeal-refused',
  'appeal-rejected',
  'appeal-issued',
  'amend-issued',
  /** A message staff sent to the applicants of several requests at once (decision 071). */
  'office-message',
] as const;
export type ApplicantMail = (typeof APPLICANT_MAILS)[number];

export const OPEN_STATUSES = [
  'unassigned',
  'assigned',
  'in_evaluation',
  'pending_student_reply',
  'in_review',
  'reviewed',
  'ready_for_issue',
] as const satisfies readonly PracticeStatus[];

/**
 * The evaluation's moves, the same for a request and for its appeal (decision 026): the evaluator
 * asks the applicant and is answered, then sends the assessment to the reviewer, who concludes or
 * sends it back with a note. Only the statuses they go between differ.
 */
function evaluationMoves<Status extends PracticeStatus>(statuses: {
  evaluating: Status;
  waitingForReply: Status;
  inReview: Status;
  reviewed: Status;
}) {
  return [
    {
      action: 'ask_applicant',
      from: [statuses.evaluating],
      to: statuses.waitingForReply,
      actor: 'staff',
      ability: 'staff.evaluate',
      mustBe: 'assignee',
      requires: { message: true },
      notifies: 'question-asked',
      notice: 'messageSent',
    },
    {
      action: 'reply',
      from: [statuses.waitingForReply],
      to: statuses.evaluating,
      actor: 'applicant',
      requires: { message: true },
      notice: 'messageSent',
    },
    {
      action: 'send_in_review',
      from: [statuses.evaluating],
      to: statuses.inReview,
      actor: 'staff',
      ability: 'staff.evaluate',
      mustBe: 'assignee',
      requires: { assessment: true },
      notice: 'sentInReview',
    },
    {
      action: 'conclude_review',
      from: [statuses.inReview],
      to: statuses.reviewed,
      actor: 'staff',
      ability: 'staff.review',
      mustBe: 'reviewer',
      notice: 'reviewConcluded',
    },
    {
      action: 'send_back',
      from: [statuses.inReview],
      to: statuses.evaluating,
      actor: 'staff',
      ability: 'staff.review',
      mustBe: 'reviewer',
      requires: { note: true },
      notice: 'sentBack',
    },
  ] as const satisfies readonly Transition[];
}

export const TRANSITIONS = [
  { action: 'submit', from: ['draft'], to: 'unassigned', actor: 'system' },
  {
    action: 'assign',
    from: ['unassigned', 'assigned'],
    to: 'assigned',
    actor: 'staff',
    ability: 'staff.assign',
    requires: { assignment: true },
    // One request at a time here; POST /staff/practices/assign words its count (assignedNotice).
    notice: 'practiceAssigned',
  },
  {
    action: 'start',
    from: ['assigned'],
    to: 'in_evaluation',
    actor: 'staff',
    ability: 'staff.evaluate',
    mustBe: 'assignee',
    notice: 'practiceUpdated',
  },
  ...evaluationMoves({
    evaluating: 'in_evaluation',
    waitingForReply: 'pending_student_reply',
    inReview: 'in_review',
    reviewed: 'reviewed',
  }),
  {
    action: 'mark_ready_for_issue',
    from: ['reviewed'],
    to: 'ready_for_issue',
    actor: 'staff',
    ability: 'staff.review',
    mustBe: 'reviewer',
    notice: 'practiceUpdated',
  },
  {
    action: 'publish',
    from: ['ready_for_issue'],
    to: 'published',
    actor: 'staff',
    ability: 'staff.publish',
    via: 'publication',
    notice: 'practicePublished',
  },
  {
    action: 'close',
    from: OPEN_STATUSES,
    to: 'closed',
    actor: 'staff',
    ability: 'staff.close',
    requires: { reason: true },
    notifies: 'closed',
    notice: 'closed',
  },
  {
    action: 'request_appeal',
    from: ['published'],
    to: 'appeal_requested',
    actor: 'applicant',
    requires: { message: true },
    via: 'appeal_request',
    notifies: 'appeal-received',
    notice: 'appealCreated',
  },
  {
    action: 'admit_appeal',
    from: ['appeal_requested'],
    to: 'appeal_in_evaluation',
    actor: 'staff',
    ability: 'staff.assign',
    notifies: 'appeal-confirmed',
    notice: 'appealConfirmed',
  },
  {
    action: 'refuse_appeal',
    from: ['appeal_requested'],
    to: 'appeal_refused',
    actor: 'staff',
    ability: 'staff.assign',
    requires: { reason: true },
    notifies: 'appeal-refused',
    notice: 'appealRefused',
  },
  ...evaluationMoves({
    evaluating: 'appeal_in_evaluation',
    waitingForReply: 'appeal_pending_student_reply',
    inReview: 'appeal_in_review',
    reviewed: 'appeal_reviewed',
  }),
  {
    action: 'issue_appeal',
    from: ['appeal_reviewed'],
    to: 'appeal_issued',
    actor: 'staff',
    ability: 'staff.publish',
    via: 'publication',
    appealType: 'appeal',
    notifies: 'appeal-issued',
    notice: 'practicePublished',
  },
  {
    action: 'issue_amendment',
    from: ['appeal_reviewed'],
    to: 'amend_issued',
    actor: 'staff',
    ability: 'staff.publish',
    via: 'publication',
    appealType: 'amendment',
    notifies: 'amend-issued',
    notice: 'practicePublished',
  },
  {
    action: 'reject_appeal',
    from: ['appeal_reviewed'],
    to: 'appeal_rejected',
    actor: 'staff',
    ability: 'staff.publish',
    requires: { reason: true },
    notifies: 'appeal-rejected',
    notice: 'appealRejected',
  },
] as const satisfies readonly Transition[];

export type TransitionAction = (typeof TRANSITIONS)[number]['action'];

/** Every action of the table, once: what `POST /staff/practices/{id}/transitions` accepts. */
export const TRANSITION_ACTIONS = [
  'submit',
  'assign',
  'start',
  'ask_applicant',
  'reply',
  'send_in_review',
  'conclude_review',
  'send_back',
  'mark_ready_for_issue',
  'publish',
  'close',
  'request_appeal',
  'admit_appeal',
  'refuse_appeal',
  'issue_appeal',
  'issue_amendment',
  'reject_appeal',
] as const satisfies readonly TransitionAction[];

/**
 * Whether a move fits the request's appeal: one made for a type of appeal (`issue_appeal`,
 * `issue_amendment`) only on a request whose appeal is of that type, none before one is asked for.
 */
export const fitsAppeal = (transition: Transition, appealType: AppealType | null): boolean =>
  transition.appealType === undefined || transition.appealType === appealType;

/**
 * The transition an action fires from a status, on a request whose appeal is of `appealType` (null:
 * none asked for), or undefined when the table has none.
 */
export function findTransition(
  action: string,
  from: PracticeStatus,
  appealType: AppealType | null = null,
): Transition | undefined {
  return (TRANSITIONS as readonly Transition[]).find(
    (transition) =>
      transition.action === action && transition.from.includes(from) && fitsAppeal(transition, appealType),
  );
}

export type ActorContext = {
  actor: Actor;
  abilities?: Partial<Abilities>;
  isAssignee?: boolean;
  isReviewer?: boolean;
  /** They evaluated the request, now or before a change of hands (`evaluatorsOf`): its review is not theirs. */
  hasEvaluated?: boolean;
  /** Admins (ability staff.manage) are not bound to be the assignee or reviewer. */
  isAdmin?: boolean;
};

/**
 * Who this user is to this request, as the transition table and the staff-change rules read it:
 * an applicant unless they hold the staff workspace.
 */
export function actorContextOf(
  user: { id: number; abilities: Abilities },
  practice: {
    assignee_id: number | null;
    reviewer_id: number | null;
    /** Everyone who evaluated the request (`evaluatorsOf` its audit trail). */
    evaluated_by: readonly number[];
  },
): ActorContext {
  if (!user.abilities['staff.workspace']) return { actor: 'applicant' };
  return {
    actor: 'staff',
    abilities: user.abilities,
    isAssignee: practice.assignee_id === user.id,
    isReviewer: practice.reviewer_id === user.id,
    hasEvaluated: practice.evaluated_by.includes(user.id),
    isAdmin: user.abilities['staff.manage'],
  };
}

/** The statuses in which a reviewer works on a request: an assessment corrected there is the review's. */
const REVIEWING_STATUSES: readonly PracticeStatus[] = ['in_review', 'appeal_in_review'];

/**
 * Everyone who evaluated a request, read from its audit trail: whoever made one of the evaluator's
 * moves (start, ask the applicant, send in review) or changes (file check, verification, the
 * assessment outside a review), as its assignee or an administrator standing in, whoever holds it now.
 */
export function evaluatorsOf(
  history: readonly { action: string; from_status: string | null; by: { id: number } | null }[],
): number[] {
  const evaluators = history.flatMap((entry) =>
    entry.by !== null &&
    isEvaluatorsAct(entry.action) &&
    !(entry.from_status !== null && (REVIEWING_STATUSES as readonly string[]).includes(entry.from_status))
      ? [entry.by.id]
      : [],
  );
  return [...new Set(evaluators)];
}

const EVALUATORS_CHANGES: readonly string[] = ['file_check', 'verification', 'assessment'];
/**
 * The audit actions that are the evaluator's: the moves the table gives the assignee, and their
 * changes. The API reads only these entries of a trail for `evaluatorsOf` and `isAnsweredByApplicant`.
 */
export const EVALUATORS_ACTS: readonly string[] = [
  ...new Set([
    ...EVALUATORS_CHANGES,
    ...(TRANSITIONS as readonly Transition[]).flatMap((transition) =>
      transition.mustBe === 'assignee' ? [transition.action] : [],
    ),
  ]),
];
export const isEvaluatorsAct = (action: string): boolean => EVALUATORS_ACTS.includes(action);

/**
 * Whether a request waits for the applicant's answer to the evaluator's question ("Waiting for the
 * applicant"): the table lets them reply now, and no staff move but closing leads on from here.
 */
export const waitsForApplicant = (status: PracticeStatus): boolean =>
  findTransition('reply', status) !== undefined;

/** The statuses the applicant's reply brings a request back to: a request's and an appeal's evaluation. */
export const ANSWERED_STATUSES: readonly string[] = (TRANSITIONS as readonly Transition[]).flatMap(
  (transition) => (transition.action === 'reply' ? [transition.to] : []),
);

/**
 * Whether the applicant answered the evaluator's question and the evaluator has not acted since:
 * the request is back in evaluation, and after its latest `reply` its audit trail (oldest first)
 * holds none of the evaluator's acts (`isEvaluatorsAct`: a saved file check, verification or
 * assessment, or one of the evaluator's moves, by the assignee or an administrator standing in).
 * Opening the request does not count: a glance, or someone else's, is not an answer to the reply.
 */
export function isAnsweredByApplicant(
  status: string,
  history: readonly { action: string | null }[],
): boolean {
  if (!ANSWERED_STATUSES.includes(status)) return false;
  let isAnswered = false;
  for (const entry of history) {
    if (entry.action === 'reply') isAnswered = true;
    else if (entry.action !== null && isEvaluatorsAct(entry.action)) isAnswered = false;
  }
  return isAnswered;
}

/** Whether this actor may fire this transition (the status itself is checked by findTransition). */
export function canFire(transition: Transition, context: ActorContext): boolean {
  if (transition.actor !== context.actor) return false;
  if (transition.ability && context.abilities?.[transition.ability] !== true) return false;
  return isThePersonAsked(transition.mustBe, context);
}

/**
 * Whether the actor is the person a move or a staff change asks for (the request's assignee or
 * reviewer), where it asks for one; an administrator stands in for either, except that whoever
 * evaluated a request never reviews it (four eyes): not its assignee, and not anyone who evaluated
 * it before another evaluator took it over; and its reviewer never makes the
 * evaluator's moves. The assignment refuses one person as both.
 */
export function isThePersonAsked(
  mustBe: 'assignee' | 'reviewer' | undefined,
  context: ActorContext,
): boolean {
  if (mustBe === 'reviewer' && (context.isAssignee === true || context.hasEvaluated === true)) return false;
  // Nor does its reviewer evaluate it: an administrator made reviewer would then review their own work.
  if (mustBe === 'assignee' && context.isReviewer === true) return false;
  if (context.isAdmin) return true;
  if (mustBe === 'assignee') return context.isAssignee === true;
  if (mustBe === 'reviewer') return context.isReviewer === true;
  return true;
}

/**
 * The transitions this actor may fire on a request in this status whose appeal is of `appealType`
 * (null: none asked for): what the web offers, one issue move for an appeal's type.
 */
export function availableTransitions(
  status: PracticeStatus,
  context: ActorContext,
  appealType: AppealType | null,
): Transition[] {
  return (TRANSITIONS as readonly Transition[]).filter(
    (transition) =>
      transition.from.includes(status) && fitsAppeal(transition, appealType) && canFire(transition, context),
  );
}

/**
 * The moves that need the request's statement in force: a statement of appeal attaches to it, an
 * amended one supersedes it. None is offered or made once it is withdrawn (decision 097).
 */
export const needsStatementInForce = (move: Pick<Transition, 'action'>): boolean =>
  move.action === 'issue_appeal' || move.action === 'issue_amendment';

/**
 * Whether a move can be made on a request with (or without) a statement in force: those that need
 * one only when it has one, published and neither withdrawn nor superseded by none. The API
 * refuses them otherwise (409 NO_STATEMENT_IN_FORCE, STATEMENT_WITHDRAWN), so neither its
 * `available_actions` nor the workspace offer them then.
 */
export const fitsStatement = (move: Pick<Transition, 'action'>, hasStatementInForce: boolean): boolean =>
  hasStatementInForce || !needsStatementInForce(move);

/**
 * Whether the staff workspace offers this move itself: not those another flow owns (the applicant's
 * appeal, publication's own panel), but the statement of appeal and the amended statement, which it
 * queues for the publish job (decision 026).
 */
export const isOfferedInWorkspace = (transition: Transition): boolean =>
  transition.via === undefined ||
  transition.action === 'issue_appeal' ||
  transition.action === 'issue_amendment';
