import { TOAST_DURATION_MS } from '@lisbon/domain';
import { Notifications, useNotifications } from '@mantine/notifications';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * Where toasts show, for the whole app (spec §8: at the bottom, closing after TOAST_DURATION_MS):
 * bottom right, since forms' Save buttons sit at the left of their column (centred, a toast covered
 * them for its 5 s in the staff workspace at 1280 px). A module of its own, loaded after the page
 * (providers.tsx): its transitions are not part of a first visit.
 */
const TOAST_POSITION = 'bottom-right';

/** At most this many at once (the others wait their turn): on a phone each takes the width. */
const TOAST_LIMIT = 3;

/** The class of the toasts' containers, to find the one toasts show in. */
const TOASTS_CLASS = 'app-toasts';

/** The room left between the toasts and the control kept clear of them, in px. */
const CLEARANCE_PX = 8;

/** The container toasts show in, or null while it is not in the page yet. */
const toastsContainer = () =>
  document.querySelector<HTMLElement>(`.${TOASTS_CLASS}[data-position="${TOAST_POSITION}"]`);

/** Tells React once the toasts' container has come into the page. */
function subscribeToToastsContainer(onChange: () => void): () => void {
  const observer = new MutationObserver(() => {
    if (!toastsContainer()) return;
    observer.disconnect();
    onChange();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * The container toasts show in, once it is in the page: Mantine's portal puts it there only after
 * its first render, after this module's own effects, so the first toast of a visit (the one that
 * brings this module) found none and covered the control that has the focus.
 */
const useToastsContainer = (): HTMLElement | null =>
  useSyncExternalStore(subscribeToToastsContainer, toastsContainer, () => null);

/**
 * Keeps the control that has the focus clear of the toasts (WCAG 2.4.11, focus not
 * obscured): on a phone a toast takes the bottom of the screen's width, and covered the Save button
 * just pressed there. While toasts show, the page keeps their height free at its bottom: padding, so
 * that it can scroll that far, and scroll-padding, so that the browser scrolls a control focused
 * later above them; a control they cover as they come, or as the keyboard's focus reaches it, is
 * scrolled above them (one focused by a click keeps its place: the scroll would move it from under
 * the pointer mid-click).
 */
function useFocusClearOfToasts(count: number): void {
  const container = useToastsContainer();
  useEffect(() => {
    if (count === 0 || !container) return;
    const page = document.documentElement;
    const keepClear = (event?: Event) => {
      const toasts = container.getBoundingClientRect();
      const reserved = toasts.height > 0 ? Math.max(0, window.innerHeight - toasts.top) + CLEARANCE_PX : 0;
      page.style.scrollPaddingBottom = `${reserved}px`;
      document.body.style.paddingBottom = `${reserved}px`;
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body || container.contains(focused))
        return;
      // Focused by a click, the control stays under the pointer until the click is over.
      if (event?.type === 'focusin' && !focused.matches(':focus-visible')) return;
      const control = focused.getBoundingClientRect();
      const isCovered =
        reserved > 0 &&
        control.bottom > toasts.top - CLEARANCE_PX &&
        control.top < toasts.bottom &&
        control.right > toasts.left &&
        control.left < toasts.right;
      if (isCovered)
        window.scrollBy({ top: control.bottom - toasts.top + CLEARANCE_PX, behavior: 'instant' });
    };
    keepClear();
    // The toasts' height as they come and go.
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => keepClear());
    observer?.observe(container);
    document.addEventListener('focusin', keepClear);
    window.addEventListener('resize', keepClear);
    return () => {
      observer?.disconnect();
      document.removeEventListener('focusin', keepClear);
      window.removeEventListener('resize', keepClear);
      page.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, [count, container]);
}

export function Toasts() {
  useFocusClearOfToasts(useNotifications().notifications.length);
  return (
    <Notifications
      className={TOASTS_CLASS}
      position={TOAST_POSITION}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
    />
  );
}
