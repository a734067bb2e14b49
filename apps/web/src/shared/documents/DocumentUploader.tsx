import {
  ACCEPTED_DOCUMENT_TYPES,
  acceptedFiles,
  acceptedFilesByType,
  type DocumentType,
  documentUploadFieldsSchema,
  type PracticeDocument,
} from '@lisbon/domain';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { config } from '../config';
import { blankToNull, useSchemaForm } from '../forms/schemaForm';
import { useUnsavedChanges } from '../forms/useUnsavedChanges';
import { errorMessage } from '../ui/errorMessage';
import { FormAlert } from '../ui/FormAlert';
import { showSuccess } from '../ui/toast';
import { DOCUMENT_QUERY_KEYS, uploadDocument } from './api';
import { aboutFile, fileProblem, UploadProgressBar, useUploadProgress } from './uploadProgress';
import { ChooseFileButton } from '../ui/ChooseFileButton';

type Values = { type: string | null; additional_type: string };

/**
 * A file chosen and not attached yet: its fields still to fill in (`undescribed`), on its way
 * (`sending`), or its upload unanswered (`unsent`). A form that sends the documents attached
 * refuses while there is one, so a file is never left behind unnoticed.
 */
export type PendingFile = { name: string; reason: 'undescribed' | 'sending' | 'unsent' };

type Props = {
  /** Unique on the page: scopes the fields for focus. */
  name: string;
  /** The request the file belongs to; none for a document kept on the account only. */
  practiceId?: number | undefined;
  /** The types offered; with a single one there is nothing to choose. */
  types: readonly DocumentType[];
  defaultType?: DocumentType | null;
  /**
   * Whether adding a document at all is up to the user (an appeal's supporting documents, a reply
   * to a question that asks for none): the type's fields then carry no required marker, yet a file
   * chosen still needs them.
   */
  isOptional?: boolean;
  onUploaded?: (document: PracticeDocument) => void;
  /** Told each time the file chosen and not attached yet changes (null: none). */
  onPendingChange?: (pending: PendingFile | null) => void;
  /**
   * Where what is typed in the fields (which document it is) is kept until a file is attached, as
   * the form's other unsaved values are (useUnsavedChanges); none: not kept.
   */
  unsavedKey?: string | undefined;
};

/**
 * Adds a document: its type (an additional document names its own), then a file dropped on the
 * zone or chosen with the button, sent with a progress bar. The API checks the file again.
 */
