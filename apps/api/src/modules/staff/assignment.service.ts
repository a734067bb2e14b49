import {
  abilitiesFor,
  assignmentMoveOf,
  PRACTICE_STATUSES,
  ROLES,
  type AssignBody,
  type StaffUser,
} from '@lisbon/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { runOnce } from '../../platform/http/idempotency';
import { requireStaff } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { requireAssignable } from '../transitions/requirements';
import { recordStaffChangeWithin, transitionWithin } from '../transitions/service';
import { findPracticeStatus, listActiveUsersWithRoles, setPeople } from './repository';

const answer = z.object({ practice_ids: z.array(z.number().int()) });

/**
 * POST /staff/practices/assign: several requests to one evaluator and one reviewer, all or none,
 * each with its audit entry: through the `assign` move of the table (unassigned → assigned, or a
 * new assignment while assigned), or, once the evaluation has started, as a `reassign` change that
 * keeps the status (the domain's STAFF_CHANGE_RULES; decision 025). Once per `Idempotency-Key`: a
 * retry whose answer was lost gets the first answer, and no second audit entry is written.
 */
export async function assignPractices(
  ctx: AppContext,
  actor: SessionUser,
  input: AssignBody,
  idempotencyKey?: string,
): Promise<{ practice_ids: number[] }> {
  if (!actor.abilities['staff.assign']) throw new AppError('FORBIDDEN_ACCESS');
  const ids = [...new Set(input.practice_ids)];
  const once = { userId: actor.id, key: idempotencyKey, scope: 'staff.assign', body: input, answer };
  return runOnce(ctx, once, async (trx) => {
    for (const practiceId of ids) {
      // Past the statuses of the `assign` move, a request being worked on changes hands instead
      // (the domain's rule, which the queue offers by).
      const stored = await findPracticeStatus(trx, practiceId);
      // A draft is the applicant's alone: not found, like a missing id (decision 084).
      if (stored === undefined || stored === 'draft') throw new AppError('NOT_FOUND');
      const status = PRACTICE_STATUSES.find((candidate) => candidate === stored);
      if (status && assignmentMoveOf(status) !== 'assign') {
        await reassignWithin(ctx, trx, actor, practiceId, input);
        continue;
      }
      await transitionWithin(ctx, trx, {
        practiceId,
        action: 'assign',
        actor,
        assignment: { evaluatorId: input.evaluator_id, reviewerId: input.reviewer_id },
      });
    }
    return { practice_ids: ids };
  });
}

/** Another evaluator and reviewer for a request already being worked on; the audit entry keeps who had it. */
async function reassignWithin(
  ctx: AppContext,
  trx: Db,
  actor: SessionUser,
  practiceId: number,
  input: AssignBody,
): Promise<void> {
  await recordStaffChangeWithin(
    ctx,
    trx,
    { practiceId, change: 'reassign', actor },
    async (db, at, practice) => {
      const people = await requireAssignable(db, {
        evaluatorId: input.evaluator_id,
        reviewerId: input.reviewer_id,
        // The status read in this transaction, the one the change is compare-and-set on.
        evaluatedBy: practice.evaluated_by,
      });
      await setPeople(db, { practiceId, ...people, at });
      return {
        details: {
          evaluator_id: people.evaluatorId,
          reviewer_id: people.reviewerId,
          previous_evaluator_id: practice.assignee_id,
          previous_reviewer_id: practice.reviewer_id,
        },
      };
    },
  );
}

const ABILITY_OF = { evaluator: 'staff.evaluate', reviewer: 'staff.review' } as const;

/** GET /staff/users?role=…: who may evaluate (or review), by ability, so admins are offered too. */
export async function listStaffUsers(
  ctx: AppContext,
  actor: SessionUser,
  role: keyof typeof ABILITY_OF,
): Promise<StaffUser[]> {
  requireStaff(actor);
  const roles = ROLES.filter((candidate) => abilitiesFor(candidate)[ABILITY_OF[role]]);
  return (await listActiveUsersWithRoles(ctx.db, roles)).map((person) => ({
    id: person.id,
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    role: person.role,
  }));
}
