import type { PracticeDocument, StaffPractice } from '@lisbon/domain';
import { Alert, Button, Group, List, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFileSize } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { saveBlob } from '@/shared/ui/saveBlob';
import { showError } from '@/shared/ui/toast';
import { fetchStaffDocument } from '../api/workspace';
import { DocumentPreview, isImage } from './DocumentPreview';
import { Section } from './Section';
import { ScrollableTable } from '@/shared/ui/ScrollableTable';
import { documentLabel } from '@/shared/documents/documentLabel';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/** Download, saved under the document's own name: a PDF opens in the staff member's reader, never in the portal. */
export function DocumentButtons({
  practiceId,
  document,
}: {
  practiceId: number;
  document: PracticeDocument;
}) {
  const { t } = useTranslation();
  const download = async () => {
    try {
      saveBlob(await fetchStaffDocument(practiceId, document.id), document.file_name);
    } catch {
      showError(t('messages.exportFailed'));
    }
  };
  return (
    <Button size="xs" variant="outline" onClick={() => void download()}>
      {t('documentUpload.download')}
      <span className="visually-hidden"> {document.file_name}</span>
    </Button>
  );
}

/** The request's documents: type, file, size, date; images shown inline on demand, every document saved (decision 058). */
export function StaffDocuments({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [shown, setShown] = useState<number | null>(null);
  const shownDocument = practice.documents.find((document) => document.id === shown && isImage(document));

  return (
    <Section id="documents" title={t('wizard.steps.documents')}>
      {practice.documents.length === 0 ? (
        <Text>{t('staff.documents.none')}</Text>
      ) : (
        // Fits from 600 px up, its buttons one above the other where they must; narrower, it scrolls.
        <ScrollableTable minWidth={520} label={t('practice.documentsCaption', { id: practice.id })}>
          <Table striped verticalSpacing="xs">
            <Table.Caption>{t('practice.documentsCaption', { id: practice.id })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('documentUpload.columns.type')}</Table.Th>
                <Table.Th scope="col">{t('documentUpload.columns.file')}</Table.Th>
                <Table.Th scope="col">{t('documentUpload.columns.size')}</Table.Th>
                <Table.Th scope="col">{t('documentUpload.columns.added')}</Table.Th>
                <Table.Th scope="col">{t('documentUpload.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {practice.documents.map((document) => (
                <Table.Tr key={document.id}>
                  <Table.Th scope="row" fw={500}>
                    {documentLabel(document, t)}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{document.file_name}</Table.Td>
                  <Table.Td>{formatFileSize(document.size, locale)}</Table.Td>
                  <Table.Td>{formatDate(document.created_at, locale)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {isImage(document) && (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-pressed={shown === document.id}
                          onClick={() => setShown(shown === document.id ? null : document.id)}
                        >
                          {t('staff.documents.preview')}
                          <span className="visually-hidden"> {document.file_name}</span>
                        </Button>
                      )}
                      <DocumentButtons practiceId={practice.id} document={document} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
      <Text size="sm" mt="xs">
        {t('staff.documents.pdfNote')}
      </Text>
      <UnobtainableDocuments practice={practice} />
      {shownDocument && (
        <DocumentPreview key={shownDocument.id} practiceId={practice.id} document={shownDocument} />
      )}
    </Section>
  );
}

/**
 * The documents a refugee declared they cannot obtain (decision 119), beside the documents: the
 * evaluator assesses the qualification from the evidence there is. Nothing when there are none.
 */
function UnobtainableDocuments({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const declarations = practice.unobtainable_documents ?? [];
  if (declarations.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mt="md"
      title={
        <Title order={3} size="h4">
          {t('staff.documents.unobtainableTitle')}
        </Title>
      }
    >
      <Text size="sm" mb="xs">
        {t('staff.documents.unobtainableIntro')}
      </Text>
      <List spacing={4}>
        {declarations.map((declaration) => (
          <List.Item key={declaration.type}>
            <Text size="sm" component="span" fw={500}>
              {t(`labels.document.${declaration.type}`)}
            </Text>{' '}
            <Text size="sm" component="span" c="dimmed">
              (
              {t('staff.documents.unobtainableDeclaredOn', {
                date: formatDate(declaration.declared_at, locale),
              })}
              )
            </Text>
            <Text size="sm" style={TYPED_TEXT}>
              {declaration.explanation ?? t('staff.documents.unobtainableNoExplanation')}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
