import { refreshSchema } from '@lisbon/domain';
import { api, isApiError } from '@/api';
import { storage } from '../storage';
import { extendSession } from './session';

/** How long before the token lapses the keeper asks for more time. */
export const REFRESH_LEAD_MS = 2 * 60_000;
const RETRY_MS = 30_000;
// setTimeout fires at once past 2^31-1 ms; a long session is re-checked daily instead.
const MAX_TIMER_MS = 24 * 60 * 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

type Options = {
  /** The token lapsed without activity to justify a refresh: the session is over. */
  onExpired: () => void;
};

/**
 * Keeps the session of an active user alive (spec §4 "token refresh"): shortly before the stored
 * expiry it calls `POST /auth/refresh` and stores the new expiry — if the user did something
 * since the last refresh. An idle session lapses and `onExpired` ends it. Returns a stop function.
 */
export function keepSessionAlive({ onExpired }: Options): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Logging in or loading the page is activity.
  let isActive = true;
  let isWaitingForActivity = false;
  let refreshAt = 0;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const remainingMs = (): number | null => {
    if (!storage.get('token')) return null;
    const expiresAt = Date.parse(storage.get('tokenExpiresAt') ?? '');
    return Number.isNaN(expiresAt) ? null : expiresAt - Date.now();
  };

  function schedule(): void {
    stopTimer();
    isWaitingForActivity = false;
    const remaining = remainingMs();
    if (remaining === null) return;
    if (remaining <= 0) {
      onExpired();
      return;
    }
    // Short sessions (tests, a tight server setting) refresh at half their remaining time.
    const delay = remaining - Math.min(REFRESH_LEAD_MS, remaining / 2);
    refreshAt = Date.now() + delay;
    timer = setTimeout(due, Math.min(delay, MAX_TIMER_MS));
  }

  function due(): void {
    const remaining = remainingMs();
    if (remaining === null) return;
    if (remaining <= 0) {
      onExpired();
    } else if (Date.now() < refreshAt) {
      schedule(); // woken early by the daily re-check
    } else if (isActive) {
      void refresh();
    } else {
      isWaitingForActivity = true;
      timer = setTimeout(due, remaining);
    }
  }

  async function refresh(): Promise<void> {
    stopTimer();
    isWaitingForActivity = false;
    try {
      const { data } = await api.create('auth/refresh', undefined, { schema: refreshSchema });
      isActive = false;
      extendSession(data.expires_at); // the storage change schedules the next refresh
    } catch (error) {
      // A 401 ends the session through the client's own signal; anything else is tried again.
      if (isApiError(error) && error.status === 401) return;
      const remaining = remainingMs();
      if (remaining !== null) timer = setTimeout(due, Math.max(0, Math.min(RETRY_MS, remaining)));
    }
  }

  const onActivity = () => {
    isActive = true;
    if (isWaitingForActivity) void refresh();
  };
  const onSessionKey = (key: string) => {
    if (key === 'token' || key === 'tokenExpiresAt') schedule();
  };
  // Another tab logging in, refreshing or out changes the same storage.
  const onOtherTab = () => schedule();

  for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
  window.addEventListener('storage', onOtherTab);
  const unsubscribe = storage.subscribe(onSessionKey);
  schedule();

  return () => {
    stopTimer();
    unsubscribe();
    window.removeEventListener('storage', onOtherTab);
    for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
  };
}
