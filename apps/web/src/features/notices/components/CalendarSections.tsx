import { calendarDayOf, isPeriodDeletable } from '@lisbon/domain';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { PageLoader } from '@/shared/ui/PageLoader';
import { ScrollableTable } from '@/shared/ui/ScrollableTable';
import { closuresQuery, suspensionsQuery } from '../api/notices';
import { ClosureForm } from './ClosureForm';
import { DeletePeriodButton } from './DeletePeriodButton';
import { SuspensionForm } from './SuspensionForm';

type Props = { isAdmin: boolean };

const ActionsHeader = () => {
  const { t } = useTranslation();
  return (
    <Table.Th scope="col">
      <span className="visually-hidden">{t('notices.staff.actions')}</span>
    </Table.Th>
  );
};

/** The body's closure periods; administrators announce new ones and delete those not begun. */
export function ClosuresSection({ isAdmin }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const closures = useQuery(closuresQuery());
  const today = calendarDayOf(new Date());
  if (!closures.data) return <PageLoader />;

  return (
    <Stack gap="sm" component="section" aria-labelledby="closures-heading">
      <Title order={2} size="h3" id="closures-heading">
        {t('notices.staff.closuresHeading')}
      </Title>
      {closures.data.length === 0 ? (
        <Text>{t('notices.staff.noClosures')}</Text>
      ) : (
        // Four columns and the notice's words do not fit a phone: the table scrolls in its own box,
        // not the page (WCAG 1.4.10 at 320 px).
        <ScrollableTable minWidth={560} label={t('notices.staff.closuresTable')}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('notices.staff.period')}</Table.Th>
                <Table.Th scope="col">{t('notices.staff.resumesOn')}</Table.Th>
                <Table.Th scope="col">{t('notices.staff.announceFrom')}</Table.Th>
                <Table.Th scope="col">{t('notices.staff.notice')}</Table.Th>
                {isAdmin && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {closures.data.map((closure) => {
                const period = `${formatDate(closure.starts_on, locale)} – ${formatDate(closure.ends_on, locale)}`;
                return (
                  <Table.Tr key={closure.id}>
                    <Table.Td>{period}</Table.Td>
                    <Table.Td>{formatDate(closure.resumes_on, locale)}</Table.Td>
                    <Table.Td>
                      {closure.announce_from ? formatDate(closure.announce_from, locale) : '—'}
                    </Table.Td>
                    <Table.Td>{closure.notice[locale]}</Table.Td>
                    {isAdmin && (
                      <Table.Td>
                        {isPeriodDeletable(today, closure) && (
                          <DeletePeriodButton kind="closures" id={closure.id} period={period} />
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
      {isAdmin && <ClosureForm />}
    </Stack>
  );
}

/** The return-delivery suspension windows; administrators add new ones and delete those not begun. */
export function SuspensionsSection({ isAdmin }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const suspensions = useQuery(suspensionsQuery());
  const today = calendarDayOf(new Date());
  if (!suspensions.data) return <PageLoader />;

  return (
    <Stack gap="sm" component="section" aria-labelledby="suspensions-heading">
      <Title order={2} size="h3" id="suspensions-heading">
        {t('notices.staff.suspensionsHeading')}
      </Title>
      <Text size="sm">{t('notices.staff.suspensionsHelp')}</Text>
      {suspensions.data.length === 0 ? (
        <Text>{t('notices.staff.noSuspensions')}</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('notices.staff.suspended')}</Table.Th>
              {isAdmin && <ActionsHeader />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {suspensions.data.map((window) => {
              const period = `${formatDate(window.starts_on, locale)} – ${formatDate(window.ends_on, locale)}`;
              return (
                <Table.Tr key={window.id}>
                  <Table.Td>{period}</Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      {isPeriodDeletable(today, window) && (
                        <DeletePeriodButton
                          kind="return-delivery-suspensions"
                          id={window.id}
                          period={period}
                        />
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {isAdmin && <SuspensionForm />}
    </Stack>
  );
}
