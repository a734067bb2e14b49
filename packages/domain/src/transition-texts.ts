// The moves of a request and its statuses, in words: the staff pages name them, and the API's
// refusal of a move (TRANSITION_NOT_ALLOWED) says them instead of their codes.
import type { Locale } from './locales';
import { PRACTICE_STATUSES, type PracticeStatus } from './statuses';
import { ACTION_NAMES_EN, STATUS_NAMES_EN } from './transition-texts-en';
import { ACTION_NAMES_IT, STATUS_NAMES_IT } from './transition-texts-it';
import { TRANSITION_ACTIONS, type TransitionAction } from './transitions';

export const STATUS_NAMES: Record<Locale, Record<PracticeStatus, string>> = {
  'en-US': STATUS_NAMES_EN,
  'it-IT': STATUS_NAMES_IT,
};

export const ACTION_NAMES: Record<Locale, Record<TransitionAction, string>> = {
  'en-US': ACTION_NAMES_EN,
  'it-IT': ACTION_NAMES_IT,
};

/** A refused move's parameters (`action`, `status`) in the locale's words; others as they are. */
export function transitionWords(params: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  const { action, status } = params;
  return {
    ...params,
    ...((TRANSITION_ACTIONS as readonly unknown[]).includes(action)
      ? { action: ACTION_NAMES[locale][action as TransitionAction] }
      : {}),
    ...((PRACTICE_STATUSES as readonly unknown[]).includes(status)
      ? { status: STATUS_NAMES[locale][status as PracticeStatus] }
      : {}),
  };
}
