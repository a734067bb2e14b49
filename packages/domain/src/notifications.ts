import { z } from 'zod/mini';
import { STATUS_LABELS } from './statuses';

// Apart from practice.ts: the header's badge reads it on every page, and needs none of the
// request's schemas (decision 079).

/** Notifications (spec §7): counts per practice category (status label) and a total. */
export const notificationsSchema = z
  .object({
    counts: z.record(z.enum(STATUS_LABELS), z.number().check(z.int())),
    total: z.number().check(z.int()),
  })
  .register(z.globalRegistry, { id: 'Notifications' });
export type Notifications = z.infer<typeof notificationsSchema>;

/** The requests submitted, from the counts per status label: every one but the draft. */
export const submittedRequestsOf = (notifications: Notifications): number =>
  notifications.total - notifications.counts.draft;

/** The requests waiting for the applicant's reply (status label 'cimea request'): the header's badges. */
export const awaitingReplyOf = (notifications: Notifications | undefined): number =>
  notifications?.counts['cimea request'] ?? 0;
