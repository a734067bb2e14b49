import type { QueueCounts, StaffQueue } from '@lisbon/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How many requests a queue holds, beside its link: a number to see, words to hear. */
export function QueueCountBadge({ counts, queue }: { counts: QueueCounts | undefined; queue: StaffQueue }) {
  const { t } = useTranslation();
  const count = counts?.[queue];
  if (count === undefined) return null;
  return (
    <Badge color="gray.8" size="sm" circle={count < 10}>
      <span aria-hidden>{count}</span>
      <span className="visually-hidden">{t('staff.queue.count', { count })}</span>
    </Badge>
  );
}
