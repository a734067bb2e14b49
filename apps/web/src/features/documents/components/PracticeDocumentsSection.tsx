import {
  blockingDocuments,
  countryName,
  DOCUMENT_TYPES,
  isAddedSincePublication,
  type PracticeDocuments,
} from '@lisbon/domain';
import { Alert, Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTable } from '@/shared/documents/DocumentTable';
import { DocumentUploader } from '@/shared/documents/DocumentUploader';
import { useLocale } from '@/shared/i18n';
import { StatusBadge } from '@/shared/ui/StatusBadge';

type Props = {
  entry: PracticeDocuments;
  /** When the answer came (ms): what the wait for an open checkout is counted from. */
  answeredAt: number;
};

/** One request on /documents: its documents, and while editable the required ones still missing and the upload. */
export function PracticeDocumentsSection({ entry, answeredAt }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = `documents-practice-${entry.practice_id}`;
  // A refugee's document declared unobtainable (decision 119) is not missing to them any more.
  const stillMissing = blockingDocuments(entry.missing_documents, entry.unobtainable_documents ?? []);
  // The wait for an open checkout, as the server counted it when it answered: a browser whose clock
  // is off would count wrong from `payment_open_until` (an answer of an older instance has only that).
  const minutesLeft = (until: string) =>
    Math.max(
      1,
      Math.ceil(
        entry.payment_open_seconds_left != null
          ? entry.payment_open_seconds_left / 60
          : (Date.parse(until) - answeredAt) / 60_000,
      ),
    );
  const title = t('documentsPage.practiceTitle', {
    id: entry.practice_id,
    country: countryName(entry.country, locale),
    level: t(`labels.level.${entry.level}`),
  });
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} id={headingId}>
            {title}
          </Title>
          <StatusBadge label={entry.status_label} appealType={entry.appeal_type} />
        </Group>
        <Anchor component={Link} to={`/practices/${entry.practice_id}`} w="fit-content">
          {t('documentsPage.openRequest', { id: entry.practice_id })}
        </Anchor>
        <div>
          <Title order={3} size="h4" mb={4}>
            {t('documentsPage.required')}
          </Title>
          <List>
            {entry.required_documents.map((type) => (
              <List.Item key={type}>{t(`labels.document.${type}`)}</List.Item>
            ))}
          </List>
        </div>
        {/* What is missing is said only where it can still be added: a request past its
            draft or question (published, closed, being evaluated) lists nothing to upload. */}
        {stillMissing.length === 0 ? (
          <Text>{t('documentsPage.complete')}</Text>
        ) : (
          entry.is_editable && (
            <Alert color="orange" variant="light" title={t('documentsPage.missing')}>
              {stillMissing.map((type) => t(`labels.document.${type}`)).join(', ')}
              {/* The consent form is generated on /consent, to be printed and signed. */}
              {stillMissing.includes('consent_form') && (
                // blue.9: the link colour (blue.8) is 4.22:1 on the orange tint (issue 14).
                <Anchor component={Link} to="/consent" c="blue.9" display="block" mt="xs" w="fit-content">
                  {t('documentsPage.getConsentForm')}
                </Anchor>
              )}
            </Alert>
          )
        )}
        <DocumentTable
          documents={entry.documents}
          caption={t('documentsPage.tableCaption', { id: entry.practice_id })}
          isEditable={entry.is_editable}
          practice={entry}
        />
        {entry.is_editable ? (
          <div>
            <Title order={3} size="h4" mb="xs">
              {t('documentsPage.add')}
            </Title>
            <DocumentUploader
              name={`upload-${entry.practice_id}`}
              practiceId={entry.practice_id}
              types={DOCUMENT_TYPES}
              defaultType={entry.missing_documents[0] ?? null}
            />
          </div>
        ) : entry.payment_open_until !== null ? (
          // A draft whose checkout is open (409 PAYMENT_OPEN, decision 020): why, and for how long at most.
          <Alert color="blue" variant="light" role="status">
            {t('apiErrors.PAYMENT_OPEN', { minutes: minutesLeft(entry.payment_open_until) })}
          </Alert>
        ) : (
          <Text size="sm">
            {entry.documents.some((document) => isAddedSincePublication(entry, document.created_at))
              ? t('documentsPage.lockedAddedDeletable')
              : t('documentsPage.locked')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
