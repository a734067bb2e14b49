import {
  DOCUMENT_TYPES,
  type DocumentType,
  type PracticeDocument,
  replyBodySchema,
  WORKSPACE_NOTICES,
} from '@lisbon/domain';
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentUploader } from '@/shared/documents/DocumentUploader';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { currentLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { practiceQuery } from '../api/practices';
import { sendReply } from '../api/thread';

type Props = { practiceId: number; requested: readonly DocumentType[] };

/**
 * The applicant's reply to a 'cimea request': a message, and documents uploaded to this request
 * with the usual upload widget, then sent together ('Message sent').
 */
export function ReplyForm({ practiceId, requested }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [attached, setAttached] = useState<PracticeDocument[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'reply',
    schema: replyBodySchema,
    initialValues: { message: '' },
    toInput: (values) => ({ message: values.message, document_ids: attached.map((document) => document.id) }),
  });
  // What was asked for comes first; anything else may go as an additional document.
  const types = requested.length > 0 ? [...new Set([...requested, 'additional' as const])] : DOCUMENT_TYPES;

  const onSubmit = submit(async (body) => {
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
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
      setIsBusy(false);
    }
  });

  return (
    <section aria-labelledby="reply-title">
      <Title order={2} id="reply-title" mb="xs">
        {t('reply.title')}
      </Title>
      <Stack gap="md">
        <FormAlert message={failure} />
        <Title order={3} size="h4">
          {t('reply.attachTitle')}
        </Title>
        <DocumentUploader
          name="reply-upload"
          practiceId={practiceId}
          types={types}
          defaultType={requested[0] ?? null}
          onUploaded={(document) => setAttached((current) => [...current, document])}
        />
        {attached.length > 0 && (
          <div>
            <Text fw={600}>{t('reply.attached')}</Text>
            <ul className="plain-list">
              {attached.map((document) => (
                <li key={document.id}>
                  <Group gap="xs">
                    <Text>{document.file_name}</Text>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        setAttached((current) => current.filter((item) => item.id !== document.id))
                      }
                    >
                      {t('reply.remove', { name: document.file_name })}
                    </Button>
                  </Group>
                </li>
              ))}
            </ul>
          </div>
        )}
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
