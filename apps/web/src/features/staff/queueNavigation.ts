import type { Abilities, Ability, StaffQueue } from '@lisbon/domain';

// The staff queues as the navigation shows them, apart from the queue table's search: every page's
// layout reads these, and needs none of the staff workspace's schemas (decision 063).

/** The queues of the staff navigation, in its order, and the ability that makes each one useful. */
export const QUEUE_ABILITIES: Record<StaffQueue, Ability> = {
  assigned: 'staff.evaluate',
  to_review: 'staff.review',
  unassigned: 'staff.assign',
  ready_for_issue: 'staff.workspace',
  // 'Archive secretary' (spec §1) is the secretary's: evaluators and reviewers find archived
  // requests under All and through search (issue 33).
  archive: 'staff.assign',
  all: 'staff.workspace',
};
export const QUEUE_ORDER = [
  'assigned',
  'to_review',
  'unassigned',
  'ready_for_issue',
  'archive',
  'all',
] as const satisfies readonly StaffQueue[];

export const queuePath = (queue: StaffQueue) => `/staff/queues/${queue}`;

/** Where `/staff` leads: the first queue of the navigation this user works with. */
export function homeQueue(abilities: Partial<Abilities>): StaffQueue {
  return QUEUE_ORDER.find((queue) => abilities[QUEUE_ABILITIES[queue]] === true) ?? 'all';
}
