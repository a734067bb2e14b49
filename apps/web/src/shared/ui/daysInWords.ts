import { useTranslation } from 'react-i18next';

/**
 * Working days left before a request's deadline, in words: late by some, due today, or left. The
 * staff's queues and request pages and the applicant's list say it the same way (a negative count
 * is never shown as a number).
 */
export function useDaysInWords() {
  const { t } = useTranslation();
  return (days: number) => {
    if (days < 0) return t('operations.deadline.late', { count: -days });
    if (days === 0) return t('operations.deadline.dueToday');
    return t('operations.deadline.left', { count: days });
  };
}
