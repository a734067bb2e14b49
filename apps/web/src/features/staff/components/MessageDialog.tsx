import { MESSAGE_MAX_LENGTH, type MessageApplicantsBody, messageApplicantsBodySchema } from '@lisbon/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSendKeys } from '@/api';
import { dialogDrafts } from '@/shared/forms/drafts';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { FormAlert } from '@/shared/ui/FormAlert';
import { messageApplicants } from '../api/queues';
import { useQueueDialog } from './useQueueDialog';

type Props = { practiceIds: readonly number[]; opened: boolean; onClose: () => void; onSent?: () => void };

/** One message to the applicants of the selected requests (decision 071): their threads and mailboxes. */
export function MessageDialog({ practiceIds, opened, onClose, onSent }: Props) {
  const { t } = useTranslation();
  // Per selection of requests: the same requests selected again find their text.
  const draftKey = `message:${[...practiceIds].sort((a, b) => a - b).join(',')}`;
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'message',
    schema: messageApplicantsBodySchema,
    initialValues: { message: '' },
    toInput: (values) => ({ practice_ids: [...practiceIds], message: values.message }),
  });
  // One key per composed message: a press of Send again after a lost answer is not a second mail.
  const [sendKeys] = useState(createSendKeys);
  const { failure, isBusy, close, run } = useQueueDialog({
    send: (body: MessageApplicantsBody) => sendKeys.send(body, (key) => messageApplicants(body, key)),
    notice: 'messageSent',
    reset: () => form.reset(),
    showServerErrors,
    onClose,
    onDone: onSent,
    draft: {
      keep: () => dialogDrafts.keep(draftKey, form.getValues()),
      forget: () => dialogDrafts.forget(draftKey),
    },
  });
  // Opened again for the same requests, the dialog shows what was typed and not sent.
  const restoreDraft = useEffectEvent((key: string) => {
    const draft = dialogDrafts.read<{ message: string }>(key);
    if (draft) form.setValues(draft);
  });
  useEffect(() => {
    if (opened) restoreDraft(draftKey);
  }, [opened, draftKey]);
  const onSubmit = submit(run);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('operations.bulk.dialogTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text>
            {t('operations.bulk.intro', {
              count: practiceIds.length,
              ids: practiceIds.map((id) => t('practices.rowNumber', { id })).join(', '),
            })}
          </Text>
          <FormAlert message={failure} />
          <Textarea
            label={t('operations.bulk.label')}
            required
            rows={5}
            maxLength={MESSAGE_MAX_LENGTH}
            data-autofocus
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {t('operations.bulk.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
