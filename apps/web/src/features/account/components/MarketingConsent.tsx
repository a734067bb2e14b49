import type { User } from '@lisbon/domain';
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/ui/errorMessage';
import { showError, showSuccess } from '@/shared/ui/toast';
import { updateProfile, useStoreUser } from '../api/account';
import { SettingsSection } from './SettingsSection';

/**
 * The marketing consent flag, saved as soon as it is switched (PATCH /profile). While it saves, the
 * switch shows the choice made and stays enabled and focused, busy (aria-busy), and a second press
 * changes nothing until the answer: disabled, it dropped the keyboard's focus to the page's body.
 */
export function MarketingConsent({ user }: { user: User }) {
  const { t } = useTranslation();
  const storeUser = useStoreUser();
  const [saving, setSaving] = useState<boolean | null>(null);

  const save = async (consent: boolean) => {
    if (saving !== null) return;
    setSaving(consent);
    try {
      storeUser(await updateProfile({ marketing_consent: consent }));
      showSuccess(t('messages.accountUpdated'));
    } catch (error) {
      showError(errorMessage(error, t));
    } finally {
      setSaving(null);
    }
  };

  return (
    <SettingsSection id="marketing" title={t('account.marketing.title')}>
      <Switch
        label={t('account.marketing.label')}
        description={t('account.marketing.help')}
        checked={saving ?? user.marketing_consent}
        aria-busy={saving !== null}
        onChange={(event) => void save(event.currentTarget.checked)}
      />
    </SettingsSection>
  );
}
