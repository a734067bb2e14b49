import {
  DOCUMENT_TYPES,
  type DocumentType,
  documentTypesSince,
  missingRequestedDocuments,
  type PracticeDocument,
  replyBodySchema,
  requestedDocumentField,
  WORKSPACE_NOTICES,
} from '@lisbon/domain';
import { Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSendKeys } from '@/api';
import { isApiError } from '@/api/errors';
import type { PendingFile } from '@/shared/documents/DocumentUploader';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { currentLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { practiceQuery } from '../api/practices';
import { sendReply } from '../api/thread';
import { DocumentAttachments, pendingAlertId } from './DocumentAttachments';

type Props = {
  practiceId: number;
  requested: readonly DocumentType[];
  /** When the question was asked: a document the request got since (on the documents page, say) answers it. */
  askedAt: string;
  /** The request's documents, as its page read them. */
  documents: readonly PracticeDocument[];
};

const MISSING_ID = 'reply-missing-documents';
const UPLOAD_NAME = 'reply-upload';

/** The document types a 422 on the reply names (`requested_documents.<type>`): asked for and not brought. */
function refusedDocumentTypes(error: unknown): DocumentType[] {
  if (!isApiError(error) || error.status !== 422 || !error.errors) return [];
  return DOCUMENT_TYPES.filter((type) => requestedDocumentField(type) in (error.errors ?? {}));
}

/**
 * The applicant's reply to a 'cimea request': a message, and documents uploaded to this request
 * with the usual upload widget, then sent together ('Message sent'). Each document type asked for
 * must have been uploaded since the question, here or on the documents page, as the API requires:
 * the form names those missing before sending, and those the API names if it refuses the reply.
 */
export function ReplyForm({ practiceId, requested, askedAt, documents }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [attached, setAttached] = useState<PracticeDocument[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // One key per composed reply: Send pressed again after a lost answer is not a second reply.
  const [sendKeys] = useState(createSendKeys);
  const [isMissingShown, setIsMissingShown] = useState(false);
  const [pending, setPending] = useState<PendingFile | null>(null);
  const [isPendingShown, setIsPendingShown] = useState(false);
  // What the API refused the last reply for: shown until a document of each is attached here.
  const [refusedTypes, setRefusedTypes] = useState<DocumentType[]>([]);
  const brought = [...attached.map((document) => document.type), ...documentTypesSince(documents, askedAt)];
  const missing = missingRequestedDocuments(requested, brought);
  const shownMissing =
    missing.length > 0
      ? missing
      : missingRequestedDocuments(
          refusedTypes,
          attached.map((document) => document.type),
        );
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'reply',
    schema: replyBodySchema,
    initialValues: { message: '' },
    toInput: (values) => ({ message: values.message, document_ids: attached.map((document) => document.id) }),
  });
  // What was asked for comes first; anything else may go as an additional document.
  const types = requested.length > 0 ? [...new Set([...requested, 'additional' as const])] : DOCUMENT_TYPES;

  const send = submit(async (body) => {
    if (missing.length > 0) return;
    setFailure(null);
    setIsBusy(true);
    try {
      const { data, notice } = await sendKeys.send(body, (key) => sendReply(practiceId, body, key));
      queryClient.setQueryData(practiceQuery(practiceId).queryKey, data);
      await Promise.all(
        [['practices'], ['documents'], ['notifications']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      showSuccess(WORKSPACE_NOTICES[currentLocale()][notice?.notice ?? 'messageSent']);
      // The question answered, this form is gone: focus on the messages, where the reply now stands.
      document.getElementById('practice-thread')?.focus();
    } catch (error) {
      const refused = refusedDocumentTypes(error);
      if (refused.length > 0) {
        // The page's copy of the request was behind: say what the API found missing, and read it again.
        setRefusedTypes(refused);
        setIsMissingShown(true);
        document.getElementById(MISSING_ID)?.focus();
        await queryClient.invalidateQueries({ queryKey: practiceQuery(practiceId).queryKey });
      } else if (!showServerErrors(error)) setFailure(errorMessage(error, t));
      setIsBusy(false);
    }
  });
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    // A file chosen and not attached yet would not go with the reply: it comes first.
    setIsPendingShown(pending !== null);
    if (pending) {
      event?.preventDefault();
      document.getElementById(pendingAlertId(UPLOAD_NAME))?.focus();
      return;
    }
    setIsMissingShown(missing.length > 0);
    if (missing.length > 0) document.getElementById(MISSING_ID)?.focus();
    send(event);
  };

  return (
    <section aria-labelledby="reply-title">
      <Title order={2} id="reply-title" mb="xs">
        {t('reply.title')}
      </Title>
      <Stack gap="md">
        <FormAlert message={failure} />
        <Title order={3} size="h4">
          {requested.length > 0 ? t('reply.attachRequestedTitle') : t('reply.attachTitle')}
        </Title>
        <DocumentAttachments
          name={UPLOAD_NAME}
          practiceId={practiceId}
          types={types}
          defaultType={requested[0] ?? null}
          // Nothing asked for, attaching a document is up to the applicant (as an appeal's supporting
          // documents): no required markers on its type, which a file chosen still needs.
          isOptional={requested.length === 0}
          attached={attached}
          setAttached={setAttached}
          attachedLabel={t('reply.attached')}
          removeLabel={(fileName) => t('reply.remove', { name: fileName })}
          onPendingChange={setPending}
          refusedPending={isPendingShown ? pending : null}
        />
        <div id={MISSING_ID} tabIndex={-1} role="alert">
          {isMissingShown && shownMissing.length > 0 && (
            <Text c="red.9" fw={600}>
              {t('reply.missingDocuments', {
                names: shownMissing.map((type) => t(`labels.document.${type}`)).join('; '),
              })}
            </Text>
          )}
        </div>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Textarea label={t('reply.message')} required rows={4} {...form.getInputProps('message')} />
            <Button type="submit" loading={isBusy} w="fit-content">
              {t('reply.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </section>
  );
}
