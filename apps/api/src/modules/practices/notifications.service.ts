import { type Notifications, PRACTICE_STATUSES, recordOf, STATUS_LABELS, statusLabel } from '@lisbon/domain';
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
  const counts = recordOf(STATUS_LABELS, () => 0);
  let total = 0;
  for (const row of await countPracticesByStatus(ctx.db, userId)) {
    const status = PRACTICE_STATUSES.find((candidate) => candidate === row.status);
    if (!status) continue;
    counts[statusLabel(status)] += Number(row.count);
    total += Number(row.count);
  }
  return { counts, total };
}
