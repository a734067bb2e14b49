import { awaitingReplyOf, type Notifications } from '@lisbon/domain';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SpokenName } from '@/shared/ui/SpokenName';

/**
 * The counts beside "My requests": requests awaiting the applicant's reply stand out; the total
 * follows. Numbers to see only: screen readers hear the counts once, as words in the link's name
 * (`RequestsCountWords`), not the numbers and the words again. Dark on light orange, as the staff's
 * "The applicant answered": white on orange.9 reads 4.29:1, short of WCAG AA's 4.5:1 at this size.
 */
export function RequestsBadge({ notifications }: { notifications: Notifications | undefined }) {
  if (!notifications || notifications.total === 0) return null;
  const awaiting = awaitingReplyOf(notifications);
  return (
    <Group gap={4} wrap="nowrap" aria-hidden>
      {awaiting > 0 && (
        <Badge color="orange.1" c="dark.8" size="sm" circle={awaiting < 10}>
          {awaiting}
        </Badge>
      )}
      <Badge color="gray.8" size="sm" circle={notifications.total < 10}>
        {notifications.total}
      </Badge>
    </Group>
  );
}

/**
 * The link's label with the same counts in words, hidden from sight, right after it: "My requests,
 * 2 requests await your reply, 3 requests in all" (`SpokenName`); the label alone with no count.
 */
export function RequestsCountWords({
  label,
  notifications,
}: {
  label: string;
  notifications: Notifications | undefined;
}) {
  const { t } = useTranslation();
  if (!notifications || notifications.total === 0) return label;
  const awaiting = awaitingReplyOf(notifications);
  return (
    <SpokenName
      label={label}
      words={
        <>
          {awaiting > 0 && t('notifications.navAwaiting', { count: awaiting })}
          {t('notifications.navTotal', { count: notifications.total })}
        </>
      }
    />
  );
}

/** The id of the words the burger is described by while requests await the applicant's reply. */
export const AWAITING_REPLY_ID = 'awaiting-reply';

/**
 * On the burger's corner, on a phone (where "My requests" and its counts are in the drawer): how many
 * requests await the applicant's reply. Seen as a number; heard as the burger's description.
 */
export function AwaitingReplyBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Badge color="orange.1" c="dark.8" size="sm" circle={count < 10} aria-hidden>
      {count}
      <span id={AWAITING_REPLY_ID} className="visually-hidden">
        {t('notifications.awaiting', { count })}
      </span>
    </Badge>
  );
}
