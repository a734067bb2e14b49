import {
  type ActorContext,
  availableTransitions,
  type StaffChange,
  type StaffPractice,
  type Transition,
  type TransitionAction,
  type User,
  isChangeOffered,
} from '@lisbon/domain';

/** Who this staff member is to this request, as the domain's rules read it. */
export function actorContext(user: Pick<User, 'id' | 'abilities'>, practice: StaffPractice): ActorContext {
  return {
    actor: 'staff',
    abilities: user.abilities,
    isAssignee: practice.assignee?.id === user.id,
    isReviewer: practice.reviewer?.id === user.id,
    isAdmin: user.abilities['staff.manage'] === true,
  };
}

/**
 * The moves the workspace offers: those the transition table allows this user on this request now,
 * with the statement of appeal and the amended statement (queued for the publish job, decision
 * 026), without the ones another flow owns (the applicant's appeal, publication's own page).
 */
export const offeredTransitions = (practice: StaffPractice, context: ActorContext): Transition[] =>
  availableTransitions(practice.status, context).filter(
    (transition) =>
      transition.via === undefined ||
      transition.action === 'issue_appeal' ||
      transition.action === 'issue_amendment',
  );

/**
 * Whether this user may make this staff change (file check, …, the delivery changes while pending)
 * now. The refund changes hang on payments the page does not hold whole (a shipment's other
 * requests): for them the API's own answer, `allowed_changes`, decides (decision 068).
 */
export const mayChange = (change: StaffChange, practice: StaffPractice, context: ActorContext): boolean =>
  change === 'refund_payment' || change === 'cancel_delivery'
    ? practice.allowed_changes.includes(change)
    : isChangeOffered(change, practice, context);

/** A move's action: one of TRANSITION_ACTIONS, which the `Transition` type widens to a string. */
export const actionOf = (transition: Transition) => transition.action as TransitionAction;
