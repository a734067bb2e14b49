import { appealDeadline, hasAppeal, type Practice } from '@lisbon/domain';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRomeDateTime } from '@/shared/format';
import { useLocale } from '@/shared/i18n';

/**
 * The way to `/practices/{id}/appeal` from the request: while the seven-day window is open on the
 * server's calendar (its answer says; the device's clock may differ), the button and until when;
 * once an appeal was asked for, a link to follow it and its statement.
 */
export function AppealEntry({ practice }: { practice: Practice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const publishedAt = practice.published_at ?? null;
  const to = `/practices/${practice.id}/appeal`;
  if (publishedAt && practice.is_appeal_window_open === true) {
    return (
      <section aria-labelledby="appeal-entry">
        <Title order={2} id="appeal-entry" mb="xs">
          {t('appeal.entryTitle')}
        </Title>
        <Stack gap="xs" align="flex-start">
          <Text>
            {t('appeal.entryText', {
              deadline: formatRomeDateTime(appealDeadline(publishedAt).toISOString(), locale, t),
            })}
          </Text>
          {/* Wraps on a phone rather than widen the page (375 px). */}
          <Button
            component={Link}
            to={to}
            h="auto"
            mih={36}
            py={6}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            {t('appeal.entryButton')}
          </Button>
        </Stack>
      </section>
    );
  }
  if (hasAppeal(practice.status)) {
    return (
      <Anchor component={Link} to={to}>
        {t('appeal.followLink')}
      </Anchor>
    );
  }
  return null;
}
