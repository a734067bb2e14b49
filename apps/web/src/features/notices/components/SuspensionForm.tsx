import { returnDeliverySuspensionInputSchema } from '@lisbon/domain';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/shared/forms/DateField';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { suspendReturnDelivery, suspensionsQuery } from '../api/notices';

/** "Suspend return delivery" (administrators): the first and last day carts cannot be paid. */
export function SuspensionForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'suspension',
    schema: returnDeliverySuspensionInputSchema,
    initialValues: { starts_on: '', ends_on: '' },
  });

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      await suspendReturnDelivery(input);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: suspensionsQuery().queryKey });
      showSuccess(t('notices.staff.suspensionAdded'));
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="suspension-form-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="suspension-form-heading">
          {t('notices.staff.suspendDelivery')}
        </Title>
        <FormAlert message={failure} />
        <Group align="flex-start" gap="sm">
          <DateField label={t('notices.staff.firstDay')} required {...form.getInputProps('starts_on')} />
          <DateField label={t('notices.staff.lastDay')} required {...form.getInputProps('ends_on')} />
        </Group>
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('notices.staff.suspend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
