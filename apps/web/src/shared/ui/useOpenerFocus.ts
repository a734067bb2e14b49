import { useCallback, useRef } from 'react';

/**
 * Focus back on the control that opened a dialog once the dialog has closed (WCAG 2.4.3), where
 * Mantine's own return has nothing to go back to: a dialog mounted only while it is open leaves the
 * page as it closes, one mounted already open never saw its opener, and one opened while its button
 * was busy (disabled, loading) saw `<body>`. `remember` the opener as the dialog opens; `giveBack`
 * as it closes by the user's hand (not when a link in it moved to another page). The same for a
 * button that is busy (Mantine's `loading` disables it, and a disabled button loses focus):
 * `remember` it as it starts, `giveBack` once it is enabled again. When the opener can no longer
 * take focus ("Assign selected (0)" disabled once the selected requests are assigned), focus goes
 * to `fallback` (a heading, focusable by script), else to the page's main content: never to the
 * top of the document.
 */
export function useOpenerFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((element: HTMLElement | null) => {
    opener.current = element;
  }, []);
  const giveBack = useCallback((fallback?: () => HTMLElement | null) => {
    // After the close: the dialog's own clean-up has run, and the opener is enabled again.
    requestAnimationFrame(() => {
      const element = opener.current;
      if (element?.isConnected && !element.matches(':disabled')) element.focus();
      else if (element && fallback) (fallback() ?? document.getElementById('main-content'))?.focus();
    });
  }, []);
  return { remember, giveBack };
}
