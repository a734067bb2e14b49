// What main.tsx needs before the app's own modules (decision 077): nothing here imports a library.
export { nextTask } from '@/shared/tasks';

/**
 * Resolves after the page's first paint: the frame's animation callback runs before it paints, a
 * task queued from there runs after. A hidden tab paints nothing and runs no animation callbacks:
 * it starts at once.
 */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Asks for a page's modules (`/assets/…js`, space-separated, as the build wrote them) at once, at
 * low priority: they come in parallel instead of each after the module that imports it.
 */
export function preloadModules(modules: string | undefined): void {
  const links = document.createDocumentFragment();
  for (const href of modules?.split(' ').filter(Boolean) ?? []) {
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
