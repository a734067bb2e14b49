import type { StatusLabel } from '@lisbon/domain';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<StatusLabel, MantineColor> = {
  draft: 'gray',
  'in evaluation': 'blue',
  'cimea request': 'orange',
  closed: 'dark',
  published: 'green',
  'appeal in evaluation': 'violet',
  appeal_rejected: 'red',
  appeal_issued: 'green',
  amend_issued: 'green',
  appeal_refused: 'red',
};

/** A request's status, with the label of spec §4 in the current language. */
export function StatusBadge({ label }: { label: StatusLabel }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[label]}
      c={`${COLORS[label]}.9`}
      variant="light"
      tt="none"
      size="lg"
      radius="sm"
      miw="max-content"
    >
      {t(`labels.status.${label}`)}
    </Badge>
  );
}
