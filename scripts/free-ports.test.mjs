// scripts/free-ports.mjs: the ports .ci/run gives its servers are free when it asks, whatever a
// server an earlier run left holds.
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePorts } from './free-ports.mjs';
import { spawnForTest } from './test-commands.mjs';

const SCRIPT = fileURLToPath(new URL('./free-ports.mjs', import.meta.url));

/** Listens on 127.0.0.1:`port`; answers how to let it go. */
async function hold(port) {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise((resolve) => server.close(resolve));
}

describe('free ports for CI', () => {
  it('answers the first of consecutive ports each free now, not one a server holds', async () => {
    const first = await freePorts(5);
    expect(first).toBeGreaterThanOrEqual(20_000);
    expect(first + 4).toBeLessThanOrEqual(29_999);
    // Each can be listened on: none held by another process.
    const releases = [];
    for (let port = first; port < first + 5; port += 1) releases.push(await hold(port));
    // Held now, they are not answered again.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const other = await freePorts(5);
      expect(other + 4 < first || other > first + 4).toBe(true);
    }
    for (const release of releases) await release();
  });

  it('prints the first port for a shell, and refuses a count it cannot use', () => {
    const printed = spawnForTest(process.execPath, [SCRIPT, '3'], { encoding: 'utf8' });
    expect(printed.status).toBe(0);
    expect(printed.stdout).toMatch(/^2\d{4}\n$/);
    const refused = spawnForTest(process.execPath, [SCRIPT, 'three'], { encoding: 'utf8' });
    expect([refused.status, refused.stderr]).toEqual([
      2,
      'usage: node scripts/free-ports.mjs <count, 1 to 100>\n',
    ]);
  });

  it('prints the port from a folder whose name has a space, and through a link, where it printed nothing', () => {
    const folder = mkdtempSync(join(tmpdir(), 'free ports '));
    try {
      const copy = join(folder, 'free-ports.mjs');
      copyFileSync(SCRIPT, copy);
      const link = join(folder, 'link.mjs');
      symlinkSync(copy, link);
      for (const path of [copy, link]) {
        const printed = spawnForTest(process.execPath, [path, '2'], { encoding: 'utf8' });
        expect([printed.status, printed.stdout]).toEqual([0, expect.stringMatching(/^2\d{4}\n$/)]);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
