import { useLayoutEffect } from 'react';
import { type GetScrollRestorationKeyFunction, ScrollRestoration, useLocation } from 'react-router';

/**
 * A page the router opens starts at its top, and Back returns to where the previous page was:
 * React Router's own scroll restoration. Its key is the history entry's, except for the entry of a
 * page loaded afresh (typed, reloaded, opened from a mail): the router names every such entry
 * 'default', so one would open at another's position. That entry is keyed by this document's load,
 * so a reload opens at the top: the router restores at once, before a page's data has drawn it,
 * where the browser's own restoration waits for it (left for a later round).
 */
const thisLoad = `load-${String(performance.timeOrigin)}`;

const entryKey: GetScrollRestorationKeyFunction = (location) =>
  location.key === 'default' ? thisLoad : location.key;

/**
 * Where the visitor had scrolled the page the build rendered before React took it over (its
 * boundary hydrates after the header, on a busy phone seconds after the page shows), and whether
 * that position has been given back once.
 */
const arrival: { position: number | null; kept: boolean } = { position: null, kept: false };

/** Reads the position as the router first finds it: its layout effect runs before the router's. */
function ArrivalPosition() {
  useLayoutEffect(() => {
    arrival.position ??= window.scrollY;
  }, []);
  return null;
}

export function PageScroll() {
  const { key, hash } = useLocation();
  // The router's first restore sends a page loaded afresh to its top, even the build's HTML the
  // visitor has already scrolled (read to the footer, say): that page stays where they are. This
  // layout effect runs after its children's, the router's included.
  useLayoutEffect(() => {
    if (arrival.kept) return;
    arrival.kept = true;
    if (key === 'default' && hash === '' && arrival.position) window.scrollTo(0, arrival.position);
    // Once, on the first page: later pages are the router's to place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <ArrivalPosition />
      <ScrollRestoration getKey={entryKey} />
    </>
  );
}
