import {
  blockingDocuments,
  DOCUMENT_TYPES,
  type DocumentType,
  isDeclarableUnobtainable,
  isOneOf,
  type Practice,
} from '@lisbon/domain';
import { Alert, Anchor, Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api';
import { DocumentTable } from '@/shared/documents/DocumentTable';
import { DocumentUploader } from '@/shared/documents/DocumentUploader';
import { IdentityDocumentExpiryNotice } from '@/shared/documents/DocumentExpiryWarning';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageLoader } from '@/shared/ui/PageLoader';
import { moveToReview, practiceDocumentsQuery } from '../api/practices';
import { UnobtainableDeclaration } from './UnobtainableDeclaration';

type Props = { practice: Practice; onSaved: (practice: Practice) => Promise<void> };

/** The document the applicant gets on /consent (generated there, printed, signed) before uploading it. */
const CONSENT_FORM: DocumentType = 'consent_form';

/** Step 3: the documents the service needs, which are still missing, and the upload. */
export function DocumentsStep({ practice, onSaved }: Props) {
  const { t } = useTranslation();
  const documents = useQuery(practiceDocumentsQuery(practice.id));
  /**
   * Why the review refused to open: the parts it named as missing (`documents.<type>`, or a step
   * not saved yet), or another failure's message.
   */
  const [refusal, setRefusal] = useState<{ parts: string[] } | { message: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  /** Refusals so far: each one takes the keyboard to what it says, as the busy button lost it. */
  const [refusals, setRefusals] = useState(0);

  const toReview = async () => {
    setRefusal(null);
    setIsBusy(true);
    try {
      await onSaved(await moveToReview(practice.id));
    } catch (error) {
      // A 422 names what is missing: `documents.<type>`, or a step not saved yet.
      const parts = isApiError(error) && error.status === 422 ? Object.keys(error.errors ?? {}) : [];
      setRefusal(parts.length > 0 ? { parts } : { message: errorMessage(error, t) });
      setRefusals((count) => count + 1);
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
  const declarations = documents.data.unobtainable_documents ?? [];
  /** Whether the applicant may say they cannot obtain the document (a refugee's studies, decision 119). */
  const isDeclarable = (type: DocumentType) => isDeclarableUnobtainable(practice.service, type);
  const blocking = blockingDocuments(missing, declarations);
  // A refusal names what is still missing now: a document uploaded or declared unobtainable since
  // drops out of it, and the refusal with it once nothing it named is missing (the review is asked
  // again on Continue).
  const stillMissing =
    refusal && 'parts' in refusal
      ? refusal.parts.filter(
          (key) => !key.startsWith('documents.') || blocking.some((type) => key === `documents.${type}`),
        )
      : [];
  const failure =
    refusal && 'message' in refusal
      ? refusal.message
      : stillMissing.length > 0
        ? t('wizard.documents.incomplete', {
            missing: stillMissing.map((key) => partName(key, t)).join(', '),
          })
        : null;
  /**
   * A refugee may have left documents of their studies behind (the refugees' terms ask for those
   * they have): the way to declare one unobtainable is said up front, while one is missing.
   */
  const isRefugeeLacking = blocking.some(isDeclarable);
  /** Whether the refusal names the consent form: the way to get it goes with it. */
  const isConsentRefused = stillMissing.includes(`documents.${CONSENT_FORM}`);

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
            const declaration = declarations.find((entry) => entry.type === type);
            const isDeclared = isMissing && declaration !== undefined && isDeclarable(type);
            return (
              <List.Item
                key={type}
                icon={
                  <ThemeIcon
                    size="sm"
                    radius="xl"
                    color={isDeclared ? 'gray' : isMissing ? 'orange' : 'green'}
                    aria-hidden
                  >
                    {isDeclared ? '–' : isMissing ? '!' : '✓'}
                  </ThemeIcon>
                }
              >
                {t(`labels.document.${type}`)}
                {' – '}
                <strong>
                  {isDeclared
                    ? t('wizard.documents.unobtainable.status')
                    : t(isMissing ? 'wizard.documents.missing' : 'wizard.documents.present')}
                </strong>
                {isMissing && isDeclarable(type) && (
                  <UnobtainableDeclaration practiceId={practice.id} type={type} declaration={declaration} />
                )}
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
        {isRefugeeLacking && (
          <Text mt="sm">
            <Trans
              i18nKey="wizard.documents.refugeeMissing"
              values={{ id: practice.id }}
              components={{ contact: <Anchor component={Link} to="/contact" /> }}
            />
          </Text>
        )}
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
        <FormAlert message={failure} revealOn={refusals} />
        {isConsentRefused && <ConsentFormLink />}
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
