import { notifications } from '@mantine/notifications';
import { configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n, i18nReady, loadAreaTexts, loadTexts } from '@/shared/i18n';
import { followAccountLanguageWithoutChoice } from '@/shared/i18n/languageOffer';
import { mockApi } from './mockApi';
import { testUser } from './users';
import { DESKTOP, setViewport } from './viewport';
import { WAIT_MS } from './wait';

// The English catalogue is a chunk of its own, fetched at start, and the logged-in area's texts
// and the terms others, fetched by the pages that show them (decisions 063, 079): every test
// renders after all of them, whatever it renders.
await i18nReady;
await loadAreaTexts();
await loadTexts('terms');

// Files of the `web` project share one module graph and one document per worker (vitest.config.ts):
// each file starts as a first visit would, in English, with nothing stored.
localStorage.clear();
sessionStorage.clear();
if (i18n.language !== 'en-US') await i18n.changeLanguage('en-US');
// A logged-in page takes the account's language once in the page's life when the device had none
// chosen at start (languageOffer.ts): here the first logged-in page of the worker, whichever file
// that is, and a test of the Italian page was put back in English only when its file came first.
// Each file starts past that once, in any order.
await followAccountLanguageWithoutChoice(testUser());

// findBy… and waitFor wait up to 10 s instead of 1 s: route loaders and lazy pages take longer
// on a busy 2-core CI machine, and the first test that renders a page imports its chunk (each
// file imports only the pages it renders, decision 063). Each test still fails on a missing
// element, only later.
configure({ asyncUtilTimeout: WAIT_MS });

// happy-dom lays nothing out, and its IntersectionObserver never calls back: here an observed
// element is on screen at once, as the parts that wait to be seen (`WhenOnScreen`, decision 075)
// are on a desktop's first screen.
class OnScreenObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds = [0];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element): void {
    const bounds = target.getBoundingClientRect();
    const entry = {
      target,
      isIntersecting: true,
      intersectionRatio: 1,
      boundingClientRect: bounds,
      intersectionRect: bounds,
      rootBounds: null,
      time: performance.now(),
    };
    queueMicrotask(() => this.callback([entry], this));
  }
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
// Assigned, not `vi.stubGlobal`: tests that give their own stubs back (`vi.unstubAllGlobals`) keep it.
globalThis.IntersectionObserver = OnScreenObserver;

// No test reaches the network: a call the test did not answer (the layout's notification poll,
// a list behind the page under test) gets the API's 404, as `mockApi` answers unknown routes.
// A test that cares stubs `fetch` itself, with `mockApi` or `vi.stubGlobal`.
beforeEach(() => {
  // Toasts live in a store of their own, outside the rendered tree: none comes from a test before.
  notifications.clean();
  mockApi({});
});

// A file that forgets to give the clock back must not slow the next file's timers.
afterEach(() => {
  vi.useRealTimers();
  // What a form kept unsaved in the tab (useUnsavedChanges) must not come back in the next test.
  sessionStorage.clear();
  // Nor a phone's viewport a test chose: the next file of the worker renders a desktop's tables.
  setViewport(DESKTOP);
});
