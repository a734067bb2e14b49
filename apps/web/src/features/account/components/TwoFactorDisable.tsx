import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/shared/ui/toast';
import { disableTwoFactor, useStoreUser } from '../api/account';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';

/** Two factors are on: turning them off needs a current code or a recovery code. */
export function TwoFactorDisable() {
  const { t } = useTranslation();
  const storeUser = useStoreUser();
  return (
    <Stack gap="md">
      <Text>{t('account.twoFactor.isOn')}</Text>
      <TwoFactorCodeForm
        name="two-factor-disable"
        label={t('account.twoFactor.code')}
        description={t('account.twoFactor.disableHelp')}
        submitLabel={t('account.twoFactor.disable')}
        submitColor="red"
        send={async ({ code }) => {
          await disableTwoFactor(code);
          storeUser((user) => ({ ...user, two_factor_enabled: false }));
          showSuccess(t('messages.twoFactorDisabled'));
        }}
      />
    </Stack>
  );
}
