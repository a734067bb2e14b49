export const LOGIN_PATH = '/auth/login';
const NEXT_PARAM = 'next';

/** The login page, remembering the page the user wanted; the login page goes there afterwards. */
export function loginPath(next?: string | null): string {
  const target = safeNext(next);
  return target && target !== '/' ? `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(target)}` : LOGIN_PATH;
}

/** Resolves a path the way the browser will; its origin tells whether it stays on this site. */
const HERE = 'https://lisbon.invalid';

/**
 * A page of this site to go to after login; anything else (another site, a login page) is ignored.
 * Tabs and line breaks are refused too: the URL parser drops them, so `/\t/evil.example` is
 * `//evil.example`, another site.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value) || new URL(value, HERE).origin !== HERE) return null;
  if (value.startsWith('/auth/') || value === '/login' || value.startsWith('/login?')) return null;
  return value;
}

/** The `next` of a login page's query. */
export const nextFromSearch = (search: URLSearchParams): string | null => safeNext(search.get(NEXT_PARAM));
