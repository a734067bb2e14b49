import { DOCUMENT_TYPES, type DocumentType, type Practice, isOneOf } from '@lisbon/domain';
import { Alert, Anchor, Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api';
import { DocumentTable } from '@/shared/documents/DocumentTable';
import { DocumentUploader } from '@/shared/documents/DocumentUploader';
import { IdentityDocumentExpiryNotice } from '@/shared/documents/DocumentExpiryWarning';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageLoader } from '@/shared/ui/PageLoader';
import { moveToReview, practiceDocumentsQuery } from '../api/practices';

type Props = { practice: Practice; onSaved: (practice: Practice) => Promise<void> };

/** The document the applicant gets on /consent (generated there, printed, signed) before uploading it. */
const CONSENT_FORM: DocumentType = 'consent_form';

/** Step 3: the documents the service needs, which are still missing, and the upload. */
export function DocumentsStep({ practice, onSaved }: Props) {
  const { t } = useTranslation();
  const documents = useQuery(practiceDocumentsQuery(practice.id));
  const [failure, setFailure] = useState<string | null>(null);
  /** Whether the review's refusal named the consent form: the way to get it goes with it. */
  const [isConsentRefused, setConsentRefused] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  const toReview = async () => {
    setFailure(null);
    setConsentRefused(false);
    setIsBusy(true);
    try {
      await onSaved(await moveToReview(practice.id));
    } catch (error) {
      // A 422 names what is missing: `documents.<type>`, or a step not saved yet.
      const missing = isApiError(error) && error.status === 422 ? Object.keys(error.errors ?? {}) : [];
      setConsentRefused(missing.includes(`documents.${CONSENT_FORM}`));
      setFailure(
        missing.length > 0
          ? t('wizard.documents.incomplete', { missing: missing.map((key) => partName(key, t)).join(', ') })
          : errorMessage(error, t),
      );
      setIsBusy(false);
    }
  };

  if (documents.isPending) return <PageLoader />;
  if (documents.isError || !documents.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(documents.error, t)}
      </Alert>
    );
  }
  const { required_documents: required, missing_documents: missing } = documents.data;

  return (
    <Stack gap="xl">
      <IdentityDocumentExpiryNotice />
      <section aria-labelledby="required-documents">
        <Title order={2} id="required-documents" mb="xs">
          {t('wizard.documents.requiredTitle')}
        </Title>
        <List spacing={4} center>
          {required.map((type) => {
            const isMissing = missing.includes(type);
            return (
              <List.Item
                key={type}
                icon={
                  <ThemeIcon size="sm" radius="xl" color={isMissing ? 'orange' : 'green'} aria-hidden>
                    {isMissing ? '!' : '✓'}
                  </ThemeIcon>
                }
              >
                {t(`labels.document.${type}`)}
                {' – '}
                <strong>{t(isMissing ? 'wizard.documents.missing' : 'wizard.documents.present')}</strong>
                {isMissing && type === CONSENT_FORM && (
                  <>
                    {' · '}
                    <ConsentFormLink />
                  </>
                )}
              </List.Item>
            );
          })}
        </List>
      </section>

      <section aria-labelledby="upload-documents">
        <Title order={2} id="upload-documents" mb="xs">
          {t('wizard.documents.uploadTitle')}
        </Title>
        <Text mb="sm">{t('wizard.documents.uploadIntro')}</Text>
        <DocumentUploader
          name="wizard-upload"
          practiceId={practice.id}
          types={DOCUMENT_TYPES}
          defaultType={missing[0] ?? null}
          unsavedKey={`wizard.${practice.id}.documents`}
        />
      </section>

      <section aria-labelledby="attached-documents">
        <Title order={2} id="attached-documents" mb="xs">
          {t('wizard.documents.attachedTitle')}
        </Title>
        <DocumentTable
          documents={documents.data.documents}
          caption={t('wizard.documents.tableCaption')}
          isEditable
        />
      </section>

      <Stack gap="sm">
        <FormAlert message={failure} />
        {failure && isConsentRefused && <ConsentFormLink />}
        <Button onClick={() => void toReview()} loading={isBusy} w="fit-content">
          {t('wizard.documents.continue')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The way to the consent form, where it is generated to be printed and signed. */
function ConsentFormLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/consent">
      {t('wizard.documents.getConsentForm')}
    </Anchor>
  );
}

/** A key of the review's 422 as the applicant knows it. */
function partName(key: string, t: TFunction): string {
  const type = key.startsWith('documents.') ? key.slice('documents.'.length) : null;
  if (type && isOneOf(DOCUMENT_TYPES, type)) {
    return t(`labels.document.${type}`);
  }
  if (key === 'purpose' || key === 'qualification') return t(`wizard.steps.${key}`);
  return key;
}
