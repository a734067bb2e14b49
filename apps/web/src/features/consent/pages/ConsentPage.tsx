import { practiceSchema } from '@lisbon/domain';
import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api';
import { DocumentUploader } from '@/shared/documents/DocumentUploader';
import { PageHeading } from '@/shared/ui/PageHeading';
import { saveBlob } from '@/shared/ui/saveBlob';
import { showSuccess } from '@/shared/ui/toast';

const CONSENT_TYPES = ['consent_form'] as const;

/** `/consent`: the consent in plain words, the generated form to download, and the signed form back. */
export function ConsentPage() {
  const { t } = useTranslation();
  const [isExporting, setIsExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  // The signed form goes with the current draft, if there is one.
  const draft = useQuery({
    queryKey: ['practices', 'draft'],
    queryFn: async () => (await api.get('practices/draft', null, { schema: practiceSchema.nullable() })).data,
    staleTime: 0,
  });

  const download = async () => {
    setIsExporting(true);
    setExportFailed(false);
    try {
      saveBlob(await api.download('consent/form'), t('consent.fileName'));
      showSuccess(t('messages.exportSucceeded'));
    } catch {
      setExportFailed(true);
    } finally {
      setIsExporting(false);
    }
  };

  const draftId = draft.data?.id;
  return (
    <Stack gap="xl" maw={800}>
      <PageHeading>{t('consent.title')}</PageHeading>
      <section aria-labelledby="consent-text">
        <Title order={2} id="consent-text" mb="xs">
          {t('consent.textTitle')}
        </Title>
        <Stack gap="sm">
          <Text>{t('consent.p1')}</Text>
          <Text>{t('consent.p2')}</Text>
          <List>
            <List.Item>{t('consent.purposeAssess')}</List.Item>
            <List.Item>{t('consent.purposeVerify')}</List.Item>
            <List.Item>{t('consent.purposeIssue')}</List.Item>
          </List>
          <Text>{t('consent.p3')}</Text>
        </Stack>
      </section>
      <section aria-labelledby="consent-download">
        <Title order={2} id="consent-download" mb="xs">
          {t('consent.downloadTitle')}
        </Title>
        <Text mb="sm">{t('consent.downloadIntro')}</Text>
        {exportFailed && (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {t('messages.exportFailed')}
          </Alert>
        )}
        <Button onClick={() => void download()} loading={isExporting}>
          {t('consent.download')}
        </Button>
      </section>
      <section aria-labelledby="consent-upload">
        <Title order={2} id="consent-upload" mb="xs">
          {t('consent.uploadTitle')}
        </Title>
        <Text mb="sm">
          {draftId ? t('consent.uploadToDraft', { id: draftId }) : t('consent.uploadToAccount')}
        </Text>
        {!draft.isPending && (
          <DocumentUploader name="consent-upload" practiceId={draftId} types={CONSENT_TYPES} />
        )}
      </section>
    </Stack>
  );
}
