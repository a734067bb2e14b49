import { updatePasswordSchema } from '@lisbon/domain';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '@/shared/forms/PasswordChecklist';
import { PasswordField } from '@/shared/forms/PasswordField';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { changePassword } from '../api/account';
import { SettingsSection } from './SettingsSection';

/** Change password: the current one, then the new one with the rule of spec §5. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'change-password',
    schema: updatePasswordSchema,
    initialValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      await changePassword(input);
    } catch (error) {
      // The alert above the fields is the first error: focus goes there, not to a field.
      showServerErrors(error, { focus: false });
      setFailure(failureMessage(error, t('messages.tryAgainOrContact')));
      return;
    }
    form.reset();
    showSuccess(t('messages.passwordUpdated'));
  });

  return (
    <SettingsSection id="change-password" title={t('account.password.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={480}>
          <FormAlert message={failure} reveal />
          <PasswordField
            label={t('account.password.current')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordField
            label={t('auth.fields.newPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordChecklist password={form.values.password} />
          <PasswordField
            label={t('auth.fields.passwordConfirmation')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={form.submitting} w="fit-content">
            {t('account.password.submit')}
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
