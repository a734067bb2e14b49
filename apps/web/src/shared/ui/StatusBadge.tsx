import { type AppealType, type StatusLabel, type StatusWording, statusWordingOf } from '@lisbon/domain';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<StatusWording, MantineColor> = {
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
  'amendment in evaluation': 'violet',
  amendment_rejected: 'red',
  amendment_refused: 'red',
};

// Orange and green at shade 9 fall short of 4.5:1 on their own light tint (WCAG AA): darker text.
const TEXT_COLORS: Partial<Record<MantineColor, MantineColor>> = { orange: 'dark.8', green: 'dark.8' };

/**
 * A request's status, with the label of spec §4 in the current language; on a request whose
 * applicant asked for an amendment, the appeal's labels name the amendment (`statusWordingOf`).
 * Staff rows give `text`, the status's staff name, in the label's colour.
 */
export function StatusBadge({
  label: specLabel,
  appealType = null,
  text,
}: {
  label: StatusLabel;
  appealType?: AppealType | null | undefined;
  /** The words shown instead of the applicant's label: the staff's name of the status. */
  text?: string;
}) {
  const { t } = useTranslation();
  const label = statusWordingOf(specLabel, appealType);
  return (
    <Badge
      color={COLORS[label]}
      c={TEXT_COLORS[COLORS[label]] ?? `${COLORS[label]}.9`}
      variant="light"
      tt="none"
      size="lg"
      radius="sm"
      miw="max-content"
    >
      {text ?? t(`labels.status.${label}`)}
    </Badge>
  );
}
