import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageLoader } from '@/shared/ui/PageLoader';
import { PageNavigation } from '@/shared/ui/PageNavigation';
import { RowLink } from '@/shared/ui/RowLink';
import { invoicesQuery } from '../api/invoices';

/** Receipts and invoices (spec §2 `/account`): one of each per payment, newest first. */
export function ReceiptsSection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useQuery(invoicesQuery(page));

  let content;
  if (list.isPending) content = <PageLoader />;
  else if (list.isError)
    content = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(list.error, t)}
      </Alert>
    );
  else if (list.data.documents.length === 0) content = <Text>{t('account.receipts.none')}</Text>;
  else {
    const pages = Math.max(1, Math.ceil(list.data.total / list.data.perPage));
    content = (
      <Stack gap="sm">
        {/* Three columns fit a 375 px phone: there the kind shows under the number, from xs up in its own column. */}
        <Table.ScrollContainer minWidth={320} type="native">
          <Table striped verticalSpacing="sm">
            <Table.Caption>{t('invoices.caption', { page, pages, total: list.data.total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('invoices.columns.number')}</Table.Th>
                <Table.Th scope="col" visibleFrom="xs">
                  {t('invoices.columns.kind')}
                </Table.Th>
                <Table.Th scope="col">{t('invoices.columns.issuedAt')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('invoices.columns.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.documents.map((document) => (
                <Table.Tr key={document.id}>
                  <Table.Th scope="row">
                    <RowLink
                      to={`/account/invoices/${document.id}`}
                      name={`${t(`invoices.kinds.${document.kind}`)} ${document.number}`}
                    >
                      {document.number}
                    </RowLink>
                    <Text size="xs" fw={400} hiddenFrom="xs">
                      {t(`invoices.kinds.${document.kind}`)}
                    </Text>
                  </Table.Th>
                  <Table.Td visibleFrom="xs">{t(`invoices.kinds.${document.kind}`)}</Table.Td>
                  <Table.Td>{formatDate(document.issued_at, locale)}</Table.Td>
                  <Table.Td ta="right">{formatEuros(document.amount.total, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageNavigation
          label={t('invoices.pagesLabel')}
          pageLabel={(item) => t('invoices.page', { page: item })}
          pages={pages}
          page={page}
          onPage={setPage}
        />
      </Stack>
    );
  }

  return (
    <section aria-labelledby="receipts-title">
      <Title order={2} id="receipts-title" mb="xs">
        {t('account.receipts.title')}
      </Title>
      <Text mb="sm">{t('invoices.intro')}</Text>
      {content}
    </section>
  );
}
