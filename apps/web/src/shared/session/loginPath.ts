export const LOGIN_PATH = '/auth/login';
const NEXT_PARAM = 'next';

/** The login page, remembering the page the user wanted; the login page goes there afterwards. */
export function loginPath(next?: string | null): string {
  const target = safeNext(next);
  return target && target !== '/' ? `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(target)}` : LOGIN_PATH;
}

/** A page of this site to go to after login; anything else (another site, a login page) is ignored. */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (value.startsWith('/auth/') || value === '/login' || value.startsWith('/login?')) return null;
  return value;
}

/** The `next` of a login page's query. */
export const nextFromSearch = (search: URLSearchParams): string | null => safeNext(search.get(NEXT_PARAM));
