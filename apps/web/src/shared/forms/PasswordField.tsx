import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's password input with its show/hide button named in the current language, and marked
 * invalid with its error (Mantine sets only `data-invalid` on this input).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
