// Runs the Playwright journeys in Debian's Chromium. Without Chromium the suite is skipped
// with a notice, except under CI, where a missing browser fails the run.
//
// The whole suite runs as E2E_SHARDS Playwright shards side by side (two where the machine has
// two cores or more), each against its own two portals three ports up from the last
// (E2E_PORT, E2E_PORT + 3, …): a journey moves its portal's clock and counts its mails, so two
// journeys never share a portal. Each line a shard prints starts with its number. Given
// arguments (a file, `--grep`), the journeys run as one Playwright run, as before.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { shardPlan } from './shards.mjs';

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
const args = process.argv.slice(2);
let plan;
try {
  plan = shardPlan({ env: process.env, args, cores: availableParallelism() });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const runs = plan.map(
  ({ label, port, args: shardArgs }) =>
    new Promise((resolve) => {
      const child = spawn('playwright', ['test', ...shardArgs], {
        stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: {
          ...process.env,
          PATH: [...bins, process.env.PATH ?? ''].join(delimiter),
          CHROMIUM_PATH: chromium,
          PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
          E2E_PORT: String(port),
        },
      });
      if (label) {
        for (const [from, to] of [
          [child.stdout, process.stdout],
          [child.stderr, process.stderr],
        ]) {
          createInterface({ input: from }).on('line', (line) => to.write(`[${label}] ${line}\n`));
        }
      }
      child.on('error', (error) => {
        console.error(`Could not run Playwright: ${error.message}`);
        resolve(1);
      });
      child.on('close', (code) => resolve(code ?? 1));
    }),
);
const codes = await Promise.all(runs);
if (plan.length > 1) {
  plan.forEach(({ label }, i) => console.log(`[${label}] ${codes[i] === 0 ? 'passed' : 'FAILED'}`));
}
process.exit(codes.find((code) => code !== 0) ?? 0);
