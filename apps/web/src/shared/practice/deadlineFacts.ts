import { type PracticeStatus, runningDeadlineOf } from '@lisbon/domain';
import type { TFunction } from 'i18next';
import type { Fact } from './Facts';

type WithDeadline = { status: PracticeStatus; expected_deadline: string | null; days_to_go: number | null };

/**
 * A request's deadline and its working days to go, as the applicant's and the staff's request
 * pages show them: an open appeal or amendment's own deadline named so (decision 108); nothing
 * for a finished request, whose deadline was met with its statement or ended with its closure.
 */
export function deadlineFacts(
  practice: WithDeadline,
  t: TFunction,
  date: (value: string | null) => string | null,
  inWords: (days: number) => string,
): Fact[] {
  const running = runningDeadlineOf(practice.status);
  if (running === null && practice.status !== 'draft') return [];
  return [
    [
      t(running === 'appeal' ? 'practiceFacts.appealDeadline' : 'practiceFacts.deadline'),
      date(practice.expected_deadline),
    ],
    [t('practiceFacts.daysToGo'), practice.days_to_go === null ? null : inWords(practice.days_to_go)],
  ];
}
