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
 * Whether this document was opened afresh (a link, a typed address), not reloaded nor reached by
 * Back or Forward: there the browser restores the old position on the build's HTML itself, and the
 * rule above (a reload opens at the top) stands.
 */
const isOpenedAfresh = () => {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'navigate';
};

/**
 * Where the visitor had scrolled the page the build rendered before React took it over (its
 * boundary hydrates after the header, on a busy phone seconds after the page shows): read once per
 * document, as the router first finds it.
 */
let arrivalPosition: number | null = null;

/** Reads the position before the router's first restore: its layout effect runs before the router's. */
function ArrivalPosition() {
  useLayoutEffect(() => {
    arrivalPosition ??= window.scrollY;
  }, []);
  return null;
}

export function PageScroll() {
  const { key, hash } = useLocation();
  // The router's first restore sends a page opened afresh to its top, even the build's HTML the
  // visitor has already scrolled (read to the footer, say): that page stays where they are. This
  // layout effect runs after its children's, the router's included, and again after them when
  // StrictMode runs the effects twice. Only the arrival's entry: later pages are the router's.
  useLayoutEffect(() => {
    if (key === 'default' && hash === '' && arrivalPosition && isOpenedAfresh())
      window.scrollTo(0, arrivalPosition);
    // On mount only: a later page of the same layout is the router's to place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <ArrivalPosition />
      <ScrollRestoration getKey={entryKey} />
    </>
  );
}
