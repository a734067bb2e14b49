import { storage } from '../storage';

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

/** As long as an activation link works (ACTIVATION_TOKEN_TTL_HOURS' default). */
const NEXT_AFTER_ACTIVATION_MS = 72 * 60 * 60 * 1000;

/**
 * A visitor who wanted a page (the service they chose) and goes to register instead of logging in:
 * the page is kept for their first login after activating the account, so they go on where they
 * were (the login page after the activation has no `next` of its own).
 */
export function rememberNextForActivation(next: string | null, now = Date.now()): void {
  const path = safeNext(next);
  if (path) storage.set('nextAfterActivation', { path, until: now + NEXT_AFTER_ACTIVATION_MS });
}

/** The page kept by `rememberNextForActivation`, once: read, it is forgotten. */
export function takeNextAfterActivation(now = Date.now()): string | null {
  const kept = storage.get('nextAfterActivation');
  storage.remove('nextAfterActivation');
  return kept && kept.until > now ? safeNext(kept.path) : null;
}
