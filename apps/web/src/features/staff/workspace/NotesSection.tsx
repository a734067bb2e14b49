import { noteBodySchema, type StaffPractice } from '@lisbon/domain';
import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSendKeys } from '@/api';
import { formatDateTime } from '@/shared/format';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useLocale } from '@/shared/i18n';
import { FormAlert } from '@/shared/ui/FormAlert';
import { workspaceCalls } from '../api/workspace';
import { personName } from '../components/QueueTable';
import { useChange } from './ChangeForm';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/** Internal notes ('Note added'): read by staff only, never by the applicant. */
export function NotesSection({ practice, isAllowed }: { practice: StaffPractice; isAllowed: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'note',
    schema: noteBodySchema,
    initialValues: { text: '' },
  });
  const { run, failure, isBusy } = useChange('noteAdded', showServerErrors);
  // One key per typed note: Add pressed again after a lost answer adds it once.
  const [sendKeys] = useState(createSendKeys);

  return (
    <Stack gap="md">
      <Text>{t('staff.notes.hint')}</Text>
      {practice.notes.length === 0 ? (
        <Text>{t('staff.notes.none')}</Text>
      ) : (
        <Stack component="ol" className="plain-list" gap="xs">
          {practice.notes.map((note) => (
            <li key={note.id}>
              <Paper withBorder p="sm">
                <Text size="sm" fw={600}>
                  {personName(note.author) ?? '—'},{' '}
                  <time dateTime={note.created_at}>{formatDateTime(note.created_at, locale)}</time>
                </Text>
                <Text style={TYPED_TEXT}>{note.text}</Text>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
      {isAllowed && (
        <form
          onSubmit={submit((body) =>
            run(
              () => sendKeys.send(body, (key) => workspaceCalls.note(practice.id, body, key)),
              () => form.reset(),
            ),
          )}
          noValidate
        >
          <Stack gap="sm" maw={720}>
            <FormAlert message={failure} />
            <Textarea label={t('staff.notes.text')} required rows={2} {...form.getInputProps('text')} />
            <Button type="submit" loading={isBusy} w="fit-content">
              {t('staff.notes.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
