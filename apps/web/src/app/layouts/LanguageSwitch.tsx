import { isLocale, LOCALES } from '@lisbon/domain';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '@/shared/i18n';

/** The interface language, remembered for the next visit. Each language is named in itself. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      value={currentLocale()}
      onChange={(event) => {
        const { value } = event.currentTarget;
        if (isLocale(value)) void changeLocale(value);
      }}
      size="sm"
      w={120}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {t(`language.names.${locale}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
