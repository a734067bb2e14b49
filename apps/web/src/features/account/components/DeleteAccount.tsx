import { deleteAccountSchema, isSameEmail, type User } from '@lisbon/domain';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { endSession } from '@/shared/session/session';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { deleteAccount } from '../api/account';
import { SettingsSection } from './SettingsSection';

/** Deletion, confirmed by typing the account's own email (spec §5); then logged out, to home. */
export function DeleteAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // The API compares the address as the domain reads any email: trimmed, lower case.
  const schema = useMemo(
    () =>
      deleteAccountSchema.refine((value) => isSameEmail(value.email, user.email), {
        message: 'emailMismatch',
        path: ['email'],
      }),
    [user.email],
  );
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'delete-account',
    schema,
    initialValues: { email: '' },
  });

  const onSubmit = submit(async ({ email }) => {
    setFailure(null);
    try {
      await deleteAccount(user.id, email);
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
      return;
    }
    showSuccess(t('messages.accountDeleted'));
    endSession(queryClient);
    await navigate('/', { replace: true });
  });

  return (
    <SettingsSection id="delete-account" title={t('account.delete.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={480}>
          <Text>{t('account.delete.explanation')}</Text>
          <FormAlert message={failure} />
          <TextInput
            label={t('account.delete.typeEmail')}
            description={user.email}
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" color="red" loading={form.submitting} w="fit-content">
            {t('account.delete.submit')}
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
