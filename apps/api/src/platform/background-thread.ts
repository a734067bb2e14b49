import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/**
 * Work any one user may wait for but nobody else should (a document rendered on request, an
 * upload's content check) runs on a thread of its own (piscina 5), off the event loop every call
 * shares (decisions 084 and 098).
 *
 * One thread per pool: the target machine has two cores, and the per-user budgets bound what one
 * user asks of it. At the lowest priority, niceness 19 (decision 100): on Linux a thread's nice
 * value is its own, and piscina sets it with its optional `@napi-rs/nice`; the kernel then gives
 * the event loop the CPU whenever it wants it, and the thread the rest. Where the platform has no
 * such package the thread runs at the process's priority.
 */
export const BACKGROUND_THREAD_NICENESS = 19;

export function backgroundPool<Task, Result>(
  filename: string,
  options: { concurrentTasksPerWorker?: number } = {},
): Piscina<Task, Result> {
  return new Piscina<Task, Result>({
    filename,
    minThreads: 0,
    maxThreads: 1,
    // A thread idle for a minute ends; the next task starts one again (about 0.1 s).
    idleTimeout: 60_000,
    niceIncrement: BACKGROUND_THREAD_NICENESS,
    ...options,
  });
}

/**
 * The built worker beside the running bundle (`dist/main.js`, `dist/cli.js`; scripts/build.mjs
 * builds one per pool), or null where there is none: run from the sources (tests, `tsx`), the work
 * is done in place.
 */
export function builtWorker(url: URL): string | null {
  const file = fileURLToPath(url);
  return existsSync(file) ? file : null;
}
