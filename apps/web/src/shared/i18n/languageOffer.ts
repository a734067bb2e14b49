import type { Locale, User } from '@lisbon/domain';
import { useSyncExternalStore } from 'react';
import { storage } from '../storage';
import { changeLocale, currentLocale, isLanguageChosenAtStart } from '.';

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

/** Whether this page's life has followed the account's language once (a login, or a session found at start). */
let isAccountLanguageFollowed = false;

/**
 * The interface takes the account's language after a login. A language chosen on this device
 * before it (the switch remembers it) that differs is offered to be saved, not silently kept.
 */
export async function followAccountLanguage(user: User): Promise<void> {
  isAccountLanguageFollowed = true;
  const chosenOnDevice = storage.get('language');
  offerLanguage(chosenOnDevice !== null && chosenOnDevice !== user.locale ? chosenOnDevice : null);
  if (currentLocale() !== user.locale) await changeLocale(user.locale);
}

/**
 * A session found at start on a device with no language chosen (its storage and cookie cleared,
 * the session kept): the page started in the browser's language and takes the account's, as a
 * login does. Once in a page's life: a language chosen after it stays.
 */
export async function followAccountLanguageWithoutChoice(user: User): Promise<void> {
  if (isAccountLanguageFollowed || isLanguageChosenAtStart) return;
  isAccountLanguageFollowed = true;
  if (currentLocale() !== user.locale) await changeLocale(user.locale);
}