export function DocumentUploader({
  name,
  practiceId,
  types,
  defaultType = null,
  isOptional = false,
  onUploaded,
  onPendingChange,
  unsavedKey,
}: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hintId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  /** The file whose upload got no answer, or the server's failure: it may be sent again as is. */
  const [unsent, setUnsent] = useState<File | null>(null);
  /** The file chosen while its fields were missing (which document it is): kept, sent once they are filled in. */
  const [waiting, setWaiting] = useState<File | null>(null);
  const [sending, setSending] = useState<File | null>(null);
  const upload = useUploadProgress();
  const isSingleType = types.length === 1;
  const initialValues: Values = {
    type: isSingleType ? (types[0] ?? null) : defaultType,
    additional_type: '',
  };
  const { form, submit, showServerErrors } = useSchemaForm({
    name,
    schema: documentUploadFieldsSchema,
    initialValues,
    toInput: (values) => ({
      ...blankToNull(values),
      type: values.type ?? undefined,
      practice_id: practiceId,
    }),
  });
  /** Forgets the values kept for the fields, once a file is attached with them. */
  const clearKept = useRef<(() => void) | null>(null);
  // After each upload, and whenever the default changes, the type offered is the default (the
  // next document still missing). The uploader stays mounted, so the keyboard stays where it was.
  // As it opens, the type is the default already, or the one kept from before: left as it is.
  // A type the user picked for the next file stays until a file goes with it: the page's list of
  // missing documents, read again after an upload, may come after the pick and change the default.
  const [uploads, setUploads] = useState(0);
  const offered = useRef({ defaultType, uploads });
  const isTypePicked = useRef(false);
  const offerType = useEffectEvent(() => {
    if (isSingleType || isTypePicked.current || form.getValues().type === defaultType) return;
    const wasDirty = form.isDirty();
    form.setFieldValue('type', defaultType);
    // The type offered is no change of the user's: alone, it is nothing to keep or ask about.
    if (!wasDirty) form.resetDirty();
  });
  useEffect(() => {
    if (offered.current.defaultType === defaultType && offered.current.uploads === uploads) return;
    offered.current = { defaultType, uploads };
    offerType();
  }, [defaultType, uploads]);

  const typeInput = form.getInputProps('type');

  const pendingName = (waiting ?? sending ?? unsent)?.name ?? null;
  const pendingReason = waiting ? 'undescribed' : sending ? 'sending' : unsent ? 'unsent' : null;
  const tellPending = useEffectEvent(() =>
    onPendingChange?.(pendingName && pendingReason ? { name: pendingName, reason: pendingReason } : null),
  );
  useEffect(() => tellPending(), [pendingName, pendingReason]);

  const send = (file: File) => {
    setFailure(null);
    setUnsent(null);
    setWaiting(null);
    const problem = fileProblem(file, t);
    if (problem) {
      setFailure(problem);
      return;
    }
    // Kept until the fields it needs are filled in: the handler below runs only once they are.
    setWaiting(file);
    submit(async (fields) => {
      setWaiting(null);
      setSending(file);
      isTypePicked.current = false;
      try {
        const document = await upload.run((onProgress) => uploadDocument(fields, file, onProgress));
        await Promise.all(DOCUMENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        form.setFieldValue('additional_type', '');
        clearKept.current?.();
        setUploads((count) => count + 1);
        showSuccess(t('documentUpload.added'));
        onUploaded?.(document);
      } catch (error) {
        if (showServerErrors(error)) {
          setWaiting(file);
          return;
        }
        setFailure(aboutFile(file, errorMessage(error, t), t));
        // Sent again, the same file is the same upload (its id, decision 101): a first send the
        // server stored before its answer was lost is not stored twice.
        if (!isApiError(error) || error.status >= 500) setUnsent(file);
      } finally {
        setSending(null);
      }
    })();
  };

  const onReject = (rejections: FileRejection[]) => {
    const file = rejections[0]?.file;
    if (file) setFailure(fileProblem(file, t) ?? aboutFile(file, t('validation.fileTypeNotAccepted'), t));
  };

  return (
    <Stack gap="sm">
      {unsavedKey === undefined ? null : (
        <KeptFields
          form={form}
          unsavedKey={unsavedKey}
          clearRef={clearKept}
          // What the applicant typed or attached, not a type only picked in the select: alone, that
          // is no question on leaving (nor anything to keep).
          isUnsaved={hasTypedName(form.values) || waiting !== null || unsent !== null}
        />
      )}
      <FormAlert message={failure} />
      {unsent && !upload.isUploading ? (
        <Group gap="xs">
          <Button variant="light" onClick={() => send(unsent)}>
            {t('documentUpload.sendAgain', { name: unsent.name })}
          </Button>
          <Button variant="subtle" color="red" onClick={() => setUnsent(null)}>
            {t('documentUpload.forget', { name: unsent.name })}
          </Button>
        </Group>
      ) : null}
      {isSingleType ? null : (
        // Side by side from a tablet up; stacked on a phone, where two columns cut the type's name
        // ("Documento aggiun…") and squeeze the question beside it.
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('documentUpload.type')}
            required={!isOptional}
            data={types.map((type) => ({ value: type, label: t(`labels.document.${type}`) }))}
            allowDeselect={false}
            {...typeInput}
            onChange={(value) => {
              isTypePicked.current = true;
              typeInput.onChange(value);
            }}
          />
          {form.values.type === 'additional' && (
            <TextInput
              label={t('documentUpload.additionalType')}
              description={t('documentUpload.additionalTypeHelp')}
              required={!isOptional}
              {...form.getInputProps('additional_type')}
            />
          )}
        </SimpleGrid>
      )}
      <Dropzone
        onDrop={(files) => files[0] && send(files[0])}
        onReject={onReject}
        accept={acceptedFilesByType(ACCEPTED_DOCUMENT_TYPES)}
        maxSize={config.uploadMaxBytes}
        multiple={false}
        activateOnClick={false}
        activateOnKeyboard={false}
        loading={upload.isUploading}
        aria-describedby={hintId}
        // Its hidden file input (react-dropzone's, named "file upload" in English) is for drops only:
        // "Choose a file" below is the control, so assistive technologies are not offered both.
        inputProps={{ 'aria-hidden': true }}
        className="file-drop-zone"
      >
        <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
          {/* Only where a pointer can drag a file (app.css, as on the verify page): a phone's zone
              gives the limit, and the button below chooses the file. */}
          <Text fw={600} className="file-drop-words">
            {t('documentUpload.drop')}
          </Text>
          <Text size="sm" id={hintId}>
            {t('documentUpload.hint', { max: config.uploadMaxBytes / (1024 * 1024) })}
          </Text>
          <Text size="sm" className="file-drop-words">
            {t('documentUpload.orButton')}
          </Text>
        </Stack>
      </Dropzone>
      {waiting && !upload.isUploading ? (
        <Stack gap={4}>
          <Text size="sm">{t('documentUpload.waiting', { name: waiting.name })}</Text>
          <Group gap="xs">
            <Button variant="light" onClick={() => send(waiting)}>
              {t('documentUpload.sendWaiting', { name: waiting.name })}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setWaiting(null)}>
              {t('documentUpload.forget', { name: waiting.name })}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <ChooseFileButton onChoose={send} accept={acceptedFiles(ACCEPTED_DOCUMENT_TYPES)}>
        {(props) => (
          // Busy while a file goes, yet focusable (Mantine's `data-disabled`): a disabled button
          // would drop the keyboard's focus to the page's top.
          <Button
            {...props}
            onClick={upload.isUploading ? undefined : props.onClick}
            data-disabled={upload.isUploading || undefined}
            aria-disabled={upload.isUploading || undefined}
            variant="outline"
            w="fit-content"
          >
            {t('documentUpload.choose')}
          </Button>
        )}
      </ChooseFileButton>
      <UploadProgressBar progress={upload.progress} />
    </Stack>
  );
}

/** Whether the user typed which document it is (the name of an additional document). */
const hasTypedName = (values: Values): boolean =>
  values.type === 'additional' && values.additional_type.trim() !== '';

/** Keeps the uploader's fields under `unsavedKey` until a file is attached (`clearRef`), saying so once they are back. */
function KeptFields({
  form,
  unsavedKey,
  clearRef,
  isUnsaved,
}: {
  form: UseFormReturnType<Values>;
  unsavedKey: string;
  clearRef: RefObject<(() => void) | null>;
  isUnsaved: boolean;
}) {
  const unsaved = useUnsavedChanges(form, unsavedKey, isUnsaved);
  useEffect(() => {
    clearRef.current = unsaved.clear;
  });
  return (
    <>
      {unsaved.dialog}
      {unsaved.notice}
    </>
  );
}
