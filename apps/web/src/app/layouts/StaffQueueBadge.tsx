import type { StaffQueue } from '@lisbon/domain';
import { useQueueCounts } from '@/features/staff/api/queues';
import { QueueCountBadge, QueueCountWords } from '@/features/staff/components/QueueCountBadge';

/**
 * A staff queue's count beside its link. A chunk of its own (AppLayout loads it for staff only):
 * the staff workspace's schemas stay out of the pages everyone opens (decision 063).
 */
export function StaffQueueBadge({ queue }: { queue: StaffQueue }) {
  const counts = useQueueCounts(true).data;
  return <QueueCountBadge counts={counts} queue={queue} />;
}

/** The link's label with the count in words, its name (the badge is only seen). */
export function StaffQueueCountWords({ label, queue }: { label: string; queue: StaffQueue }) {
  const counts = useQueueCounts(true).data;
  return <QueueCountWords label={label} counts={counts} queue={queue} />;
}
