import { type DataRouter, matchRoutes } from 'react-router';

/**
 * Fetches a route's chunks as soon as a link to it is pointed at or focused (decision 063), so
 * that the click finds them loaded. It runs the route's own `lazy` ahead of the router: the browser
 * keeps the module, and the router's call on navigation gets it at once. One listener for every
 * link of the app, whichever component renders it.
 */
export function watchPrefetch(router: DataRouter, root: Document = document): () => void {
  const fetched = new Set<string>();
  const prefetch = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const path = link.pathname;
    if (fetched.has(path)) return;
    fetched.add(path);
    for (const { route } of matchRoutes(router.routes, path) ?? []) {
      // A chunk that failed (offline for a moment) is tried again on the next hover.
      if (typeof route.lazy === 'function') route.lazy().catch(() => fetched.delete(path));
    }
  };
  root.addEventListener('pointerover', prefetch, { passive: true });
  root.addEventListener('focusin', prefetch);
  return () => {
    root.removeEventListener('pointerover', prefetch);
    root.removeEventListener('focusin', prefetch);
  };
}
