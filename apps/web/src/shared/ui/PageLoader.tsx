import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * "Loading…" for assistive technology, a spinner on screen: centred in a page or section, or
 * `inline`, small, in a row of controls (where buttons wait for what names them).
 */
export function PageLoader({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center py={inline ? undefined : 'xl'} role="status">
      <Loader size={inline ? 'sm' : undefined} aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </Center>
  );
}
