import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n';
import { formatDate } from '@/shared/format';
import { noticesQuery } from '../api/notices';

/**
 * The notices shown across the portal (spec §9): each announced closure, from its announcement
 * to its last day, and — for the staff still working — that maintenance is on.
 */
export function NoticeBanner({ isStaff = false }: { isStaff?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const notices = useQuery(noticesQuery()).data;
  if (!notices) return null;
  const { closures } = notices;
  // Only staff work on while maintenance is on; everyone else is on the maintenance page.
  const isMaintenanceShown = isStaff && notices.maintenance.is_on;
  if (closures.length === 0 && !isMaintenanceShown) return null;

  return (
    <section aria-label={t('notices.heading')} className="notice-banner">
      <Stack gap="xs" mb="md">
        {isMaintenanceShown && (
          <Alert color="orange" variant="light" role="status">
            {/* The body's colour, not the orange title's, so the words keep their contrast. */}
            <Text size="sm" fw={700}>
              {t('notices.maintenanceTitle')}
            </Text>
            <Text size="sm">{t('notices.maintenanceBody')}</Text>
          </Alert>
        )}
        {closures.map((closure) => (
          <Alert
            key={closure.id}
            color="blue"
            variant="light"
            role="status"
            title={t('notices.closureTitle', {
              from: formatDate(closure.starts_on, locale),
              to: formatDate(closure.ends_on, locale),
            })}
          >
            <Text size="sm">{closure.notice[locale]}</Text>
            <Text size="sm" fw={600}>
              {t('notices.resumes', { date: formatDate(closure.resumes_on, locale) })}
            </Text>
          </Alert>
        ))}
      </Stack>
    </section>
  );
}
