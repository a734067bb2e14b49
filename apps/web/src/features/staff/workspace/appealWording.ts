import {
  type AppealType,
  type AuditEntry,
  hasAppeal,
  isOneOf,
  type StaffPractice,
  type TransitionAction,
} from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { staffAppealQuery } from './AppealSection';

/** The moves of an appeal, the same for an amendment, named for the amendment on one (spec §3: appeal or amendment). */
const AMENDMENT_WORDED = ['request_appeal', 'admit_appeal', 'refuse_appeal', 'reject_appeal'] as const;

/**
 * The type of what the applicant asked for, once they have: null before (or if it cannot be read),
 * undefined while it loads, when a move of the appeal cannot be named yet (see `isMoveNamed`).
 */
export function useAppealType(practice: StaffPractice): AppealType | null | undefined {
  const isAppealed = hasAppeal(practice.status);
  const query = useQuery({ ...staffAppealQuery(practice.id, practice.status), enabled: isAppealed });
  if (!isAppealed) return null;
  return query.isPending ? undefined : (query.data?.type ?? null);
}

/**
 * Whether a move (or its entry in the history) can be named yet: an appeal's move waits for its
 * type, appeal or amendment.
 */
export const isMoveNamed = (
  action: TransitionAction | AuditEntry['action'],
  type: AppealType | null | undefined,
): boolean => type !== undefined || !isOneOf(AMENDMENT_WORDED, action);

/** A move's button and dialog name; an appeal's moves say "amendment" on an amendment. */
export const moveName = (
  t: TFunction,
  action: TransitionAction,
  type: AppealType | null | undefined,
): string =>
  type === 'amendment' && isOneOf(AMENDMENT_WORDED, action)
    ? t(`staff.actions.amendmentNames.${action}`)
    : t(`staff.actions.names.${action}`);

/** A move's entry in the history, worded the same way. */
export const moveEntryName = (
  t: TFunction,
  action: AuditEntry['action'],
  type: AppealType | null | undefined,
): string =>
  type === 'amendment' && isOneOf(AMENDMENT_WORDED, action)
    ? t(`staff.history.amendmentActions.${action}`)
    : t(`staff.history.actions.${action}`);
