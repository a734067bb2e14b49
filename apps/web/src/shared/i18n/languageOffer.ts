import type { Locale } from '@lisbon/domain';
import { useSyncExternalStore } from 'react';

/**
 * A language chosen on this device before a login that differs from the account's: after the login
 * the interface takes the account's language, and offers to save this one instead of silently
 * overriding either (decision 085). Kept for this page's life only.
 */
let offered: Locale | null = null;
const listeners = new Set<() => void>();

export function offerLanguage(locale: Locale | null): void {
  offered = locale;
  for (const listener of listeners) listener();
}

export function useLanguageOffer(): Locale | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => null,
  );
}
