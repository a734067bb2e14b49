import { countryName, type PracticeSummary } from '@lisbon/domain';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format';
import { currentLocale } from '@/shared/i18n';
import { RowLink } from '@/shared/ui/RowLink';
import { StatusBadge } from '@/shared/ui/StatusBadge';

type Props = { practices: readonly PracticeSummary[]; caption: string };

/** One page of requests: number, status label, service, country, dates, deadline and days to go. */
export function PracticesTable({ practices, caption }: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const date = (value: string | null) => (value ? formatDate(value, locale) : '—');
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('practices.columns.number')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.service')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.country')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.createdAt')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.requestedAt')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.deadline')}</Table.Th>
            <Table.Th scope="col">{t('practices.columns.daysToGo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {practices.map((practice) => (
            <Table.Tr key={practice.id}>
              <Table.Th scope="row">
                <RowLink
                  to={`/practices/${practice.id}`}
                  name={`${t('practices.requestNumber')} #${practice.id}`}
                >
                  #{practice.id}
                </RowLink>
              </Table.Th>
              <Table.Td>
                <StatusBadge label={practice.status_label} />
              </Table.Td>
              <Table.Td>
                {t(`labels.service.${practice.service}`)}
                {practice.is_urgent ? ` (${t('practices.urgent')})` : ''}
              </Table.Td>
              <Table.Td>
                {countryName(practice.country, locale)}, {t(`labels.level.${practice.level}`)}
              </Table.Td>
              <Table.Td>{date(practice.created_at)}</Table.Td>
              <Table.Td>{date(practice.requested_at)}</Table.Td>
              <Table.Td>{date(practice.expected_deadline)}</Table.Td>
              <Table.Td>{practice.days_to_go ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
