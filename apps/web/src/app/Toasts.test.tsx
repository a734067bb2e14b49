import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/shared/ui/toast';
import { AppProviders } from './providers';
import { renderComponent } from '@/test/renderComponent';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.restoreAllMocks();
  setViewport(DESKTOP);
});

type Box = { top: number; bottom: number; left: number; right: number };
const rect = ({ top, bottom, left, right }: Box) =>
  ({ top, bottom, left, right, x: left, y: top, width: right - left, height: bottom - top }) as DOMRect;

/**
 * Lays out what happy-dom does not: on a phone 375 × 812 px, the toasts' container from 700 px to
 * the bottom (796 px, a spacing above the screen's edge), and the Save button just pressed at the
 * very bottom of the screen, under it. Nothing else takes room.
 */
function layOut(save: Box) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.matches('.app-toasts[data-position="bottom-right"]') && this.textContent)
      return rect({ top: 700, bottom: 796, left: 16, right: 359 });
    if (this.textContent === 'Save') return rect(save);
    return rect({ top: 0, bottom: 0, left: 0, right: 0 });
  });
}

describe('toasts and the focus', () => {
  it('scroll the control that has the focus above a toast that comes over it on a phone, and keep the toasts’ room free at the bottom of the page while they show', async () => {
    setViewport(PHONE);
    // The toasts' container comes with the first toast (providers.tsx).
    renderComponent(<button type="button">Save</button>);
    screen.getByRole('button', { name: 'Save' }).focus();
    layOut({ top: 760, bottom: 800, left: 16, right: 120 });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);

    act(() => showSuccess('Account updated'));
    expect(await screen.findByText('Account updated')).toBeTruthy();

    // Above the toast, with 8 px between: 800 − 700 + 8.
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith({ top: 108, behavior: 'instant' }));
    // The page can scroll that far, and a control focused later is scrolled above the toasts too.
    expect(document.body.style.paddingBottom).toBe('120px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('120px');

    act(() => notifications.clean());
    await waitFor(() => expect(document.body.style.paddingBottom).toBe(''));
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });

  it('leave the page where it is when the toast covers nothing that has the focus', async () => {
    setViewport(PHONE);
    // The toasts' container comes with the first toast (providers.tsx).
    renderComponent(<button type="button">Save</button>);
    screen.getByRole('button', { name: 'Save' }).focus();
    layOut({ top: 300, bottom: 340, left: 16, right: 120 });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);

    act(() => showSuccess('Account updated'));
    expect(await screen.findByText('Account updated')).toBeTruthy();
    await waitFor(() => expect(document.body.style.paddingBottom).toBe('120px'));
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('keep the control clear of the first toast too, whose container the portal puts in the page after the toasts’ first render', async () => {
    setViewport(PHONE);
    render(<button type="button">Save</button>);
    screen.getByRole('button', { name: 'Save' }).focus();
    layOut({ top: 760, bottom: 800, left: 16, right: 120 });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);

    // The toast shown, then its container: in a portal, as in the browser (the tests' environment
    // renders portals in place), which comes into the page after the toasts' own first render.
    act(() => showSuccess('Account updated'));
    render(<AppProviders queryClient={new QueryClient()}>{null}</AppProviders>);
    expect(await screen.findByText('Account updated')).toBeTruthy();
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith({ top: 108, behavior: 'instant' }));
    expect(document.body.style.paddingBottom).toBe('120px');
  });
});
