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
 * 2 requests" (`SpokenName`); the label alone until the count comes. A queue holding appeals or
 * amendments says so, as its page splits its total: "12 requests, of which 3 appeals and 1
 * amendment" (none said from an instance that does not split its counts).
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
  const kinds = counts?.kinds?.[queue];
  const appeals = kinds && kinds.appeals > 0 ? t('staff.queue.navAppeals', { count: kinds.appeals }) : null;
  const amendments =
    kinds && kinds.amendments > 0 ? t('staff.queue.navAmendments', { count: kinds.amendments }) : null;
  const of =
    appeals && amendments
      ? t('staff.queue.navAnd', { first: appeals, second: amendments })
      : (appeals ?? amendments);
  const words = of ? t('staff.queue.navCountOf', { count, kinds: of }) : t('staff.queue.navCount', { count });
  return <SpokenName label={label} words={words} />;
}
