import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How long the live region stands empty before "Loading…" is set in it: screen readers announce a
 * change inside a region they already know, not a region inserted with its text (the same wait as
 * the live announcers of Angular's CDK and React Aria). A load shorter than this is not announced.
 */
export const ANNOUNCE_DELAY_MS = 100;

/**
 * "Loading…" for assistive technology, a spinner on screen: centred in a page or section, or
 * `inline`, small, in a row of controls (where buttons wait for what names them).
 */
export function PageLoader({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const [isSaid, setIsSaid] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsSaid(true), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Center py={inline ? undefined : 'xl'} role="status">
      <Loader size={inline ? 'sm' : undefined} aria-hidden />
      <span className="visually-hidden">{isSaid ? t('app.loading') : ''}</span>
    </Center>
  );
}
