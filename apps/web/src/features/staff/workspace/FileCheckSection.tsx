import { fileCheckBodySchema, type StaffPractice } from '@lisbon/domain';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useLocale } from '@/shared/i18n';
import { FormAlert } from '@/shared/ui/FormAlert';
import { workspaceCalls } from '../api/workspace';
import { personName } from '../components/QueueTable';
import { useChange } from './ChangeForm';

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

  return (
    <Stack gap="sm">
      <Text>
        {check
          ? t('staff.fileCheck.done', {
              date: formatDateTime(check.concluded_at, locale),
              name: personName(check.by) ?? '—',
            })
          : t('staff.fileCheck.notDone')}
      </Text>
      {check?.notes && <Text style={{ whiteSpace: 'pre-wrap' }}>{check.notes}</Text>}
      {/* Once concluded, the saved outcome above is what there is: no second conclusion offered (issue 33). */}
      {isAllowed && !check && (
        <form onSubmit={submit((body) => run(() => workspaceCalls.fileCheck(practice.id, body)))} noValidate>
          <Stack gap="sm">
            <FormAlert message={failure} />
            <Textarea label={t('staff.fileCheck.notes')} rows={2} {...form.getInputProps('notes')} />
            <Button type="submit" loading={isBusy} w="fit-content">
              {t('staff.fileCheck.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
