import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAIT_MS } from './wait';

/** The web tests' sources, by path under src/. */
const root = join(import.meta.dirname, '..');
const testFiles = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => ({ file, code: readFileSync(join(root, file), 'utf8') }));

const toNumber = (literal: string) => Number(literal.replaceAll('_', ''));

/**
 * The web tests wait as long as the shared settings say (wait.ts, vitest.config.ts): a file that
 * gave its `findBy…` 5 s, half the WAIT_MS every other wait has, or its tests 15 s, half the
 * project's timeout, failed on a busy CI machine where the page came in 6 s (DeliveryPage,
 * CheckoutPanel, ReviewStep, session).
 */
describe('the web tests’ waits', () => {
  it('never wait for the page less than WAIT_MS', () => {
    const shorter = testFiles.flatMap(({ file, code }) =>
      [...code.matchAll(/findBy\w*\([^;]*?\{ timeout: ([\d_]+) \}|const \w+ = \{ timeout: ([\d_]+) \}/g)]
        .map((match) => toNumber(match[1] ?? match[2] ?? ''))
        .filter((timeout) => timeout < WAIT_MS)
        .map((timeout) => `${file}: ${timeout} ms`),
    );
    expect(shorter).toEqual([]);
  });

  it('never give a test less time than the project’s timeout', ({ task }) => {
    const projectTimeout = task.timeout;
    const shorter = testFiles.flatMap(({ file, code }) =>
      [...code.matchAll(/(?:describe|it|test)\([^\n]*\{ timeout: ([\d_]+) \}|^\s*\}, ([\d_]+)\);$/gm)]
        .map((match) => toNumber(match[1] ?? match[2] ?? ''))
        .filter((timeout) => timeout < projectTimeout)
        .map((timeout) => `${file}: ${timeout} ms`),
    );
    expect(projectTimeout).toBeGreaterThanOrEqual(WAIT_MS);
    expect(shorter).toEqual([]);
  });
});
