import { canAccess, type Session, type User } from '@lisbon/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { followAccountLanguage } from '@/shared/i18n/languageOffer';
import { currentUserQuery } from '@/shared/session/currentUser';
import { nextFromSearch, takeNextAfterActivation } from '@/shared/session/loginPath';
import { startSession } from '@/shared/session/session';

/** The details an applicant completes on /account before a request can be prepared. */
const PROFILE_FIELDS = [
  'birth_date',
  'birth_country',
  'nationality',
  'document_number',
  'phone',
  'residence_country',
  'address',
  'city',
] as const satisfies readonly (keyof User)[];

export const isProfileComplete = (user: User): boolean =>
  PROFILE_FIELDS.every((field) => user[field] !== null && user[field] !== '');

/**
 * Where a fresh login lands: the page the user was sent away from, if any; staff go to their
 * workspace, or to the account page while they still lack their second factor; applicants to
 * the account page while it is incomplete, else to their requests.
 */
export function destinationAfterLogin(user: User | undefined, next: string | null): string {
  if (next) return next;
  if (!user) return '/account';
  if (user.abilities['staff.workspace'] === true) return user.two_factor_enabled ? '/staff' : '/account';
  if (!isProfileComplete(user)) return '/account';
  return canAccess(user.abilities, 'practice.apply') ? '/practices' : '/account';
}

/** Stores a session that passed every step, loads the profile and goes on. */
export function useFinishLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return async (session: Session) => {
    // Read before the session starts: the page asked for, else the one kept through registration.
    const next = nextFromSearch(search) ?? takeNextAfterActivation();
    queryClient.clear(); // nothing cached for a previous user survives
    startSession(session);
    let user: User | undefined;
    try {
      user = await queryClient.fetchQuery(currentUserQuery);
    } catch {
      // The next page's guard loads the profile again and decides.
    }
    if (user) await followAccountLanguage(user);
    await navigate(destinationAfterLogin(user, next), { replace: true });
  };
}
