import {
  DOCUMENT_TYPES,
  type DocumentType,
  missingRequestedDocuments,
  type PracticeDocument,
  replyBodySchema,
  WORKSPACE_NOTICES,
} from '@lisbon/domain';
import { Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { currentLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { practiceQuery } from '../api/practices';
import { sendReply } from '../api/thread';
import { DocumentAttachments } from './DocumentAttachments';

type Props = { practiceId: number; requested: readonly DocumentType[] };

const MISSING_ID = 'reply-missing-documents';

/**
 * The applicant's reply to a 'cimea request': a message, and documents uploaded to this request
 * with the usual upload widget, then sent together ('Message sent'). Each document type asked for
 * must be among them, as the API requires: the form names those missing before sending.
 */
export function ReplyForm({ practiceId, requested }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [attached, setAttached] = useState<PracticeDocument[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isMissingShown, setIsMissingShown] = useState(false);
  const missing = missingRequestedDocuments(
    requested,
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
      const { data, notice } = await sendReply(practiceId, body);
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
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
      setIsBusy(false);
    }
  });
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
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
          name="reply-upload"
          practiceId={practiceId}
          types={types}
          defaultType={requested[0] ?? null}
          attached={attached}
          setAttached={setAttached}
          attachedLabel={t('reply.attached')}
          removeLabel={(fileName) => t('reply.remove', { name: fileName })}
        />
        <div id={MISSING_ID} tabIndex={-1} role="alert">
          {isMissingShown && missing.length > 0 && (
            <Text c="red.9" fw={600}>
              {t('reply.missingDocuments', {
                names: missing.map((type) => t(`labels.document.${type}`)).join('; '),
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
