// The moves of a request and its statuses, in words: the staff pages and the applicant's name
// them, and the API's refusal of a move (TRANSITION_NOT_ALLOWED) says them instead of their codes.
import { isOneOf } from './collections';
import type { Locale } from './locales';
import { STAFF_CHANGES, type StaffChange } from './staff-changes';
import type { StatusName, StatusWording } from './status-wording';
import { STATUS_LABEL_NAMES_EN } from './status-label-texts-en';
import { STATUS_LABEL_NAMES_IT } from './status-label-texts-it';
import { ACTION_NAMES_EN, STATUS_NAMES_EN } from './transition-texts-en';
import { ACTION_NAMES_IT, STATUS_NAMES_IT } from './transition-texts-it';
import { TRANSITION_ACTIONS, type TransitionAction } from './transitions';

export const STATUS_NAMES: Record<Locale, Record<StatusName, string>> = {
  'en-US': STATUS_NAMES_EN,
  'it-IT': STATUS_NAMES_IT,
};

export const STATUS_LABEL_NAMES: Record<Locale, Record<StatusWording, string>> = {
  'en-US': STATUS_LABEL_NAMES_EN,
  'it-IT': STATUS_LABEL_NAMES_IT,
};

export const ACTION_NAMES: Record<Locale, Record<TransitionAction | StaffChange, string>> = {
  'en-US': ACTION_NAMES_EN,
  'it-IT': ACTION_NAMES_IT,
};

/**
 * A refused move's parameters in the locale's words: `action` by its button's name; the request's
 * status by its name on the staff pages (`status`, a `StatusName`: an amendment's by its own) or,
 * for an applicant, by the label their pages show (`status_label`, a `StatusWording`). Other
 * parameters as they are.
 */
export function transitionWords(params: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  const { action, status, status_label: label, ...rest } = params;
  const words: Record<string, unknown> = { ...rest };
  if (action !== undefined)
    words.action =
      isOneOf(TRANSITION_ACTIONS, action) || isOneOf(STAFF_CHANGES, action)
        ? ACTION_NAMES[locale][action]
        : action;
  // An amendment's statuses come by the amendment's words (`statusNameOf`, `statusWordingOf`).
  const labels: Record<string, string> = STATUS_LABEL_NAMES[locale];
  const names: Record<string, string> = STATUS_NAMES[locale];
  if (typeof label === 'string' && Object.hasOwn(labels, label)) words.status = labels[label];
  else if (status !== undefined)
    words.status = typeof status === 'string' && Object.hasOwn(names, status) ? names[status] : status;
  return words;
}
