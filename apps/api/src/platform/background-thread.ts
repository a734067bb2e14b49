import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
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
 * Whether the threads can run at that priority here: piscina lowers it with `@napi-rs/nice`, loaded
 * from piscina's own place, and silently leaves it as it is where that package has no build for the
 * platform. The start logs a warning then (server.ts), so an operator learns why a busy upload check
 * may slow every other call.
 */
export function canLowerThreadPriority(load: (name: string) => unknown = requireBesidePiscina): boolean {
  try {
    const nice = load('@napi-rs/nice');
    return typeof nice === 'object' && nice !== null && 'nice' in nice && typeof nice.nice === 'function';
  } catch {
    return false;
  }
}

function requireBesidePiscina(name: string): unknown {
  return createRequire(createRequire(import.meta.url).resolve('piscina'))(name);
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
