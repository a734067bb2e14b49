// What main.tsx needs before the app's own modules (decision 078): nothing here imports a library.
import { nextTask } from '@/shared/tasks';

export { nextTask };

/** Longest wait for the first contentful paint: a page that never reports it starts all the same. */
const PAINT_WAIT_MS = 1000;

/**
 * Resolves once the page's content has painted: the browser's `first-contentful-paint` entry, which
 * comes when the frame is on screen (an animation frame runs before its frame is painted, and on a
 * busy machine the frame reached the screen after the modules had come). A hidden tab paints
 * nothing: it starts at once; so does a browser without paint timing, after a frame and a task.
 */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, PAINT_WAIT_MS);
  });
}

/** Links added per task: each starts a fetch, about 1 ms each unthrottled (decision 081). */
const PRELOADS_PER_TASK = 4;

/**
 * Asks for a page's modules (`/assets/…js`, in the build's order: each after those it imports) at
 * low priority: they come in parallel instead of each after the module
 * that imports it. A few per task: thirty links at once were a task of 15–25 ms on a phone's CPU,
 * counted by Lighthouse as blocking (decision 078).
 */
export async function preloadModules(hrefs: readonly string[]): Promise<void> {
  for (let start = 0; start < hrefs.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    const links = document.createDocumentFragment();
    for (const href of hrefs.slice(start, start + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.fetchPriority = 'low';
      // As the entry's own import()s ask for them (Vite's `crossorigin`), so the browser reuses them.
      link.crossOrigin = '';
      links.append(link);
    }
    document.head.append(links);
  }
}
