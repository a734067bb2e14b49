import {
  DEADLINE_FLAGS,
  type DeadlineFlag,
  type PracticeStatus,
  QUEUE_FILTER_STATUSES,
  QUEUE_SORT_FIELDS,
  SERVICE_KINDS,
  type ServiceKind,
  STAFF_QUEUES,
  type StaffQueue,
  isOneOf,
  isSortOf,
} from '@lisbon/domain';

export const isQueue = (value: string | undefined): value is StaffQueue => isOneOf(STAFF_QUEUES, value ?? '');

/** The filters of a queue table, as kept in the URL and sent to GET /staff/practices. */
export type QueueFilters = {
  status?: PracticeStatus | undefined;
  country?: string | undefined;
  service?: ServiceKind | undefined;
  is_urgent?: 'true' | 'false' | undefined;
  deadline_before?: string | undefined;
  /** Late, at risk or on time (decision 070). */
  deadline?: DeadlineFlag | undefined;
  assignee_id?: number | undefined;
};
export type QueueSearch = QueueFilters & { queue: StaffQueue; sort: string; page: number };
export const FILTER_KEYS = [
  'status',
  'country',
  'service',
  'is_urgent',
  'deadline_before',
  'deadline',
  'assignee_id',
] as const satisfies readonly (keyof QueueFilters)[];

/**
 * Whether a queue's requests can differ by assignee: "Assigned to me" holds only the reader's own,
 * where choosing anyone else could only empty the table, so it offers no Assignee filter.
 */
export const hasAssigneeFilter = (queue: StaffQueue): boolean => queue !== 'assigned';

/** Nearest deadline first, as the API orders a queue by default. */
export const DEFAULT_SORT = 'expected_deadline';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * Reads a queue's table state from the URL; anything unknown is ignored, not sent, as is a status
 * or a sort the queue does not offer (a link from another queue).
 */
export function readQueueSearch(queue: StaffQueue, params: URLSearchParams): QueueSearch {
  const sort = params.get('sort');
  const isSort = isSortOf(QUEUE_SORT_FIELDS[queue], sort);
  const country = params.get('country');
  const deadline = params.get('deadline_before');
  const assignee = Number.parseInt(params.get('assignee_id') ?? '', 10);
  return {
    queue,
    sort: isSort ? sort : DEFAULT_SORT,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    status: oneOf(QUEUE_FILTER_STATUSES[queue], params.get('status')),
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    service: oneOf(SERVICE_KINDS, params.get('service')),
    is_urgent: oneOf(['true', 'false'] as const, params.get('is_urgent')),
    deadline_before: deadline && /^\d{4}-\d{2}-\d{2}$/.test(deadline) ? deadline : undefined,
    deadline: oneOf(DEADLINE_FLAGS, params.get('deadline')),
    assignee_id: hasAssigneeFilter(queue) && assignee > 0 ? assignee : undefined,
  };
}
