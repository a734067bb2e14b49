import type { twoFactorSetupSchema } from '@lisbon/domain';
import { Button, Code, CopyButton, Group, Image, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { enableTwoFactor, setUpTwoFactor, useStoreUser } from '../api/account';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';

type Setup = z.output<typeof twoFactorSetupSchema>;

/** Two factors are off: a new secret as a QR code (and as text), confirmed by a first code. */
export function TwoFactorEnable({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation();
  const storeUser = useStoreUser();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [isStarting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    setFailure(null);
    setStarting(true);
    try {
      setSetup(await setUpTwoFactor());
    } catch (error) {
      setFailure(failureMessage(error, t('messages.tryAgainOrContact')));
    } finally {
      setStarting(false);
    }
  };

  if (!setup) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>{t('account.twoFactor.isOff')}</Text>
        <FormAlert message={failure} />
        <Button onClick={() => void start()} loading={isStarting}>
          {t('account.twoFactor.enable')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs">
        <List.Item>{t('account.twoFactor.stepInstall')}</List.Item>
        <List.Item>{t('account.twoFactor.stepScan')}</List.Item>
        <List.Item>{t('account.twoFactor.stepConfirm')}</List.Item>
      </List>
      <Image src={setup.qr_code} alt={t('account.twoFactor.qrAlt')} w={200} h={200} fit="contain" />
      <Stack gap={4}>
        <Text size="sm">{t('account.twoFactor.manualEntry')}</Text>
        <Group gap="xs">
          <Code fz="md">{setup.secret}</Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                {copied ? t('account.twoFactor.copied') : t('account.twoFactor.copySecret')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <TwoFactorCodeForm
        name="two-factor-enable"
        label={t('account.twoFactor.code')}
        description={t('account.twoFactor.enableHelp')}
        submitLabel={t('account.twoFactor.confirm')}
        withCurrentPassword
        send={async (input) => {
          const recoveryCodes = await enableTwoFactor(input);
          storeUser((user) => ({ ...user, two_factor_enabled: true }));
          showSuccess(t('messages.twoFactorEnabled'));
          onEnabled(recoveryCodes);
        }}
        extraAction={
          <Button type="button" variant="subtle" onClick={() => setSetup(null)}>
            {t('account.twoFactor.cancel')}
          </Button>
        }
      />
    </Stack>
  );
}
