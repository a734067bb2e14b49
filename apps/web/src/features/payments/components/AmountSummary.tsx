import { type Money, type ServiceDescription, VAT_RATE_PERCENT } from '@lisbon/domain';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { CardList, useIsNarrowScreen } from '@/shared/ui/CardList';
import { ScrollableTable } from '@/shared/ui/ScrollableTable';
import { chargeLines } from './charges';

type Props = { service: ServiceDescription; isUrgent: boolean; caption: string };

/**
 * The charges of a request, each with VAT apart, and what they add up to: a table from the side
 * navigation up; on phones and tablets a card per charge, its total first, as the table's four
 * columns scrolled the total out of view and left the taxable amount beside "To pay".
 */
export function AmountSummary({ service, isUrgent, caption }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const euros = (cents: number) => formatEuros(cents, locale);
  const { lines, totals } = chargeLines(service, isUrgent, {
    service: t(`labels.service.${service.kind}`),
    urgent: t('payments.amount.urgentSupplement'),
  });
  const cells = (money: Money) => (
    <>
      <Table.Td ta="right">{euros(money.net)}</Table.Td>
      <Table.Td ta="right">{euros(money.vat)}</Table.Td>
      <Table.Td ta="right">{euros(money.total)}</Table.Td>
    </>
  );
  if (isNarrow) {
    const facts = (money: Money) => [
      { label: t('payments.amount.total'), value: euros(money.total) },
      { label: t('payments.amount.net'), value: euros(money.net) },
      { label: t('payments.amount.vat', { rate: VAT_RATE_PERCENT }), value: euros(money.vat) },
    ];
    return (
      <CardList
        caption={caption}
        items={[
          ...lines.map((line) => ({
            key: line.description,
            title: <Text size="sm">{line.description}</Text>,
            facts: facts(line),
          })),
          {
            key: 'to-pay',
            title: (
              <Text size="sm" fw={700}>
                {t('payments.amount.toPay')}
              </Text>
            ),
            facts: facts(totals),
          },
        ]}
      />
    );
  }
  return (
    <ScrollableTable minWidth={480} label={caption}>
      <Table verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('payments.amount.item')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('payments.amount.net')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('payments.amount.vat', { rate: VAT_RATE_PERCENT })}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('payments.amount.total')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.description}>
              <Table.Th scope="row" fw="normal">
                {line.description}
              </Table.Th>
              {cells(line)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('payments.amount.toPay')}</Table.Th>
            {cells(totals)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollableTable>
  );
}
