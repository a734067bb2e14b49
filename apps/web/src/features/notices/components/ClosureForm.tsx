import { closureInputSchema } from '@lisbon/domain';
import { Button, Group, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/shared/forms/DateField';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { announceClosure, closuresQuery, noticesQuery } from '../api/notices';

const EMPTY = { starts_on: '', ends_on: '', announce_from: '', notice_en_us: '', notice_it_it: '' };

/** "Announce a closure" (administrators): its days, from when its notice shows, the notice in both languages. */
export function ClosureForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'closure',
    schema: closureInputSchema,
    initialValues: EMPTY,
  });

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      await announceClosure(input);
      form.reset();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: closuresQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: noticesQuery().queryKey, exact: true }),
      ]);
      showSuccess(t('notices.staff.closureAnnounced'));
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="closure-form-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="closure-form-heading">
          {t('notices.staff.announceClosure')}
        </Title>
        <FormAlert message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateField label={t('notices.staff.firstDay')} required {...form.getInputProps('starts_on')} />
          <DateField label={t('notices.staff.lastDay')} required {...form.getInputProps('ends_on')} />
          <DateField
            label={t('notices.staff.announceFrom')}
            required
            {...form.getInputProps('announce_from')}
          />
        </SimpleGrid>
        <Textarea
          label={t('notices.staff.noticeEnglish')}
          required
          rows={2}
          {...form.getInputProps('notice_en_us')}
        />
        <Textarea
          label={t('notices.staff.noticeItalian')}
          required
          rows={2}
          {...form.getInputProps('notice_it_it')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('notices.staff.announce')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
