import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Whether no page has been shown yet in this document: the browser's own load, focus untouched. */
let isDocumentsFirstPage = true;

/**
 * A page the router opens takes focus at its heading (the page's h1, else its main region), so that
 * a screen reader says where a link or a form led and the next Tab starts on the new page. A page
 * that placed focus itself (a wizard's step, a form's first field) keeps it; a change of the query
 * only (a filter, a sort) is not a new page; the page the browser loaded keeps the browser's focus.
 */
export function PageFocus() {
  const { pathname } = useLocation();
  // Mounted on the page the browser loaded (typed, reloaded), or on one the router opened into a
  // layout of its own (a login leads from the form's layout to the app's).
  const shown = useRef(isDocumentsFirstPage ? pathname : null);
  useEffect(() => {
    isDocumentsFirstPage = false;
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main-content');
    if (!main) return;
    const active = document.activeElement;
    if (active && active !== main && main.contains(active)) return;
    const target = main.querySelector<HTMLElement>('h1[tabindex="-1"]') ?? main;
    target.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
