import {
  addCalendarDays,
  calendarDayOf,
  dashboardPeriodIssue,
  dashboardPeriodOf,
  isoDateSchema,
} from '@lisbon/domain';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '@/shared/forms/DateField';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { useDashboard } from '../api/dashboard';
import { DashboardFigures } from '../dashboard/DashboardFigures';

/** The periods a click sets, in weeks ending today. */
const PRESET_WEEKS = [4, 12, 52] as const;

const dayOf = (value: string | null) => (value && isoDateSchema.safeParse(value).success ? value : undefined);

/**
 * `/staff/dashboard` (decision 071), for secretaries and administrators: the period of the figures
 * is kept in the address (`from`, `to`), so a reload or a link shows the same.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const period = { from: dayOf(params.get('from')), to: dayOf(params.get('to')) };
  // A period the API would refuse (From after To, too long) is said beside the fields, and the
  // figures stay those of the last valid period instead of giving way to the refusal. Today is the
  // device's day on the body's calendar, as the API's default `to` is the body's.
  const issue = dashboardPeriodIssue(dashboardPeriodOf(calendarDayOf(new Date()), period));
  const [lastValid, setLastValid] = useState<typeof period>(() =>
    issue ? { from: undefined, to: undefined } : period,
  );
  if (!issue && (lastValid.from !== period.from || lastValid.to !== period.to)) setLastValid(period);
  const dashboard = useDashboard(issue ? lastValid : period);
  const issueText = issue ? t(`operations.dashboard.period.invalid.${issue.code}`) : null;
  const shown = dashboard.data?.period;

  const change = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const lastWeeks = (weeks: number) => {
    const today = calendarDayOf(new Date());
    change({ from: addCalendarDays(today, 1 - 7 * weeks), to: today });
  };

  return (
    <Stack gap="lg">
      <PageHeading>{t('operations.dashboard.title')}</PageHeading>
      <Text>{t('operations.dashboard.intro')}</Text>
      <form onSubmit={(event) => event.preventDefault()} aria-label={t('operations.dashboard.period.legend')}>
        <Fieldset legend={t('operations.dashboard.period.legend')} variant="unstyled">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={520}>
            <DateField
              label={t('operations.dashboard.period.from')}
              error={issue?.field === 'from' && issueText}
              value={period.from ?? shown?.from ?? ''}
              onChange={(value) => {
                if (value === '' || isoDateSchema.safeParse(value).success)
                  change({ from: value || undefined });
              }}
            />
            <DateField
              label={t('operations.dashboard.period.to')}
              error={issue?.field === 'to' && issueText}
              value={period.to ?? shown?.to ?? ''}
              onChange={(value) => {
                if (value === '' || isoDateSchema.safeParse(value).success)
                  change({ to: value || undefined });
              }}
            />
          </SimpleGrid>
          <Group gap="xs" mt="sm">
            {PRESET_WEEKS.map((weeks) => (
              <Button key={weeks} variant="default" size="xs" onClick={() => lastWeeks(weeks)}>
                {t('operations.dashboard.period.weeks', { count: weeks })}
              </Button>
            ))}
          </Group>
        </Fieldset>
      </form>
      {dashboard.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(dashboard.error, t)}
        </Alert>
      )}
      {dashboard.isPending && <PageLoader />}
      {shown && (
        <Text role="status" fw={600}>
          {t('operations.dashboard.period.shown', {
            from: formatDate(shown.from, locale),
            to: formatDate(shown.to, locale),
          })}
        </Text>
      )}
      {dashboard.data && <DashboardFigures data={dashboard.data} />}
    </Stack>
  );
}
