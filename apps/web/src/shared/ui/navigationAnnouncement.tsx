import { createContext, type ReactNode, use, useEffect, useMemo, useState } from 'react';

/**
 * Whether the router says "Loading…" in a live region, its navigation status (`NavigationStatus`)
 * or, on the first load, its fallback (decision 063): a `PageLoader` that appears meanwhile, or with
 * the page that load brings, keeps quiet, so that one navigation is announced once.
 */
const NavigationAnnouncement = createContext<{
  isSayingLoading: boolean;
  setIsSayingLoading: (isSayingLoading: boolean) => void;
}>({ isSayingLoading: false, setIsSayingLoading: () => undefined });

/** Around the router (`AppProviders`): the layouts come and go, what their status said stays. */
export function NavigationAnnouncementProvider({ children }: { children: ReactNode }) {
  const [isSayingLoading, setIsSayingLoading] = useState(false);
  const value = useMemo(() => ({ isSayingLoading, setIsSayingLoading }), [isSayingLoading]);
  return <NavigationAnnouncement value={value}>{children}</NavigationAnnouncement>;
}

/**
 * A router's announcer (the navigation status, the first load's loader) tells while it says
 * "Loading…". It stops telling after the commit that ends its load, so the page that load brings
 * renders while this still reads "yes": that page's loaders are said already.
 */
export function useTellNavigationLoading(isSaying: boolean): void {
  const { setIsSayingLoading } = use(NavigationAnnouncement);
  useEffect(() => {
    if (!isSaying) return;
    setIsSayingLoading(true);
    return () => setIsSayingLoading(false);
  }, [isSaying, setIsSayingLoading]);
}

/** Whether the router says "Loading…" now, or did for the page being rendered. */
export const useIsNavigationSayingLoading = (): boolean => use(NavigationAnnouncement).isSayingLoading;
