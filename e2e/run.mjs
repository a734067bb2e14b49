// Runs the Playwright journeys in Debian's Chromium. Without Chromium the suite is skipped
// with a notice, except under CI, where a missing browser fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

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

// The workspace's own Playwright, also when run as `node run.mjs` outside npm (which adds .bin to PATH).
const bins = ['node_modules/.bin', '../node_modules/.bin'].map((dir) =>
  fileURLToPath(new URL(dir, import.meta.url)),
);
const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PATH: [...bins, process.env.PATH ?? ''].join(delimiter),
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
});
if (result.error) console.error(`Could not run Playwright: ${result.error.message}`);
process.exit(result.status ?? 1);
