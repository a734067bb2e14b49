// Runs the Playwright journeys in Debian's Chromium. Without Chromium the suite is skipped
// with a notice, except under CI, where a missing browser fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}. Install it with: apt-get install -y chromium`;
  if (process.env.CI) {
    console.error(`${message} (required under CI)`);
    process.exit(1);
  }
  console.warn(`${message} — browser journeys skipped.`);
  process.exit(0);
}

const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(result.status ?? 1);
