// The moves of a request and its statuses, in words: the staff pages and the applicant's name
// them, and the API's refusal of a move (TRANSITION_NOT_ALLOWED) says them instead of their codes.
import { isOneOf } from './collections';
import type { Locale } from './locales';
import { STAFF_CHANGES, type StaffChange } from './staff-changes';
import { PRACTICE_STATUSES, STATUS_LABELS } from './statuses';
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
 * status by its name on the staff pages (`status`) or, for an applicant, by the spec's label their
 * pages show (`status_label`). Other parameters as they are.
 */
export function transitionWords(params: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  const { action, status, status_label: label, ...rest } = params;
  const words: Record<string, unknown> = { ...rest };
  if (action !== undefined)
    words.action =
      isOneOf(TRANSITION_ACTIONS, action) || isOneOf(STAFF_CHANGES, action)
        ? ACTION_NAMES[locale][action]
        : action;
  if (isOneOf(STATUS_LABELS, label)) words.status = STATUS_LABEL_NAMES[locale][label];
  else if (status !== undefined)
    words.status = isOneOf(PRACTICE_STATUSES, status) ? STATUS_NAMES[locale][status] : status;
  return words;
}
