import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The applicant answered the evaluator's question, who has not acted since (the domain's
 * `isAnsweredByApplicant`): white on dark orange, as the applicant's own "awaits your reply".
 */
export function AnsweredBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="orange.9" variant="filled" radius="sm" size="sm" tt="none">
      {t('staff.answered.badge')}
    </Badge>
  );
}
