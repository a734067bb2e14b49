import type { Ability, User } from '@lisbon/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, redirect, replace } from 'react-router';
import { ApiError, unreadableError } from '@/api/errors';
import { loadAreaTexts } from '@/shared/i18n';
import { currentUserQuery } from '@/shared/session/currentUser';
import { loginPath } from '@/shared/session/loginPath';
import { endSession } from '@/shared/session/session';
import { decideAccess } from './decideAccess';

export type GuardDependencies = {
  queryClient: QueryClient;
  getToken: () => string | null;
  /** The page the user is on while the navigation is pending; null on the app's first load. */
  previousLocation: () => string | null;
  onForbidden: () => void;
};

export const MAINTENANCE_PATH = '/maintenance';

/** The loaders `createProtect` made: a page whose route has one needs a session. */
const guards = new WeakSet<LoaderFunction>();

/** Whether a route's loader is the logged-in guard (a public page has none). */
export const isGuard = (loader: unknown): boolean =>
  typeof loader === 'function' && guards.has(loader as LoaderFunction);

/**
 * Builds the loader of a logged-in route: profile loaded (cached), ability true when the route
 * names one. The decision itself is `decideAccess`; this only carries it out.
 */
export function createProtect(deps: GuardDependencies) {
  return (ability?: Ability): LoaderFunction => {
    const guard: LoaderFunction = async ({ request }) => {
      const url = new URL(request.url);
      const target = url.pathname + url.search;
      const hasToken = deps.getToken() !== null;
      // The logged-in area's texts come beside the profile (decision 063); without them (offline
      // for a moment) the page still shows, keys in place of words.
      const areaTexts = hasToken ? loadAreaTexts().catch(() => undefined) : undefined;
      let profile: User | undefined;
      let error: ApiError | undefined;
      if (hasToken) {
        try {
          profile = await deps.queryClient.ensureQueryData(currentUserQuery);
        } catch (failure) {
          error = failure instanceof ApiError ? failure : unreadableError();
        }
      }
      const decision = decideAccess({ hasToken, profile, error, ability });
      switch (decision) {
        case 'allow':
          await areaTexts;
          return null;
        case 'maintenance':
          throw redirect(MAINTENANCE_PATH);
        case 'login':
          endSession(deps.queryClient);
          throw redirect(loginPath(target));
        case 'cancel': {
          deps.onForbidden();
          // A redirect that replaces the pending entry with the page the user is on leaves them there.
          const previous = deps.previousLocation();
          throw replace(previous && previous !== target ? previous : '/');
        }
      }
    };
    guards.add(guard);
    return guard;
  };
}
