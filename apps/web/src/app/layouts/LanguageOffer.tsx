import type { User } from '@lisbon/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveLocale } from '@/features/account/api/profile';
import {
  followAccountLanguageWithoutChoice,
  offerLanguage,
  useLanguageOffer,
} from '@/shared/i18n/languageOffer';

/**
 * After a login the interface speaks the account's language; a different one chosen on this
 * device before it is offered here, to be saved as the preferred language or left (decision 085).
 * A session found on a device with no language chosen takes the account's language too.
 */
export function LanguageOffer({ user }: { user: User }) {
  const { t } = useTranslation();
  const offered = useLanguageOffer();
  const saveLocale = useSaveLocale();
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    void followAccountLanguageWithoutChoice(user);
  }, [user]);
  if (offered === null || offered === user.locale) return null;
  const save = () => {
    setSaving(true);
    saveLocale(offered, user)
      .then(() => offerLanguage(null))
      .catch(() => setSaving(false));
  };
  return (
    <Alert color="blue" mb="md" title={t('languageOffer.title')}>
      <Text size="sm" mb="sm">
        {t('languageOffer.text', {
          chosen: t(`language.names.${offered}`),
          saved: t(`language.names.${user.locale}`),
        })}
      </Text>
      <Group gap="sm">
        <Button size="xs" loading={isSaving} onClick={save}>
          {t('languageOffer.save', { chosen: t(`language.names.${offered}`) })}
        </Button>
        <Button size="xs" variant="default" onClick={() => offerLanguage(null)}>
          {t('languageOffer.keep', { saved: t(`language.names.${user.locale}`) })}
        </Button>
      </Group>
    </Alert>
  );
}
