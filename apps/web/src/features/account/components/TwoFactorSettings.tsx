import type { User } from '@lisbon/domain';
import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecoveryCodes } from './RecoveryCodes';
import { SettingsSection } from './SettingsSection';
import { TwoFactorDisable } from './TwoFactorDisable';
import { TwoFactorEnable } from './TwoFactorEnable';

/** Two-factor authentication: turn on (QR code, then the recovery codes, once) or off. */
export function TwoFactorSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  // Kept here, not derived from the user: they stay on screen after the profile says "enabled".
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const isStaffWithoutTwoFactor = user.abilities['staff.workspace'] === true && !user.two_factor_enabled;

  return (
    <SettingsSection id="two-factor" title={t('account.twoFactor.title')}>
      {isStaffWithoutTwoFactor && (
        <Alert color="orange" variant="light" role="note" mb="md">
          {t('apiErrors.TWO_FACTOR_REQUIRED')}
        </Alert>
      )}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : user.two_factor_enabled ? (
        <TwoFactorDisable />
      ) : (
        <TwoFactorEnable onEnabled={setRecoveryCodes} />
      )}
    </SettingsSection>
  );
}
