import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { systemClock } from '../src/platform/clock';
import { clockOf, testClockPath, writeClockOffset } from '../src/platform/test-clock';

const dataDir = mkdtempSync(join(tmpdir(), 'lisbon-clock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the test clock (decision 056)', () => {
  it('is refused by a production configuration', () => {
    expect(() => loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(
      /TEST_CLOCK .* refused with NODE_ENV=production/,
    );
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK/);
  });

  it('is off unless set, and then the server keeps the system clock whatever the offset file says', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: join(dataDir, 'lisbon.sqlite'),
      PUBLIC_URL: 'https://portal.example.org',
    });
    expect(config.isTestClock).toBe(false);
    writeClockOffset(testClockPath(dataDir), 8 * 24 * 60 * 60);
    expect(clockOf(config)).toBe(systemClock);
  });

  it('follows the offset clock:set writes, at once, under TEST_CLOCK=true', () => {
    const config = loadConfig({ DATA_DIR: dataDir, TEST_CLOCK: 'true' });
    expect(config.isTestClock).toBe(true);
    const clock = clockOf(config);
    writeClockOffset(testClockPath(dataDir), 6 * 24 * 60 * 60);
    const sixDays = clock.now().getTime() - Date.now();
    expect(sixDays).toBeGreaterThan(6 * DAY_MS - 60_000);
    expect(sixDays).toBeLessThanOrEqual(6 * DAY_MS);
    writeClockOffset(testClockPath(dataDir), 0);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(60_000);
  });
});
