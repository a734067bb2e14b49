import {
  ACCEPTED_DOCUMENT_TYPES,
  acceptedFiles,
  isAddedSincePublication,
  isDocumentChangeable,
  isStatementEvidence,
  type PracticeDocument,
  type PracticeStatus,
} from '@lisbon/domain';
import { Box, Button, Group, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFileSize } from '../format';
import { useLocale } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { errorMessage } from '../ui/errorMessage';
import { FormAlert } from '../ui/FormAlert';
import { showError, showSuccess } from '../ui/toast';
import { deleteDocument, DOCUMENT_QUERY_KEYS, downloadDocument, replaceDocument } from './api';
import { aboutFile, fileProblem, UploadProgressBar, useUploadProgress } from './uploadProgress';
import { CardList, useIsNarrowScreen } from '@/shared/ui/CardList';
import { ScrollableTable } from '@/shared/ui/ScrollableTable';
import { documentLabel } from './documentLabel';
import { ChooseFileButton } from '../ui/ChooseFileButton';

type Props = {
  documents: readonly PracticeDocument[];
  caption: string;
  /** Replace and delete are offered while the request accepts changes. */
  isEditable: boolean;
  /**
   * The request the documents are of: once its statement is published, those it was evaluated on
   * are kept as they were, in an appeal's reply too (`isStatementEvidence`, decision 026); those
   * added since may be deleted, as the API allows, the window closed or not (`isAddedSincePublication`),
   * and replaced while the appeal window is open (`isDocumentChangeable`, which needs to know whether
   * the statement was withdrawn).
   */
  practice?: {
    status: PracticeStatus;
    published_at?: string | null | undefined;
    statement_withdrawn_at?: string | null | undefined;
  };
};

/**
 * A request's documents: type, file, size, date; download always, replace and delete while editable.
 * A table from the side navigation up; cards, their buttons in view, on phones and tablets.
 */
