import { type Notifications, PRACTICE_STATUSES, recordOf, STATUS_LABELS, statusLabel } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { rowCache } from '../../platform/db/row-cache';
import { requireOwnUser } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { countPracticesByStatus } from './repository';

/**
 * The poll every logged-in page makes every 10 s: an applicant's counts are kept in memory until
 * the database says one of their requests changed (decision 076).
 */
const keptNotifications = rowCache<number, Notifications>({
  maxEntries: 50_000,
  dependsOn: { practices: (userIds) => userIds },
});

async function countRequests(db: Db, userId: number): Promise<Notifications> {
  const counts = recordOf(STATUS_LABELS, () => 0);
  let total = 0;
  for (const row of await countPracticesByStatus(db, userId)) {
    const status = PRACTICE_STATUSES.find((candidate) => candidate === row.status);
    if (!status) continue;
    counts[statusLabel(status)] += Number(row.count);
    total += Number(row.count);
  }
  return { counts, total };
}

/** GET /users/{id}/notifications: the owner's requests counted per status label, every label present. */
export async function notificationsOf(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
): Promise<Notifications> {
  requireOwnUser(actor, userId);
  return keptNotifications(ctx.db, userId, () => countRequests(ctx.db, userId));
}
