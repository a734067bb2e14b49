import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsNavigationSayingLoading, useTellNavigationLoading } from './navigationAnnouncement';

/**
 * How long the live region stands empty before "Loading…" is set in it: screen readers announce a
 * change inside a region they already know, not a region inserted with its text (the same wait as
 * the live announcers of Angular's CDK and React Aria). A load shorter than this is not announced.
 */
export const ANNOUNCE_DELAY_MS = 100;

/**
 * "Loading…" for assistive technology, a spinner on screen: centred in a page or section, or
 * `inline`, small, in a row of controls (where buttons wait for what names them). One that appears
 * while the router says "Loading…", or with the page the router was loading, keeps quiet: a
 * navigation is announced once (decision 063). `isRouters`: the router's own, on the first load
 * (`HydrateFallback`), which speaks for the page it brings as the navigation status does.
 */
export function PageLoader({ inline = false, isRouters = false }: { inline?: boolean; isRouters?: boolean }) {
  const { t } = useTranslation();
  const isRouterSaying = useIsNavigationSayingLoading();
  // As it was when this loader appeared: the router falls silent as the page it loaded is shown.
  const [isQuiet] = useState(isRouterSaying);
  const [isSaid, setIsSaid] = useState(false);
  useEffect(() => {
    if (isQuiet) return;
    const timer = setTimeout(() => setIsSaid(true), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isQuiet]);
  useTellNavigationLoading(isRouters && isSaid);
  return (
    <Center py={inline ? undefined : 'xl'} role="status">
      <Loader size={inline ? 'sm' : undefined} aria-hidden />
      <span className="visually-hidden">{isSaid ? t('app.loading') : ''}</span>
    </Center>
  );
}
