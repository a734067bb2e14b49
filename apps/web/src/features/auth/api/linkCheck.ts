import { checkTokenSchema, type LinkTokenPurpose } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api';
import { checkToken } from './auth';

/** `used`: an activation link already used, whose account is active (409 ACCOUNT_ALREADY_ACTIVE). */
export type LinkState = 'checking' | 'usable' | 'dead' | 'used';

export const isTokenNotFound = (error: unknown) =>
  isApiError(error) &&
  (error.code === 'TOKEN_NOT_FOUND' || error.status === 410 || error.errors?.token !== undefined);

/** An activation link already used: its account is active, there is nothing left to activate. */
export const isAccountAlreadyActive = (error: unknown) =>
  isApiError(error) && error.code === 'ACCOUNT_ALREADY_ACTIVE';

/**
 * Whether an emailed link still works, asked when its page opens (the token is not used up), so a
 * dead link is told before the password is typed. Any other failure shows the form: sending it
 * tells the outcome then.
 */
export function useLinkState(token: string, purpose: LinkTokenPurpose): LinkState {
  const isWellFormed = checkTokenSchema.shape.token.safeParse(token).success;
  const query = useQuery({
    queryKey: ['auth', 'check-token', purpose, token],
    queryFn: () => checkToken(token, purpose).then(() => true),
    enabled: isWellFormed,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (!isWellFormed) return 'dead';
  if (query.isPending) return 'checking';
  if (query.isError && isAccountAlreadyActive(query.error)) return 'used';
  return query.isError && isTokenNotFound(query.error) ? 'dead' : 'usable';
}
