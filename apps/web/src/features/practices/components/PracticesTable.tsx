import { countryName, type PracticeSummary, runningDeadlineOf } from '@lisbon/domain';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { CardList, useIsNarrowScreen } from '@/shared/ui/CardList';
import { useDaysInWords } from '@/shared/ui/daysInWords';
import { RowLink } from '@/shared/ui/RowLink';
import { StatusBadge } from '@/shared/ui/StatusBadge';
import { ScrollableTable } from '@/shared/ui/ScrollableTable';

type Props = { practices: readonly PracticeSummary[]; caption: string };

/**
 * One page of requests: number, status label, deadline and working days to go first, then service,
 * country and dates. Cards on phones and tablets; from the side navigation up a table whose key
 * columns fit beside it, the two dates from 1440 px (issue 33).
 */
export function PracticesTable({ practices, caption }: Props) {
  const { t } = useTranslation();
  const inWords = useDaysInWords('underLabel');
  const daysToGo = (days: number | null) => (days === null ? '—' : inWords(days));
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const date = (value: string | null) => (value ? formatDate(value, locale) : '—');
  const link = (practice: PracticeSummary) => (
    <RowLink to={`/practices/${practice.id}`} name={t('practice.title', { id: practice.id })}>
      {t('practices.rowNumber', { id: practice.id })}
    </RowLink>
  );
  const service = (practice: PracticeSummary) =>
    `${t(`labels.service.${practice.service}`)}${practice.is_urgent ? ` (${t('practices.urgent')})` : ''}`;
  const country = (practice: PracticeSummary) =>
    `${countryName(practice.country, locale)}, ${t(`labels.level.${practice.level}`)}`;

  if (isNarrow)
    return (
      <CardList
        caption={caption}
        items={practices.map((practice) => ({
          key: practice.id,
          title: link(practice),
          badge: <StatusBadge label={practice.status_label} appealType={practice.appeal_type} />,
          lines: [service(practice), country(practice)],
          facts: [
            {
              // An open appeal or amendment counts down to its own deadline (decision 108): named so.
              label: t(
                runningDeadlineOf(practice.status) === 'appeal'
                  ? 'practiceFacts.appealDeadline'
                  : 'practices.columns.deadline',
              ),
              value: date(practice.expected_deadline),
            },
            { label: t('practices.columns.daysToGo'), value: daysToGo(practice.days_to_go) },
            { label: t('practices.columns.createdAt'), value: date(practice.created_at) },
            { label: t('practices.columns.requestedAt'), value: date(practice.requested_at) },
          ],
        }))}
      />
    );
  return (
    <ScrollableTable minWidth={700} label={caption}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('practices.columns.number')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.deadline')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.daysToGo')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.service')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.country')}</Table.Th>
            <Table.Th scope="col" visibleFrom="md">
              {t('practices.columns.createdAt')}
            </Table.Th>
            <Table.Th scope="col" visibleFrom="md">
              {t('practices.columns.requestedAt')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {practices.map((practice) => (
            <Table.Tr key={practice.id}>
              <Table.Th scope="row">{link(practice)}</Table.Th>
              <Table.Td>
                <StatusBadge label={practice.status_label} appealType={practice.appeal_type} />
              </Table.Td>
              <Table.Td>
                {date(practice.expected_deadline)}
                {/* The column says "Expected deadline"; an open appeal's own is named so, as on its card. */}
                {runningDeadlineOf(practice.status) === 'appeal' && (
                  <Text component="span" size="xs" display="block">
                    {t('practices.appealDeadlineNote')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{daysToGo(practice.days_to_go)}</Table.Td>
              <Table.Td>{service(practice)}</Table.Td>
              <Table.Td>{country(practice)}</Table.Td>
              <Table.Td visibleFrom="md">{date(practice.created_at)}</Table.Td>
              <Table.Td visibleFrom="md">{date(practice.requested_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
