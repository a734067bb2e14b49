import { type FiscalDocument, paymentProviderLabel, VAT_RATE_PERCENT } from '@lisbon/domain';
import { Alert, Anchor, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/api';
import { formatDate, formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { showSuccess } from '@/shared/ui/toast';
import { downloadInvoicePdf, invoiceQuery } from '../api/invoices';
import { invoiceDescription } from '../invoiceDescription';

const BackLink = () => {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/account">
      {t('invoices.back')}
    </Anchor>
  );
};

/** The amount with its VAT breakdown. */
function AmountTable({ document }: { document: FiscalDocument }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const euros = (cents: number) => formatEuros(cents, locale);
  const rows: [string, number][] = [
    [t('payments.amount.net'), document.amount.net],
    [t('payments.amount.vat', { rate: VAT_RATE_PERCENT }), document.amount.vat],
    [t('payments.amount.total'), document.amount.total],
  ];
  return (
    <Table maw={420} verticalSpacing="xs">
      <Table.Caption>{t('invoices.amountCaption')}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, cents]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right">{euros(cents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** `/account/invoices/{id}`: one invoice or receipt, with its PDF. Another user's answers 404. */
export function InvoicePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...invoiceQuery(id), enabled: isValidId });
  const [isExporting, setIsExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);

  if (!isValidId || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <Stack gap="md" maw={720} align="flex-start">
        <PageHeading>{t('messages.pageNotFound')}</PageHeading>
        <Text size="lg">{t('invoices.notFound')}</Text>
        <BackLink />
      </Stack>
    );
  }
  if (query.isPending || query.isError) {
    return (
      <Stack gap="md" maw={720}>
        <PageHeading>{t('invoices.title')}</PageHeading>
        {query.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(query.error, t)}
          </Alert>
        ) : (
          <PageLoader />
        )}
      </Stack>
    );
  }

  const document = query.data;
  // A credit note names the invoice it corrects (decision 068).
  const corrects: [string, string][] = document.corrects_number
    ? [[t('invoices.corrects'), document.corrects_number]]
    : [];
  const download = async () => {
    setIsExporting(true);
    setExportFailed(false);
    try {
      await downloadInvoicePdf(
        document,
        t(`invoices.fileNames.${document.kind}`, { number: document.number.replace(/\W+/g, '-') }),
      );
      showSuccess(t('messages.exportSucceeded'));
    } catch {
      setExportFailed(true);
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Stack gap="lg" maw={760} align="flex-start">
      <BackLink />
      <PageHeading>
        {t('invoices.heading', { kind: t(`invoices.kinds.${document.kind}`), number: document.number })}
      </PageHeading>
      <Facts
        facts={[
          [t('invoices.columns.number'), document.number],
          [t('invoices.columns.kind'), t(`invoices.kinds.${document.kind}`)],
          [t('invoices.columns.issuedAt'), formatDate(document.issued_at, locale)],
          [t('invoices.description'), invoiceDescription(document, t)],
          // Not the payment's database id: it counts every attempt, failed ones too (issue 33).
          ...corrects,
          [t('invoices.provider'), paymentProviderLabel(document.provider, locale)],
          [t('invoices.transactionReference'), document.transaction_reference],
        ]}
      />
      <section aria-labelledby="invoice-amount">
        <Title order={2} id="invoice-amount" mb="xs">
          {t('invoices.amountTitle')}
        </Title>
        <AmountTable document={document} />
      </section>
      <section aria-labelledby="invoice-pdf">
        <Title order={2} id="invoice-pdf" mb="xs">
          {t('invoices.pdfTitle')}
        </Title>
        <Text mb="sm">{t('invoices.pdfIntro')}</Text>
        {exportFailed && (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {t('messages.exportFailed')}
          </Alert>
        )}
        <Button onClick={() => void download()} loading={isExporting}>
          {t('invoices.download')}
        </Button>
      </section>
    </Stack>
  );
}
