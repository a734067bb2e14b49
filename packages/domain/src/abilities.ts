import { z } from 'zod/mini';
import { recordOf } from './collections';

/** Roles of DESIGN.md "Identity". Routes and endpoints are guarded by abilities, never by role. */
export const ROLES = ['applicant', 'evaluator', 'reviewer', 'secretary', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles staff hold: every role but the applicant's, who registers on their own. */
export type StaffRole = Exclude<Role, 'applicant'>;
export const STAFF_ROLES = ROLES.filter((role): role is StaffRole => role !== 'applicant');

export const USER_CATEGORIES = ['standard', 'refugee'] as const;
export type UserCategory = (typeof USER_CATEGORIES)[number];

export const ABILITIES = [
  'practice.apply',
  'delivery.order',
  'staff.workspace',
  'staff.assign',
  'staff.evaluate',
  'staff.review',
  'staff.publish',
  'staff.close',
  'staff.delivery',
  'staff.manage',
  'payments.refund',
  'staff.dashboard',
  'staff.broadcast',
] as const;
export type Ability = (typeof ABILITIES)[number];
export type Abilities = Record<Ability, boolean>;
export const abilitiesSchema = z.record(z.enum(ABILITIES), z.boolean());

const GRANTS: Record<Role, readonly Ability[]> = {
  applicant: ['practice.apply', 'delivery.order'],
  evaluator: ['staff.workspace', 'staff.evaluate'],
  reviewer: ['staff.workspace', 'staff.review'],
  // Refunds (decision 068): those who close requests and handle deliveries, never evaluators.
  // The dashboard and messages to many applicants (decision 071): who runs the office, not evaluators.
  secretary: [
    'staff.workspace',
    'staff.assign',
    'staff.close',
    'staff.delivery',
    'payments.refund',
    'staff.dashboard',
    'staff.broadcast',
  ],
  admin: [
    'staff.workspace',
    'staff.assign',
    'staff.evaluate',
    'staff.review',
    'staff.publish',
    'staff.close',
    'staff.delivery',
    'staff.manage',
    'payments.refund',
    'staff.dashboard',
    'staff.broadcast',
  ],
};

/** The full abilities map of a role: every ability named, true only where granted. */
export function abilitiesFor(role: Role): Abilities {
  const granted = new Set(GRANTS[role]);
  return recordOf(ABILITIES, (ability) => granted.has(ability));
}

/** A staff member's ability (one no applicant holds): the API asks two factors for it. */
export const isStaffAbility = (ability: Ability): boolean => !GRANTS.applicant.includes(ability);

/** The route rule of spec §6: no ability needed → any logged-in user; otherwise that ability must be true. */
export function canAccess(abilities: Partial<Abilities> | undefined, required?: Ability): boolean {
  if (!required) return true;
  return abilities?.[required] === true;
}
