import {
  CERTIFICATE_FIELDS,
  certificateFieldText,
  mayHaveStatement,
  type CertificateField,
  type Practice,
  type PublishedStatement,
} from '@lisbon/domain';
import { Alert, Anchor, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api';
import { AnchorFacts, ChainTransaction } from '@/shared/anchor/AnchorRecord';
import { ReceiptDownload } from '@/shared/anchor/ReceiptDownload';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';
import { errorMessage } from '@/shared/ui/errorMessage';
import { useOpenerFocus } from '@/shared/ui/useOpenerFocus';
import { downloadStatementPdf, statementQuery } from '../api/statement';
import { ShareLinks } from './ShareLinks';

function Published({
  practiceId,
  statement,
  actions,
}: {
  practiceId: number;
  statement: PublishedStatement;
  actions?: ((practiceId: number) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = useMutation({
    mutationFn: () =>
      downloadStatementPdf(practiceId, t('statement.fileName', { id: statement.certificate_id })),
  });
  // The button is disabled while the PDF comes (Mantine's `loading`): focus goes back to it once
  // it is enabled again, on the render after the download.
  const { remember, giveBack } = useOpenerFocus();
  const wasDownloading = useRef(false);
  useEffect(() => {
    // Unless the user has put focus elsewhere meanwhile.
    const isLost = document.activeElement === null || document.activeElement === document.body;
    if (wasDownloading.current && !download.isPending && isLost) giveBack();
    wasDownloading.current = download.isPending;
  }, [download.isPending, giveBack]);
  const label = (field: CertificateField) => t(`statement.fields.${field}`);
  return (
    <Stack gap="sm">
      <Text>{t('statement.intro')}</Text>
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {/* Spec §8's export failure, unless the API refused for a reason of its own (4xx). */}
          {isApiError(download.error) && download.error.status < 500
            ? errorMessage(download.error, t)
            : t('messages.exportFailed')}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          onClick={(event) => {
            remember(event.currentTarget);
            download.mutate();
          }}
          loading={download.isPending}
        >
          {t('statement.download')}
        </Button>
        {actions?.(practiceId)}
      </Group>
      <Text size="sm">
        {t('statement.share')}:{' '}
        <Anchor component={Link} to={`/verify/${statement.certificate_id}`}>
          {statement.verify_url}
        </Anchor>
      </Text>
      <Text size="sm" c="dimmed">
        {t('statement.shareHelp')}
      </Text>
      <ShareLinks practiceId={practiceId} />
      <Facts
        facts={[
          ...CERTIFICATE_FIELDS.map(
            (field) =>
              [label(field), certificateFieldText(statement.certificate, field, locale)] as [
                string,
                string | null,
              ],
          ),
          // Once anchored, the chain transaction (decision 065); the ledger entry the PDF prints stays shown.
          [
            label('transaction_hash'),
            statement.anchor.state === 'anchored' ? (
              <ChainTransaction
                key="hash"
                hash={statement.anchor.transaction_hash}
                explorerUrl={statement.anchor.explorer_url}
              />
            ) : (
              <Code key="hash">{statement.transaction_hash}</Code>
            ),
          ],
          ...(statement.anchor.state === 'anchored'
            ? [
                [t('anchor.ledgerEntry'), <Code key="ledger">{statement.ledger_hash}</Code>] as [
                  string,
                  ReactNode,
                ],
              ]
            : []),
        ]}
      />
      <section aria-labelledby="statement-anchor">
        <Title order={3} size="h4" id="statement-anchor" mb={4}>
          {t('anchor.title')}
        </Title>
        <Stack gap="xs">
          <AnchorFacts anchor={statement.anchor} />
          {statement.anchor.state === 'anchored' && (
            <ReceiptDownload certificateId={statement.certificate_id} />
          )}
        </Stack>
      </section>
    </Stack>
  );
}

/**
 * The statement on the applicant's request: "publication pending, retry later" while the publish
 * job runs (spec §4), then the certificate display, the signed PDF and the verification page; or
 * that it was withdrawn, and when (decision 097).
 */
export function StatementPanel({
  practice,
  actions,
}: {
  practice: Pick<Practice, 'id' | 'status'>;
  /** What another feature adds beside the download (the wallet's offer). */
  actions?: (practiceId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useQuery({ ...statementQuery(practice.id), enabled: mayHaveStatement(practice.status) });
  if (!mayHaveStatement(practice.status) || query.isPending || query.data === null) return null;
  return (
    <section aria-labelledby="practice-statement">
      <Title order={2} id="practice-statement" mb="xs">
        {t('statement.title')}
      </Title>
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(query.error, t)}
        </Alert>
      )}
      {query.data?.status === 'pending' && (
        <Alert color="yellow" variant="light">
          <Text mb="sm">{t('statement.pending')}</Text>
          <Button variant="outline" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('statement.refresh')}
          </Button>
        </Alert>
      )}
      {query.data?.status === 'withdrawn' && (
        <Alert color="red" variant="light">
          {t('statement.withdrawn', { date: formatDate(query.data.withdrawn_at, locale) })}
        </Alert>
      )}
      {query.data?.status === 'published' && (
        <Published practiceId={practice.id} statement={query.data} actions={actions} />
      )}
    </section>
  );
}
