import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ANNOUNCE_DELAY_MS, PageLoader } from '@/shared/ui/PageLoader';
import { renderComponent } from '@/test/renderComponent';
import { NavigationStatus } from './NavigationStatus';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page still fetching its data, as a lazy page shows it: its loader, and one more on demand. */
function LoadingPage() {
  const [hasPreview, setHasPreview] = useState(false);
  return (
    <main>
      <PageLoader />
      <button type="button" onClick={() => setHasPreview(true)}>
        Preview
      </button>
      {hasPreview && <PageLoader inline />}
    </main>
  );
}

/**
 * The app's shape: the first load's loader, a layout with the navigation status, `/` and a page
 * whose guard answers when told.
 */
function renderRouter(path: string) {
  let answer = () => {};
  const router = createMemoryRouter(
    [
      {
        HydrateFallback: () => <PageLoader isRouters />,
        element: (
          <>
            <NavigationStatus />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>Home</p> },
          {
            path: '/next',
            loader: () => new Promise<null>((resolve) => (answer = () => resolve(null))),
            element: <LoadingPage />,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderComponent(<RouterProvider router={router} />);
  return { router, answer: () => answer() };
}

/** What the live regions say now, in the order of the page. */
const saying = () =>
  [...document.querySelectorAll('[aria-live], [role="status"]')].map((region) => region.textContent);

/**
 * Every time a live region comes to say "Loading…": what a screen reader announces, heard until
 * the test ends. Its observer of the whole body is disconnected then: left connected, it went on
 * reading every live region at each change of every later file of the worker (isolate: false).
 */
function listenToAnnouncements(): string[] {
  const heard: string[] = [];
  const said = new Map<Node, string>();
  const observer = new MutationObserver(() => {
    for (const region of document.querySelectorAll('[aria-live], [role="status"]')) {
      const text = region.textContent;
      if (text && text !== said.get(region)) heard.push(text);
      said.set(region, text);
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return heard;
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('"Loading…" for screen readers', () => {
  it('is said once on a navigation: by the router’s status, not again by the page it brings', async () => {
    vi.useFakeTimers();
    const { router, answer } = renderRouter('/');
    expect(screen.getByText('Home')).toBeTruthy();
    const heard = listenToAnnouncements();

    await act(async () => {
      void router.navigate('/next');
    });
    await wait(ANNOUNCE_DELAY_MS);
    expect(saying()).toEqual(['Loading…']);

    await act(async () => answer());
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
    await wait(ANNOUNCE_DELAY_MS);
    // The page's own loader is there (its region, its spinner) but silent: said already.
    expect(saying()).toEqual(['', '']);
    expect(heard).toEqual(['Loading…']);

    // A load the page starts later is news: it is said.
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await wait(ANNOUNCE_DELAY_MS);
    expect(saying()).toEqual(['', '', 'Loading…']);
    expect(heard).toEqual(['Loading…', 'Loading…']);
  });

  it('is said once on a first visit: by the first load’s loader, not again by the page it brings', async () => {
    vi.useFakeTimers();
    const heard = listenToAnnouncements();
    const { answer } = renderRouter('/next');
    await wait(ANNOUNCE_DELAY_MS);
    expect(saying()).toEqual(['Loading…']);
    await act(async () => answer());
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
    await wait(ANNOUNCE_DELAY_MS);
    expect(saying()).toEqual(['', '']);
    expect(heard).toEqual(['Loading…']);
  });

  it('is said once on a quick first visit, by the page’s loader, the router having had nothing to say', async () => {
    vi.useFakeTimers();
    const heard = listenToAnnouncements();
    const { answer } = renderRouter('/next');
    expect(saying()).toEqual(['']);
    await act(async () => answer());
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
    await wait(ANNOUNCE_DELAY_MS);
    expect(saying()).toEqual(['', 'Loading…']);
    expect(heard).toEqual(['Loading…']);
  });
});

describe('the announcements heard by a test', { shuffle: false }, () => {
  let heardBefore: string[] = [];

  it('are heard while the test runs', async () => {
    heardBefore = listenToAnnouncements();
    renderComponent(<p aria-live="polite">Loading…</p>);
    await act(async () => {});
    expect(heardBefore).toEqual(['Loading…']);
  });

  it('are no longer heard once the test has ended', async () => {
    expect(heardBefore).toEqual(['Loading…']);
    renderComponent(<p aria-live="polite">Saved</p>);
    await act(async () => {});
    expect(heardBefore).toEqual(['Loading…']);
  });
});
