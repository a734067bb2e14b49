import { logoutEverywhereSchema } from '@lisbon/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/shared/forms/PasswordField';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { logOutEverywhere } from '../api/account';
import { SettingsSection } from './SettingsSection';

/**
 * Log out everywhere: a dialog asks to confirm with the current password, then every session of the
 * account ends, on every device; this one goes on under a new session the API answers (decision 013).
 */
export function LogoutEverywhere() {
  const { t } = useTranslation();
  const [isAsking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'logout-everywhere',
    schema: logoutEverywhereSchema,
    initialValues: { current_password: '' },
  });
  const close = () => {
    setAsking(false);
    setFailure(null);
    form.reset();
  };

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      await logOutEverywhere(input);
    } catch (error) {
      // A wrong password is named on its field; anything else in the dialog's alert.
      if (!showServerErrors(error)) setFailure(failureMessage(error, t('messages.tryAgainOrContact')));
      return;
    }
    close();
    showSuccess(t('account.everywhere.done'));
  });

  return (
    <SettingsSection id="log-out-everywhere" title={t('account.everywhere.title')}>
      <Stack gap="md" align="flex-start">
        <Text>{t('account.everywhere.explanation')}</Text>
        <Button variant="default" onClick={() => setAsking(true)}>
          {t('account.everywhere.submit')}
        </Button>
      </Stack>
      <Modal
        opened={isAsking}
        onClose={close}
        title={t('account.everywhere.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text>{t('account.everywhere.confirmText')}</Text>
            <FormAlert message={failure} />
            <PasswordField
              label={t('account.password.current')}
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps('current_password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={form.submitting}>
                {t('account.everywhere.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SettingsSection>
  );
}
