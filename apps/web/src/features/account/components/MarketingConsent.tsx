import type { User } from '@lisbon/domain';
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/ui/errorMessage';
import { showError, showSuccess } from '@/shared/ui/toast';
import { updateProfile, useStoreUser } from '../api/account';
import { SettingsSection } from './SettingsSection';

/** The marketing consent flag, saved as soon as it is switched (PATCH /profile). */
export function MarketingConsent({ user }: { user: User }) {
  const { t } = useTranslation();
  const storeUser = useStoreUser();
  const [isSaving, setSaving] = useState(false);

  const save = async (consent: boolean) => {
    setSaving(true);
    try {
      storeUser(await updateProfile({ marketing_consent: consent }));
      showSuccess(t('messages.accountUpdated'));
    } catch (error) {
      showError(errorMessage(error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection id="marketing" title={t('account.marketing.title')}>
      <Switch
        label={t('account.marketing.label')}
        description={t('account.marketing.help')}
        checked={user.marketing_consent}
        disabled={isSaving}
        onChange={(event) => void save(event.currentTarget.checked)}
      />
    </SettingsSection>
  );
}
