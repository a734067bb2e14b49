import type { PracticeDocument, StaffPractice } from '@lisbon/domain';
import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFileSize } from '@/shared/format';
import { currentLocale } from '@/shared/i18n';
import { saveBlob } from '@/shared/ui/saveBlob';
import { showError } from '@/shared/ui/toast';
import { fetchStaffDocument } from '../api/workspace';
import { DocumentPreview, isImage } from './DocumentPreview';
import { Section } from './Section';

/** Download, and for a PDF open in a new tab: the browser's own viewer (see DocumentPreview). */
export function DocumentButtons({
  practiceId,
  document,
}: {
  practiceId: number;
  document: PracticeDocument;
}) {
  const { t } = useTranslation();
  const fetchBlob = () => fetchStaffDocument(practiceId, document.id);
  const download = async () => {
    try {
      saveBlob(await fetchBlob(), document.file_name);
    } catch {
      showError(t('messages.exportFailed'));
    }
  };
  const open = async () => {
    // Opened at once, in the click, so that no pop-up blocker stands in the way; filled when loaded.
    const tab = window.open('', '_blank');
    try {
      const blob = await fetchBlob();
      const url = URL.createObjectURL(new Blob([blob], { type: document.content_type }));
      if (tab) tab.location.href = url;
      else saveBlob(blob, document.file_name);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      showError(t('messages.exportFailed'));
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {!isImage(document) && (
        <Button size="xs" variant="light" onClick={() => void open()}>
          {t('staff.documents.open')}
          <span className="visually-hidden"> {document.file_name}</span>
        </Button>
      )}
      <Button size="xs" variant="outline" onClick={() => void download()}>
        {t('documentUpload.download')}
        <span className="visually-hidden"> {document.file_name}</span>
      </Button>
    </Group>
  );
}

/** The request's documents: type, file, size, date; each shown inline on demand, PDFs also opened in a tab, or saved. */
export function StaffDocuments({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [shown, setShown] = useState<number | null>(null);
  const typeOf = (document: PracticeDocument) =>
    document.type === 'additional' && document.additional_type
      ? `${t('labels.document.additional')}: ${document.additional_type}`
      : t(`labels.document.${document.type}`);
  const shownDocument = practice.documents.find((document) => document.id === shown);

  return (
    <Section id="documents" title={t('wizard.steps.documents')}>
      {practice.documents.length === 0 ? (
        <Text>{t('messages.noItems')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
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
                    {typeOf(document)}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{document.file_name}</Table.Td>
                  <Table.Td>{formatFileSize(document.size, locale)}</Table.Td>
                  <Table.Td>{formatDate(document.created_at, locale)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="outline"
                        aria-pressed={shown === document.id}
                        onClick={() => setShown(shown === document.id ? null : document.id)}
                      >
                        {t('staff.documents.preview')}
                        <span className="visually-hidden"> {document.file_name}</span>
                      </Button>
                      <DocumentButtons practiceId={practice.id} document={document} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" mt="xs">
        {t('staff.documents.pdfNote')}
      </Text>
      {shownDocument && (
        <DocumentPreview key={shownDocument.id} practiceId={practice.id} document={shownDocument} />
      )}
    </Section>
  );
}
