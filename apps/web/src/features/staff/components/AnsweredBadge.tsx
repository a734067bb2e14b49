import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The applicant answered the evaluator's question, who has not acted since (the domain's
 * `isAnsweredByApplicant`): dark text on a light orange. White on Mantine's darkest orange
 * (orange.9) reads 4.29:1 at the badge's 10 px, short of WCAG AA's 4.5:1 (axe color-contrast).
 */
export function AnsweredBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="orange.1" c="dark.8" variant="filled" radius="sm" size="sm" tt="none">
      {t('staff.answered.badge')}
    </Badge>
  );
}
