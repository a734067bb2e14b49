import { useEffect, useRef } from 'react';

/**
 * Brings an error into view and moves focus to it, so who sent a form (or came back from the
 * payment provider) meets what went wrong rather than a page that seems unchanged. The element's
 * `scroll-margin-top` (app.css) keeps it clear of the sticky header.
 */
export function revealError(element: HTMLElement | null): void {
  if (!element) return;
  // jsdom has no scrolling; the focus below is what tests and assistive technology rely on.
  element.scrollIntoView?.({ block: 'start' });
  element.focus({ preventScroll: true });
}

/**
 * A ref for an error element that is revealed (`revealError`) each time `shown` changes to a
 * present value: a message, a status. The element needs `tabIndex={-1}` to take focus.
 */
export function useRevealError<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) revealError(ref.current);
  }, [shown]);
  return ref;
}
