import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, startLocalChain } from './chain';
import { isRunning } from './processes';

/**
 * The anchoring tests' local chain (test/chain.ts) leaves nothing running when its node hangs: not
 * printing its accounts (before, the callers' 60 s `beforeAll` ended and the node ran on, with what
 * it started), or not ending on stop()'s SIGTERM (before, stop() waited for good). A stand-in node
 * here: this Node running a script that starts a process of its own, as Hardhat's may.
 */
describe('the local chain of the anchoring tests', () => {
  const folder = mkdtempSync(join(tmpdir(), 'lisbon-chain-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /**
   * A node that notes its number and its child's, then prints `printed` and ignores SIGTERM; or,
   * `then: 'end on SIGTERM'`, ends on it, or `then: 'exit'`, exits at once, its child left running.
   */
  const standIn =
    (
      pidFile: string,
      printed: string,
      then: 'ignore SIGTERM' | 'end on SIGTERM' | 'exit' = 'ignore SIGTERM',
    ) =>
    () => [
      '-e',
      `const { spawn } = require('node:child_process');
const child = spawn('sleep', ['300'], { stdio: 'ignore' });
require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, process.pid + ' ' + child.pid);
${then === 'ignore SIGTERM' ? "process.on('SIGTERM', () => {});" : ''}
process.stdout.write(${JSON.stringify(printed)}, () => ${then === 'exit' ? 'process.exit(3)' : 'undefined'});
setInterval(() => {}, 1000);`,
    ];
  /** The 20 accounts Hardhat prints, with their keys. */
  const accounts = Array.from(
    { length: 20 },
    (_, index) => `Account #${index}: 0x${'0'.repeat(40)} (10000 ETH)\nPrivate Key: 0x${'1'.repeat(64)}\n`,
  ).join('\n');
  const started = (pidFile: string) => readFileSync(pidFile, 'utf8').split(' ').map(Number);

  it('kills a node that prints no accounts in time, with what it started, and says so', async () => {
    const pidFile = join(folder, 'silent');
    await expect(
      startLocalChain({ nodeArgs: standIn(pidFile, 'Started HTTP server\n'), readyWithinMs: 5_000 }),
    ).rejects.toThrow(/^hardhat node printed no accounts within 5 s: stopped\.\nStarted HTTP server/);
    const pids = started(pidFile);
    expect(pids).toHaveLength(2);
    await vi.waitFor(() => expect(pids.filter(isRunning)).toEqual([]), { timeout: 10_000 });
  });

  it('kills what a node started when the node exits before printing its accounts', async () => {
    const pidFile = join(folder, 'crashing');
    await expect(
      startLocalChain({ nodeArgs: standIn(pidFile, 'Starting\n', 'exit'), readyWithinMs: 30_000 }),
    ).rejects.toThrow(/^hardhat node exited with 3:/);
    const pids = started(pidFile);
    expect(pids).toHaveLength(2);
    await vi.waitFor(() => expect(pids.filter(isRunning)).toEqual([]), { timeout: 10_000 });
  });

  it('stops a node that ends on SIGTERM, and what it started, which outlived it', async () => {
    const pidFile = join(folder, 'obedient');
    const chain = await startLocalChain({ nodeArgs: standIn(pidFile, accounts, 'end on SIGTERM') });
    const pids = started(pidFile);
    expect(pids.every(isRunning)).toBe(true);
    await chain.stop();
    await vi.waitFor(() => expect(pids.filter(isRunning)).toEqual([]), { timeout: 10_000 });
  });

  it('stops a node that does not end on SIGTERM, with what it started, after a grace period', async () => {
    const pidFile = join(folder, 'stubborn');
    const chain = await startLocalChain({ nodeArgs: standIn(pidFile, accounts), stopGraceMs: 1_000 });
    expect(chain.keys).toHaveLength(20);
    const pids = started(pidFile);
    expect(pids.every(isRunning)).toBe(true);
    await chain.stop();
    await vi.waitFor(() => expect(pids.filter(isRunning)).toEqual([]), { timeout: 10_000 });
  });
  it('starts its node again on another port when a process took the first before the node listened', async () => {
    // The port freePort answered, taken by another process before the node listens on it.
    const taken = createServer();
    const takenPort = await new Promise<number>((done) =>
      taken.listen(0, '127.0.0.1', () => done((taken.address() as { port: number }).port)),
    );
    const given: number[] = [];
    const ports = async () => {
      given.push(given.length === 0 ? takenPort : await freePort());
      return given.at(-1) ?? 0;
    };
    try {
      // A node that listens on its port, as Hardhat's does, then prints its accounts; on a taken
      // port it ends on EADDRINUSE, as Hardhat's does.
      const chain = await startLocalChain({
        ports,
        nodeArgs: (port) => [
          '-e',
          `require('node:net').createServer().listen(${port}, '127.0.0.1', () => process.stdout.write(${JSON.stringify(accounts)}));`,
        ],
      });
      await chain.stop();
      expect([given.length, chain.url]).toEqual([2, `http://127.0.0.1:${given[1]}`]);
    } finally {
      await new Promise((done) => taken.close(done));
    }
  });
});
