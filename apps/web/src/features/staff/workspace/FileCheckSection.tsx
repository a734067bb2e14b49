import { type FileCheckBody, fileCheckBodySchema, type StaffPractice } from '@lisbon/domain';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useLocale } from '@/shared/i18n';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';
import { FormAlert } from '@/shared/ui/FormAlert';
import { workspaceCalls } from '../api/workspace';
import { personName } from '../components/QueueTable';
import { useChange } from './ChangeForm';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/**
 * 'File check concluded': the evaluator confirms the file is complete and readable; once concluded,
 * who concluded it, when, and the notes.
 */
export function FileCheckSection({ practice, isAllowed }: { practice: StaffPractice; isAllowed: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const check = practice.file_check;
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'file-check',
    schema: fileCheckBodySchema,
    initialValues: { notes: check?.notes ?? '' },
  });
  const { run, failure, isBusy } = useChange('fileCheckConcluded', showServerErrors);
  // The conclusion cannot be taken back (no second one is offered): asked first, not made by a slip.
  const [pending, setPending] = useState<FileCheckBody | null>(null);
  // Once concluded the form is gone: the keyboard goes to the outcome that replaced it.
  const outcome = useRef<HTMLParagraphElement>(null);
  // Closed whatever the answer: a refusal shows on the form, under the dialog no more.
  const conclude = (body: FileCheckBody) =>
    void run(() => workspaceCalls.fileCheck(practice.id, body)).then(() => setPending(null));

  return (
    <Stack gap="sm">
      <Text ref={outcome} tabIndex={-1}>
        {check
          ? t('staff.fileCheck.done', {
              date: formatDateTime(check.concluded_at, locale),
              name: personName(check.by) ?? '—',
            })
          : t('staff.fileCheck.notDone')}
      </Text>
      {check?.notes && <Text style={TYPED_TEXT}>{check.notes}</Text>}
      {/* Once concluded, the saved outcome above is what there is: no second conclusion offered (issue 33). */}
      {isAllowed && !check && (
        <form onSubmit={submit((body) => setPending(body))} noValidate>
          <Stack gap="sm">
            <FormAlert message={failure} />
            <Textarea label={t('staff.fileCheck.notes')} rows={2} {...form.getInputProps('notes')} />
            <Button type="submit" loading={isBusy} w="fit-content">
              {t('staff.fileCheck.submit')}
            </Button>
          </Stack>
        </form>
      )}
      {/* Always mounted (it renders nothing while closed): it outlives the form it belongs to, so
          it closes and hands the focus on once the conclusion replaced the form. */}
      <ConfirmDialog
        opened={pending !== null}
        title={t('staff.fileCheck.confirmTitle')}
        message={t('staff.fileCheck.confirm')}
        confirmLabel={t('staff.fileCheck.submit')}
        confirmColor="primary"
        isBusy={isBusy}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) conclude(pending);
        }}
        focusWhenOpenerGone={() => outcome.current}
      />
    </Stack>
  );
}
