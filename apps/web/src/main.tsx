// Mantine's base styles; each component's own stylesheet comes with the component, in the chunk
// that uses it (mantineStyles in vite.config.ts, decision 063).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/app.css';
import { afterFirstPaint, nextTask, preloadModules } from './app/boot';

/**
 * The entry is this little: a page the build rendered (`data-prerendered`, decision 075) paints from
 * its HTML, and its modules are asked for only once it has painted, all at once (`data-modules`),
 * then evaluated in a few tasks rather than one (decision 078).
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const start = async (): Promise<void> => {
  if (root.dataset.prerendered) await afterFirstPaint();
  // A pre-rendered page's modules, space-separated, each after those it imports (the build's order).
  const modules = root.dataset.modules?.split(' ').filter(Boolean) ?? [];
  // Each import evaluates the modules not evaluated yet, in one task: a few tasks of some
  // milliseconds each, where the whole app in one import was a single long one. The first (zod,
  // the longest) is evaluated before the other modules are asked for, not while they come (decision 081).
  const { storage } = await import('@/shared/storage');
  await nextTask();
  // The first reading opens the browser's storage, a few milliseconds of their own (decision 081):
  // the language that i18n reads next.
  storage.get('language');
  await nextTask();
  // In the background, a few links per task, while the next stages come.
  void preloadModules(modules);
  await import('@/shared/i18n');
  await nextTask();
  // The page's modules, one evaluated per task, where the app's start evaluated them all in one
  // (decision 081).
  for (const module of modules) {
    await import(/* @vite-ignore */ module);
    await nextTask();
  }
  await import('./app/start');
};
void start();
