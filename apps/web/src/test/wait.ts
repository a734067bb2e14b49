/**
 * How long a test waits for the page to catch up: `findBy…` and `waitFor` (setup.ts) and
 * `vi.waitFor` in the tests that fake timers, which does not read testing-library's setting and
 * otherwise gives up after 1 s. Route loaders, lazy pages and answers take longer on a busy 2-core
 * CI machine; a test still fails on a missing element, only later.
 */
export const WAIT_MS = 10_000;

/** `vi.waitFor`'s options, with fake timers or without. */
export const waitOptions = { timeout: WAIT_MS } as const;
