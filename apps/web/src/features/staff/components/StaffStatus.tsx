import { type AppealType, type PracticeStatus, type StatusLabel, statusNameOf } from '@lisbon/domain';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/shared/ui/StatusBadge';

type Props = {
  practice: {
    status: PracticeStatus;
    status_label: StatusLabel;
    appeal_type?: AppealType | null | undefined;
  };
};

/**
 * A request's status, said one way wherever staff read it (the workspace's first line, a queue's
 * row and card, a search's result): the staff's name of the status first (`statusNameOf`:
 * "Unassigned", spec §4's status), then the label the applicant reads, after "Shown to the
 * applicant:". A badge of the applicant's label alone beside or over the staff's name read as a
 * second, contrary status.
 */
export function StaffStatus({ practice }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Text fw={600}>{t(`staff.status.${statusNameOf(practice.status, practice.appeal_type)}`)}</Text>
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{t('staff.applicant.seesLabel')}</Text>
        <StatusBadge label={practice.status_label} appealType={practice.appeal_type} />
      </Group>
    </Group>
  );
}
