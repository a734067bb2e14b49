import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's password input with its show/hide button named in the current language, and marked
 * invalid with its error (Mantine sets only `data-invalid` on this input). The button is named
 * after its field ("Show or hide “New password”"): a form of two or three passwords (the account's
 * change of password, a new password and its confirmation) offered as many buttons of one name.
 */
export function PasswordField(props: ComponentProps<typeof PasswordInput>) {
  const { t } = useTranslation();
  const toggleName =
    typeof props.label === 'string'
      ? t('password.toggleVisibilityOf', { field: props.label })
      : t('password.toggleVisibility');
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': toggleName }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
