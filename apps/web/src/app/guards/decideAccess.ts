import { type Ability, type Abilities, canAccess, MAINTENANCE_STATUS } from '@lisbon/domain';

/** What the guard does with a navigation into the logged-in area (spec §2 access rule). */
export type AccessDecision = 'allow' | 'maintenance' | 'cancel' | 'login';

export type AccessInput = {
  hasToken: boolean;
  /** The loaded profile, when `GET /auth/me` succeeded. */
  profile?: { abilities: Partial<Abilities> };
  /** How loading the profile failed, when it did. */
  error?: { status: number; code: string };
  /** The ability the route names, if any. */
  ability?: Ability;
};

const FORBIDDEN_CODES: readonly string[] = ['FORBIDDEN_ACCESS', 'ADMIN_FORBIDDEN_ACCESS'];

export function decideAccess({ hasToken, profile, error, ability }: AccessInput): AccessDecision {
  if (!hasToken) return 'login';
  if (error) {
    if (error.status === MAINTENANCE_STATUS || error.code === 'MAINTENANCE') return 'maintenance';
    if (FORBIDDEN_CODES.includes(error.code)) return 'cancel';
    return 'login';
  }
  if (!profile) return 'login';
  // A route whose ability the user lacks is a forbidden access: stay where you were.
  return canAccess(profile.abilities, ability) ? 'allow' : 'cancel';
}
