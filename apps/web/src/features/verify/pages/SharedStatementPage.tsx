import { type SharedStatement } from '@lisbon/domain';
import { Alert, Anchor, Button, Code, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/api';
import { AnchorFacts, ChainTransaction } from '@/shared/anchor/AnchorRecord';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { downloadSharedPdf, sharedStatementQuery } from '../api/shared';
import { VerifyFile } from '../components/VerifyFile';

function StatementFacts({ token, statement }: { token: string; statement: SharedStatement }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = useMutation({
    mutationFn: () => downloadSharedPdf(token, t('statement.fileName', { id: statement.certificate_id })),
  });
  return (
    <section aria-labelledby="shared-facts">
      <Title order={2} id="shared-facts" mb="sm">
        {t('shared.facts')}
      </Title>
      <Stack gap="sm">
        <Facts
          facts={[
            [t('verify.idLabel'), <Code key="id">{statement.certificate_id}</Code>],
            [t('shared.state'), t(`shared.states.${statement.state}`)],
            [t('shared.holder'), statement.holder_name],
            [t('shared.qualification'), statement.qualification_name],
            [
              t('shared.publishedAt'),
              statement.published_at ? formatDate(statement.published_at, locale) : null,
            ],
            [
              t('shared.transactionHash'),
              statement.anchor?.state === 'anchored' ? (
                <ChainTransaction
                  key="hash"
                  hash={statement.anchor.transaction_hash}
                  explorerUrl={statement.anchor.explorer_url}
                />
              ) : statement.transaction_hash ? (
                <Code key="hash" style={{ wordBreak: 'break-all' }}>
                  {statement.transaction_hash}
                </Code>
              ) : null,
            ],
            [t('shared.authority'), statement.certificate_authority],
          ]}
        />
        {statement.anchor && (
          <div>
            <Text fw={700} mb={4}>
              {t('anchor.title')}
            </Text>
            <AnchorFacts anchor={statement.anchor} />
          </div>
        )}
        {statement.expires_on && (
          <Text size="sm" c="dimmed">
            {t('shared.expiresOn', { date: formatDate(statement.expires_on, locale) })}
          </Text>
        )}
        {statement.has_pdf && (
          <Button w="fit-content" onClick={() => download.mutate()} loading={download.isPending}>
            {t('shared.download')}
          </Button>
        )}
        {download.isError && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(download.error) && download.error.status < 500
              ? errorMessage(download.error, t)
              : t('shared.downloadFailed')}
          </Alert>
        )}
      </Stack>
    </section>
  );
}

/**
 * `/verify/shared/{token}`, public: the page a statement's share link opens. The statement's
 * facts (name partly hidden, nothing else personal), its PDF to download, and the check of a file;
 * an expired or revoked link says so plainly.
 */
export function SharedStatementPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const query = useQuery(sharedStatementQuery(token));

  return (
    <Stack gap="xl" maw={880}>
      <div>
        <PageHeading>{t('shared.title')}</PageHeading>
        {query.data && <Text>{t('shared.intro')}</Text>}
      </div>
      {query.isPending && <PageLoader />}
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          <Text fw={700} mb={4}>
            {t('shared.unavailable')}
          </Text>
          <Text mb="xs">
            {/* A token of the wrong shape (422) is as unknown as one of the right shape (404). */}
            {isApiError(query.error) && (query.error.status === 404 || query.error.status === 422)
              ? t('shared.unknownLink')
              : errorMessage(query.error, t)}
          </Text>
          <Anchor component={Link} to="/" c="inherit" underline="always">
            {t('nav.home')}
          </Anchor>
        </Alert>
      )}
      {query.data && (
        <>
          <StatementFacts token={token} statement={query.data} />
          <VerifyFile id={query.data.certificate_id} maxBytes={query.data.max_upload_bytes} />
        </>
      )}
    </Stack>
  );
}
