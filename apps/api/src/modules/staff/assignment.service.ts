import { abilitiesFor, ROLES, type AssignBody, type StaffUser } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../sessions/service';
import { transitionWithin } from '../transitions/service';
import { listActiveUsersWithRoles } from './repository';
import { requireStaff } from './workspace.service';

/**
 * POST /staff/practices/assign: several requests to one evaluator and one reviewer, all or none,
 * each through the `assign` move of the table (unassigned → assigned, or a new assignment while
 * assigned), each with its audit entry.
 */
export async function assignPractices(
  ctx: AppContext,
  actor: SessionUser,
  input: AssignBody,
): Promise<{ practice_ids: number[] }> {
  if (!actor.abilities['staff.assign']) throw new AppError('FORBIDDEN_ACCESS');
  const ids = [...new Set(input.practice_ids)];
  await ctx.db.transaction().execute(async (trx) => {
    for (const practiceId of ids) {
      await transitionWithin(ctx, trx, {
        practiceId,
        action: 'assign',
        actor,
        assignment: { evaluatorId: input.evaluator_id, reviewerId: input.reviewer_id },
      });
    }
  });
  return { practice_ids: ids };
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
