import type { QueueCounts, StaffQueue } from '@lisbon/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SpokenName } from '@/shared/ui/SpokenName';

/**
 * How many requests a queue holds, beside its link: a number to see only. Screen readers hear the
 * count once, as words in the link's name (`QueueCountWords`), not the number and the words again.
 */
export function QueueCountBadge({ counts, queue }: { counts: QueueCounts | undefined; queue: StaffQueue }) {
  const count = counts?.[queue];
  if (count === undefined) return null;
  return (
    <Badge color="gray.8" size="sm" circle={count < 10} aria-hidden>
      {count}
    </Badge>
  );
}

/**
 * The link's label with the same count in words, hidden from sight, right after it: "Assigned to me,
 * 2 requests" (`SpokenName`); the label alone until the count comes.
 */
export function QueueCountWords({
  label,
  counts,
  queue,
}: {
  label: string;
  counts: QueueCounts | undefined;
  queue: StaffQueue;
}) {
  const { t } = useTranslation();
  const count = counts?.[queue];
  if (count === undefined) return label;
  return <SpokenName label={label} words={t('staff.queue.navCount', { count })} />;
}
