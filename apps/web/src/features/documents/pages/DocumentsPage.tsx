import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTable } from '@/shared/documents/DocumentTable';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { useDocumentsOverview } from '../api/documents';
import { PracticeDocumentsSection } from '../components/PracticeDocumentsSection';

/** `/documents`: the applicant's documents per request, and which required ones are still missing. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const overview = useDocumentsOverview();

  let content;
  if (overview.isPending) content = <PageLoader />;
  else if (overview.isError)
    content = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(overview.error, t)}
      </Alert>
    );
  else {
    const { practices, unattached, unattached_kept_hours: keptHours } = overview.data;
    content = (
      <>
        {practices.length === 0 && (
          <Text>
            {t('practices.none')}{' '}
            <Anchor component={Link} to="/service">
              {t('documentsPage.startRequest')}
            </Anchor>
          </Text>
        )}
        {practices.map((entry) => (
          <PracticeDocumentsSection
            key={entry.practice_id}
            entry={entry}
            answeredAt={overview.dataUpdatedAt}
          />
        ))}
        {unattached.length > 0 && (
          <section aria-labelledby="documents-unattached">
            <Title order={2} id="documents-unattached" mb="xs">
              {t('documentsPage.unattachedTitle')}
            </Title>
            <Text mb="xs">{t('documentsPage.unattachedKept', { count: keptHours })}</Text>
            <DocumentTable documents={unattached} caption={t('documentsPage.unattachedCaption')} isEditable />
          </section>
        )}
      </>
    );
  }

  return (
    <Stack gap="xl" maw={1000}>
      <PageHeading>{t('documentsPage.title')}</PageHeading>
      <Text size="lg">{t('documentsPage.intro')}</Text>
      {content}
    </Stack>
  );
}
