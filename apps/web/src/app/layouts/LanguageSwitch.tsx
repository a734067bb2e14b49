import { isLocale, LOCALES } from '@lisbon/domain';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSaveLocale } from '@/features/account/api/profile';
import { useLocale } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { useIsPrerendered } from '@/shared/ui/hydration';

/**
 * The interface language, remembered for the next visit; for a logged-in user also the profile's
 * locale (PATCH /profile). Each language is named in itself.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useCurrentUser().data;
  const saveLocale = useSaveLocale();
  const isPrerendered = useIsPrerendered();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      value={locale}
      onChange={(event) => {
        const { value } = event.currentTarget;
        // The switch works even when saving fails; the profile keeps its language until next time.
        if (isLocale(value)) saveLocale(value, user).catch(() => undefined);
      }}
      size="sm"
      w={120}
      disabled={isPrerendered}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {t(`language.names.${locale}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
