import { VERIFY_MAX_BYTES, type CertificateStatus } from '@lisbon/domain';
import { Alert, Anchor, Box, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { useHydratedValue } from '@/shared/ui/hydration';
import { PageHeading } from '@/shared/ui/PageHeading';
import { certificateStatusQuery } from '../api/verify';
import { VerifyFile } from '../components/VerifyFile';

/** What the id is, in a sentence, with no personal data (the API gives none). */
function StatementState({ status }: { status: CertificateStatus }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = status.published_at ? formatDate(status.published_at, locale) : '';
  return <Text>{t(`verify.states.${status.state}`, { date, authority: status.certificate_authority })}</Text>;
}

/**
 * `/verify/{id}` (spec §2), public: the statement's QR code leads here. It says what the id is,
 * takes the PDF by drop or by choice, and announces valid or NOT valid in a live region. `/verify`
 * (the FAQ's link) takes the PDF alone: the API finds the statement it is (issue 14).
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? null;

  // The page itself holds no state that changes as it comes alive: a change here, before React has
  // hydrated the sections below, would make React hydrate them all at once, in one task (decision 082).
  return (
    <Stack gap="xl" maw={880}>
      <div>
        <PageHeading>{t('verify.title')}</PageHeading>
        <Text>{t('verify.intro')}</Text>
      </div>

      {/* Each part a boundary React hydrates apart (decision 082). */}
      {id !== null && (
        <Suspense>
          <StatementSection id={id} />
        </Suspense>
      )}

      <FileForId id={id} />

      <section aria-labelledby="verify-wallet">
        <Title order={2} id="verify-wallet" size="h4" mb="xs">
          {t('verify.walletTitle')}
        </Title>
        <Text mb="xs">{t('verify.walletIntro')}</Text>
        <Anchor component={Link} to="/verify/wallet">
          {t('verify.walletLink')}
        </Anchor>
      </section>
    </Stack>
  );
}

/** The id from the address and what it is. */
function StatementSection({ id }: { id: string }) {
  const { t } = useTranslation();
  // The build renders `/verify/-` for every id (scripts/web-pages.mjs), the answer still to come:
  // while React hydrates that HTML the section shows what the build wrote, and the visitor's id in
  // the render right after. The answer (which may have come by then) follows in a deferred render,
  // which React can interrupt and yields between: a query's update alone would render it at once,
  // in one task, with the page's first date, which costs the browser its first Intl formatter
  // (useDeferredValue; decision 082).
  const shownId = useHydratedValue(id) ?? '-';
  const status = useDeferredValue(useHydratedValue(useQuery(certificateStatusQuery(id))));
  return (
    <section aria-labelledby="verify-id">
      {/* The id on a line of its own: the build's page says `-`, the visitor's a 36-character
          id, and a heading that wrapped only then would push the file's section down. */}
      <Title order={2} id="verify-id" size="h4" mb="xs">
        {t('verify.idLabel')}:{' '}
        <Code display="block" w="fit-content">
          {shownId}
        </Code>
      </Title>
      {/* Room for the answer while it comes (three lines on a phone, two wider), so the file's
          section stays put. */}
      <Box mih={{ base: '4.75rem', sm: '3.25rem' }}>
        {(status === undefined || status.isPending) && <Loader size="sm" aria-label={t('app.loading')} />}
        {status?.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(status.error, t)}
          </Alert>
        )}
        {status?.data && <StatementState status={status.data} />}
      </Box>
    </section>
  );
}

/** The file's check, with the largest file the API takes (its answer on the id says; the rule's until then). */
function FileForId({ id }: { id: string | null }) {
  const status = useQuery({ ...certificateStatusQuery(id ?? ''), enabled: id !== null });
  return <VerifyFile id={id} maxBytes={status.data?.max_upload_bytes ?? VERIFY_MAX_BYTES} />;
}
