import {
  PRACTICE_STATUSES,
  STATUS_LABELS,
  statusLabel,
  type Notifications,
  type StatusLabel,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { requireOwnUser } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { countPracticesByStatus } from './repository';

/** GET /users/{id}/notifications: the owner's requests counted per status label, every label present. */
export async function notificationsOf(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
): Promise<Notifications> {
  requireOwnUser(actor, userId);
  const counts = Object.fromEntries(STATUS_LABELS.map((label) => [label, 0])) as Record<StatusLabel, number>;
  let total = 0;
  for (const row of await countPracticesByStatus(ctx.db, userId)) {
    const status = PRACTICE_STATUSES.find((candidate) => candidate === row.status);
    if (!status) continue;
    counts[statusLabel(status)] += Number(row.count);
    total += Number(row.count);
  }
  return { counts, total };
}
