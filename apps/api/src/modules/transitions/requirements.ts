import {
  invalidAssessmentFields,
  missingAssessmentFields,
  type Ability,
  type FieldErrors,
} from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findAssessment } from '../evaluations/service';
import { toSessionUser } from '../sessions/service';
import { findAccountByIdKept, isActive } from '../users/accounts';

/** What some moves need to find before they happen. */

/** Whether the account is active and holds the ability; kept from a deletion until the transaction ends. */
async function holds(db: Db, userId: number, ability: Ability): Promise<boolean> {
  const account = await findAccountByIdKept(db, userId);
  return account !== undefined && isActive(account) && toSessionUser(account).abilities[ability];
}

/** `assign`: an active evaluator and a different active reviewer (422 on the field otherwise). */
export async function requireAssignable(
  db: Db,
  {
    evaluatorId,
    reviewerId,
    evaluatedBy = [],
  }: { evaluatorId: number; reviewerId: number; evaluatedBy?: readonly number[] },
): Promise<{ evaluatorId: number; reviewerId: number }> {
  const errors: FieldErrors = {};
  if (!(await holds(db, evaluatorId, 'staff.evaluate'))) errors.evaluator_id = ['invalidOption'];
  if (!(await holds(db, reviewerId, 'staff.review'))) errors.reviewer_id = ['invalidOption'];
  else if (reviewerId === evaluatorId) errors.reviewer_id = ['reviewerNotEvaluator'];
  // Four eyes past a change of hands: whoever evaluated the request never reviews it.
  else if (evaluatedBy.includes(reviewerId)) errors.reviewer_id = ['reviewerEvaluated'];
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
  return { evaluatorId, reviewerId };
}

/**
 * `request_appeal`: the evaluator or reviewer of a finished request whose account has been deleted
 * since (decision 015 lets a member of staff go once their requests are final) is let go as the
 * appeal reopens it, so that it waits with nobody in that place, in the queue of those who assign
 * (the domain's STAFFED_STATUSES), not with an account nobody can log in to. A person still there
 * is kept from a deletion until the transaction ends (PostgreSQL), which then counts this request
 * as theirs. What the request is let go of: the patch, and the ids for its audit entry.
 */
export async function peopleGone(
  db: Db,
  practice: { assignee_id: number | null; reviewer_id: number | null },
): Promise<{ patch: { assignee_id?: null; reviewer_id?: null }; details: Record<string, number> | null }> {
  const isGone = async (id: number | null) => id !== null && !(await findAccountByIdKept(db, id));
  const patch: { assignee_id?: null; reviewer_id?: null } = {};
  const details: Record<string, number> = {};
  if (await isGone(practice.assignee_id)) {
    patch.assignee_id = null;
    details.deleted_evaluator_id = practice.assignee_id ?? 0;
  }
  if (await isGone(practice.reviewer_id)) {
    patch.reviewer_id = null;
    details.deleted_reviewer_id = practice.reviewer_id ?? 0;
  }
  return { patch, details: Object.keys(details).length > 0 ? details : null };
}

/**
 * `send_in_review`: the statement's required fields are in the assessment (422 `assessment.<field>`
 * `required`), and those filled in hold at `now`, the API's clock (a year of award later than this
 * one, saved before saving checked it, 422 `assessment.award_year` `awardYearNotInFuture`).
 */
export async function requireAssessmentComplete(db: Db, practiceId: number, now: Date): Promise<void> {
  const assessment = await findAssessment(db, practiceId);
  const errors: FieldErrors = Object.fromEntries(
    missingAssessmentFields(assessment).map((field) => [`assessment.${field}`, ['required']]),
  );
  for (const [field, message] of Object.entries(invalidAssessmentFields(assessment, now))) {
    errors[`assessment.${field}`] = [message];
  }
  if (Object.keys(errors).length === 0) return;
  throw new AppError('VALIDATION_FAILED', { errors });
}
