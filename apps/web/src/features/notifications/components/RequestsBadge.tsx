import { awaitingReplyOf, type Notifications } from '@lisbon/domain';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The counts beside "My requests": requests awaiting the applicant's reply stand out; the total
 * follows. Spoken as words, not bare numbers.
 */
export function RequestsBadge({ notifications }: { notifications: Notifications | undefined }) {
  const { t } = useTranslation();
  if (!notifications || notifications.total === 0) return null;
  const awaiting = awaitingReplyOf(notifications);
  return (
    <Group gap={4} wrap="nowrap">
      {awaiting > 0 && (
        <Badge color="orange.9" size="sm" circle={awaiting < 10}>
          <span aria-hidden>{awaiting}</span>
          <span className="visually-hidden">{t('notifications.awaiting', { count: awaiting })}</span>
        </Badge>
      )}
      <Badge color="gray.8" size="sm" circle={notifications.total < 10}>
        <span aria-hidden>{notifications.total}</span>
        <span className="visually-hidden">{t('notifications.total', { count: notifications.total })}</span>
      </Badge>
    </Group>
  );
}

/** The id of the words the burger is described by while requests await the applicant's reply. */
export const AWAITING_REPLY_ID = 'awaiting-reply';

/**
 * Beside the burger, on a phone (where "My requests" and its counts are in the drawer): how many
 * requests await the applicant's reply. Seen as a number; heard as the burger's description.
 */
export function AwaitingReplyBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Badge color="orange.9" size="sm" circle={count < 10} aria-hidden>
      {count}
      <span id={AWAITING_REPLY_ID} className="visually-hidden">
        {t('notifications.awaiting', { count })}
      </span>
    </Badge>
  );
}
