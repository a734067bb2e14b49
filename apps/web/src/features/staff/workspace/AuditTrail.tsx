import type { AuditEntry } from '@lisbon/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { currentLocale } from '@/shared/i18n';
import { personName } from '../components/QueueTable';

/** The full audit trail, oldest first: what was done, by whom, when, from which status to which, and why. */
export function AuditTrail({ history }: { history: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (history.length === 0) return <Text>{t('messages.noItems')}</Text>;
  return (
    <ol className="timeline">
      {history.map((entry, index) => (
        <li key={entry.id} aria-current={index === history.length - 1 ? 'step' : undefined}>
          <Text fw={600}>{t(`staff.history.actions.${entry.action}`)}</Text>
          <Text size="sm">
            {entry.from_status && entry.from_status !== entry.to_status
              ? t('staff.history.move', {
                  from: t(`staff.status.${entry.from_status}`),
                  to: t(`staff.status.${entry.to_status}`),
                })
              : t(`staff.status.${entry.to_status}`)}
          </Text>
          <Text size="sm">
            <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
            {' · '}
            {entry.by ? personName(entry.by) : t('staff.history.system')}
          </Text>
          {typeof entry.details?.reason === 'string' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {t('staff.history.reason', { reason: entry.details.reason })}
            </Text>
          )}
          {entry.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {t('staff.history.note', { note: entry.note })}
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}