export function DocumentTable({ documents, caption, isEditable, practice }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const queryClient = useQueryClient();
  const upload = useUploadProgress();
  const [failure, setFailure] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PracticeDocument | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const table = useRef<HTMLDivElement>(null);
  // The document just deleted, until the list shown no longer holds it. Its row may go after the
  // dialog has closed (the page's list is read again on its own time, /documents'): the dialog then
  // gave the focus back to the row's Delete button, which leaves with the row.
  const deleted = useRef<number | null>(null);
  useEffect(() => {
    if (deleted.current === null || documents.some((shown) => shown.id === deleted.current)) return;
    deleted.current = null;
    const focused = document.activeElement;
    // Only a focus the row took with it (the page's body): one the keyboard has moved on stays.
    if (focused !== null && focused !== document.body) return;
    (table.current ?? document.querySelector<HTMLElement>('#main-content'))?.focus();
  }, [documents]);
  const isEvidence = (document: PracticeDocument) =>
    practice !== undefined && isStatementEvidence(practice, document.created_at);
  /** Delete as the API takes it (`isDocumentDeletable`): what may be changed, and a published request's additions. */
  const isDeletable = (document: PracticeDocument) =>
    (isEditable && !isEvidence(document)) ||
    (practice !== undefined && isAddedSincePublication(practice, document.created_at));

  /**
   * Replace as the API takes it: while the request accepts changes, and on a published request in
   * its appeal window a document added since the release (`isDocumentChangeable`, the API's rule).
   */
  const isReplaceable = (document: PracticeDocument) =>
    (isEditable && !isEvidence(document)) ||
    (practice?.status === 'published' &&
      practice.statement_withdrawn_at !== undefined &&
      isDocumentChangeable(
        {
          status: practice.status,
          published_at: practice.published_at ?? null,
          statement_withdrawn_at: practice.statement_withdrawn_at,
        },
        document.created_at,
        new Date(),
      ));

  const refresh = () =>
    Promise.all(DOCUMENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const download = async (document: PracticeDocument) => {
    try {
      await downloadDocument(document);
    } catch {
      showError(t('messages.exportFailed'));
    }
  };

  const replace = async (document: PracticeDocument, file: File) => {
    const problem = fileProblem(file, t);
    setFailure(problem);
    if (problem) return;
    try {
      await upload.run((onProgress) => replaceDocument(document.id, file, onProgress));
      await refresh();
      showSuccess(t('documentUpload.updated'));
    } catch (error) {
      setFailure(aboutFile(file, errorMessage(error, t), t));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setIsDeleting(true);
    try {
      await deleteDocument(toDelete.id);
      deleted.current = toDelete.id;
      await refresh();
      showSuccess(t('documentUpload.deleted'));
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setIsDeleting(false);
      setToDelete(null);
    }
  };

  /** Download always; replace and delete as the API allows, neither for the documents evaluated. */
  const actions = (document: PracticeDocument) => (
    <>
      <Button size="xs" variant="light" onClick={() => void download(document)}>
        {t('documentUpload.download')}
        <span className="visually-hidden"> {documentLabel(document, t)}</span>
      </Button>
      {isEditable && isEvidence(document) && <Text size="sm">{t('documentUpload.evaluated')}</Text>}
      {isReplaceable(document) && (
        <ChooseFileButton
          onChoose={(file) => void replace(document, file)}
          accept={acceptedFiles(ACCEPTED_DOCUMENT_TYPES)}
        >
          {(props) => (
            <Button {...props} size="xs" variant="outline" disabled={upload.isUploading}>
              {t('documentUpload.replace')}
              <span className="visually-hidden"> {documentLabel(document, t)}</span>
            </Button>
          )}
        </ChooseFileButton>
      )}
      {isDeletable(document) && (
        <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(document)}>
          {t('documentUpload.delete')}
          <span className="visually-hidden"> {documentLabel(document, t)}</span>
        </Button>
      )}
    </>
  );

  return (
    <>
      <FormAlert message={failure} />
      {documents.length === 0 ? (
        // The table's place once its last document is deleted: the keyboard goes on from here, told
        // that none is left, where it went to the page's main content (the wizard's step, /documents).
        <Box ref={table} tabIndex={-1}>
          <Text>{t('documentsPage.noDocuments')}</Text>
        </Box>
      ) : isNarrow ? (
        // Below the side navigation the documents are cards, as the lists of requests are
        // (decision 085): the buttons in view under each document, nothing to scroll sideways to.
        <Box ref={table} tabIndex={-1}>
          <CardList
            caption={caption}
            items={documents.map((document) => ({
              key: document.id,
              title: (
                <Text size="sm" fw={600}>
                  {documentLabel(document, t)}
                </Text>
              ),
              lines: [
                <span key="file" style={{ wordBreak: 'break-all' }}>
                  {document.file_name}
                </span>,
              ],
              facts: [
                { label: t('documentUpload.columns.size'), value: formatFileSize(document.size, locale) },
                { label: t('documentUpload.columns.added'), value: formatDate(document.created_at, locale) },
              ],
              actions: actions(document),
            }))}
          />
        </Box>
      ) : (
        <ScrollableTable ref={table} minWidth={640} label={caption}>
          <Table striped verticalSpacing="xs">
            <Table.Caption>{caption}</Table.Caption>
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
              {documents.map((document) => (
                <Table.Tr key={document.id}>
                  <Table.Th scope="row" fw={500}>
                    {documentLabel(document, t)}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{document.file_name}</Table.Td>
                  <Table.Td>{formatFileSize(document.size, locale)}</Table.Td>
                  <Table.Td>{formatDate(document.created_at, locale)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {actions(document)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
      <UploadProgressBar progress={upload.progress} />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('documentUpload.deleteTitle')}
        message={t('documentUpload.deleteMessage', { name: toDelete?.file_name ?? '' })}
        confirmLabel={t('documentUpload.deleteConfirm')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
        isBusy={isDeleting}
        // The deleted row's button is gone: the keyboard goes on from the table, or its empty place.
        focusWhenOpenerGone={() => table.current}
      />
    </>
  );
}
