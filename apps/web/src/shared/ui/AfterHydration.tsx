import { type ReactNode, useSyncExternalStore } from 'react';

type Props = { children: ReactNode; fallback?: ReactNode };

const subscribeToNothing = () => () => undefined;

/**
 * Shows `fallback` where the HTML is made at build time and while the browser hydrates that HTML
 * (decision 075), `children` from then on and in any page rendered in the browser alone. A lazy part
 * (the toasts' container, the home page's service finder) is not there when a pre-rendered page is
 * hydrated: mounted after, it leaves the HTML and the first render the same, and its chunk still
 * comes after the page (decision 063).
 */
export function AfterHydration({ children, fallback = null }: Props) {
  const isHydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return isHydrated ? children : fallback;
}
