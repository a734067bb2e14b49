import { useTranslation } from 'react-i18next';

/**
 * Working days left before a request's deadline, in words: late by some, due today, or left. The
 * staff's queues and request pages and the applicant's list say it the same way (a negative count
 * is never shown as a number). Under a label that already says "days to go" (`underLabel`), the
 * days left are only counted ("60 working days"), not said to be left a second time.
 */
export function useDaysInWords(form: 'alone' | 'underLabel' = 'alone') {
  const { t } = useTranslation();
  return (days: number) => {
    if (days < 0) return t('operations.deadline.late', { count: -days });
    if (days === 0) return t('operations.deadline.dueToday');
    return t(form === 'underLabel' ? 'operations.deadline.count' : 'operations.deadline.left', {
      count: days,
    });
  };
}
