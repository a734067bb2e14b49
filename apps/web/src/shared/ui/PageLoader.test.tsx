import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderComponent } from '@/test/renderComponent';
import { ANNOUNCE_DELAY_MS, PageLoader } from './PageLoader';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the loader', () => {
  it('is an empty live region first, then says "Loading…" in it, so that screen readers announce it', async () => {
    vi.useFakeTimers();
    renderComponent(<PageLoader />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ANNOUNCE_DELAY_MS);
    });
    // The same region, now with its text: a change the screen reader hears, once.
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Loading…');
  });
});
