import { LEDGER_GENESIS_HASH, type LedgerEntryView } from '@lisbon/domain';
import { Alert, Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/api';
import { formatDateTime } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { ledgerEntryDataUrl, ledgerEntryQuery } from '../api/ledger';

/** A hash, wrapped where it must so a phone's page keeps its width. */
const Hash = ({ value }: { value: string }) => <Code style={{ wordBreak: 'break-all' }}>{value}</Code>;

/** Another entry of the chain: its hash, a link to its own page. */
function EntryLink({ hash }: { hash: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={`/ledger/${hash}`} aria-label={t('ledger.openEntry', { hash })}>
      <Hash value={hash} />
    </Anchor>
  );
}

function EntryFacts({ entry }: { entry: LedgerEntryView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Facts
      facts={[
        [t('ledger.fields.kind'), t(`ledger.kinds.${entry.kind}`)],
        [
          t('ledger.fields.certificateId'),
          <>
            <Code>{entry.certificate_id}</Code>{' '}
            <Anchor component={Link} to={`/verify/${encodeURIComponent(entry.certificate_id)}`} size="sm">
              {t('ledger.checkStatement')}
            </Anchor>
          </>,
        ],
        [t('ledger.fields.createdAt'), formatDateTime(entry.created_at, locale)],
        [t('ledger.fields.seq'), String(entry.seq)],
        [t('ledger.fields.payloadHash'), <Hash key="payload" value={entry.payload_hash} />],
        [
          t('ledger.fields.refHash'),
          entry.ref_hash ? <EntryLink key="ref" hash={entry.ref_hash} /> : t('ledger.noReference'),
        ],
        [
          t('ledger.fields.prevHash'),
          entry.prev_hash === LEDGER_GENESIS_HASH ? (
            t('ledger.firstEntry')
          ) : (
            <EntryLink key="prev" hash={entry.prev_hash} />
          ),
        ],
        [t('ledger.fields.hash'), <Hash key="hash" value={entry.hash} />],
        [t('ledger.fields.signature'), <Hash key="signature" value={entry.signature} />],
      ]}
    />
  );
}

/**
 * `/ledger/{hash}`, public: one entry of the statements' ledger in words (issue 14), reached from
 * a valid statement's transaction hash on the verification page. Whether the entry's own hash and
 * signature check comes first; then what it records, each field labelled, the entries it links to
 * as links. The JSON the API gives stays one link away, for those who audit by machine.
 */
export function LedgerEntryPage() {
  const { t } = useTranslation();
  const hash = useParams().txHash ?? '';
  const query = useQuery(ledgerEntryQuery(hash));
  // A hash of the wrong shape (422) is no entry either.
  const isMissing = query.isError && isApiError(query.error) && [404, 422].includes(query.error.status);

  return (
    <Stack gap="xl" maw={880}>
      <div>
        <PageHeading>{t('ledger.title')}</PageHeading>
        <Text>{t('ledger.intro')}</Text>
      </div>
      <section aria-labelledby="ledger-hash">
        <Title order={2} id="ledger-hash" size="h4" mb="xs">
          {t('ledger.hashLabel')}
        </Title>
        <Hash value={hash} />
      </section>
      {query.isPending && <PageLoader />}
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          {isMissing ? t('ledger.notFound') : errorMessage(query.error, t)}
        </Alert>
      )}
      {query.data && (
        <>
          <Alert color={query.data.is_intact ? 'green' : 'red'} variant="light" role="status">
            <Text fw={700}>{t(query.data.is_intact ? 'ledger.intact' : 'ledger.notIntact')}</Text>
          </Alert>
          <section aria-labelledby="ledger-facts">
            <Title order={2} id="ledger-facts" mb="sm">
              {t('ledger.factsTitle')}
            </Title>
            <EntryFacts entry={query.data} />
          </section>
          <Anchor href={ledgerEntryDataUrl(hash)} size="sm" w="fit-content">
            {t('ledger.asData')}
          </Anchor>
        </>
      )}
    </Stack>
  );
}
