import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock, type Clock } from './clock';

/**
 * The clock journeys and demos can move (decision 056): the real time plus the offset that
 * `clock:set` writes into DATA_DIR, read on every call so that a running server follows at once.
 * Only with TEST_CLOCK=true, which the configuration refuses with NODE_ENV=production.
 */

const FILE = 'test-clock.json';

export const testClockPath = (dataDir: string): string => join(dataDir, FILE);

function offsetSeconds(path: string): number {
  try {
    const { offset_seconds: offset } = JSON.parse(readFileSync(path, 'utf8')) as { offset_seconds?: unknown };
    return typeof offset === 'number' && Number.isFinite(offset) ? offset : 0;
  } catch {
    // No file (never set, or reset): the real time.
    return 0;
  }
}

export function offsetFileClock(path: string): Clock {
  return { now: () => new Date(Date.now() + offsetSeconds(path) * 1000) };
}

/** `clock:set`: from now on the server's time is the real time plus `seconds`. */
export function writeClockOffset(path: string, seconds: number): void {
  writeFileSync(path, `${JSON.stringify({ offset_seconds: seconds })}\n`);
}

/** The server's clock as configured: the system's, or the movable one under TEST_CLOCK. */
export const clockOf = (config: { isTestClock: boolean; dataDir: string }): Clock =>
  config.isTestClock ? offsetFileClock(testClockPath(config.dataDir)) : systemClock;

/**
 * The clocks of a server or a command: the business calendar, moved under TEST_CLOCK, and real
 * time for one-time codes, sessions, links and rate limits, which a moved calendar never moves
 * (an authenticator app shows the real time's code; decision 085).
 */
export const clocksOf = (config: {
  isTestClock: boolean;
  dataDir: string;
}): { clock: Clock; securityClock: Clock } => ({
  clock: clockOf(config),
  securityClock: systemClock,
});
