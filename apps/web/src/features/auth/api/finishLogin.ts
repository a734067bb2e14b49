import { canAccess, missingProfileFields, type Session, type User } from '@lisbon/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { followAccountLanguage } from '@/shared/i18n/languageOffer';
import { currentUserQuery, fetchNotifications } from '@/shared/session/currentUser';
import { nextFromSearch, takeNextAfterActivation } from '@/shared/session/loginPath';
import { startSession } from '@/shared/session/session';

/**
 * Where a fresh login lands: the page the user was sent away from, if any; staff go to their
 * workspace, or to the account page's two-factor section while they still lack their second
 * factor (where the page scrolls and puts the focus); applicants to
 * the account page while it is incomplete and they have no request yet, else to their requests
 * (which say what the account still lacks, and which request awaits a reply).
 */
export function destinationAfterLogin(
  user: User | undefined,
  next: string | null,
  hasRequests = false,
): string {
  if (next) return next;
  if (!user) return '/account';
  if (user.abilities['staff.workspace'] === true)
    return user.two_factor_enabled ? '/staff' : '/account#two-factor';
  if (missingProfileFields(user).length > 0 && !hasRequests) return '/account';
  return canAccess(user.abilities, 'practice.apply') ? '/practices' : '/account';
}

/** Whether an applicant whose account is incomplete has requests (a draft counts): read only then. */
async function hasRequestsToFollow(queryClient: QueryClient, user: User): Promise<boolean> {
  if (user.abilities['staff.workspace'] === true || missingProfileFields(user).length === 0) return false;
  try {
    const notifications = await queryClient.fetchQuery({
      queryKey: ['notifications', user.id],
      queryFn: () => fetchNotifications(user.id),
    });
    return notifications.total > 0;
  } catch {
    return false; // the account page, as before: it says what is missing
  }
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
    const hasRequests = user !== undefined && !next && (await hasRequestsToFollow(queryClient, user));
    await navigate(destinationAfterLogin(user, next, hasRequests), { replace: true });
  };
}
