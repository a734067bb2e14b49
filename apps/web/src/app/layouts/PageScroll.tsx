import { type GetScrollRestorationKeyFunction, ScrollRestoration } from 'react-router';

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

export function PageScroll() {
  return <ScrollRestoration getKey={entryKey} />;
}
