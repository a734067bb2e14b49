import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalChain } from './chain';
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

  /** A node that notes its number and its child's, then prints `printed` and ignores SIGTERM. */
  const standIn = (pidFile: string, printed: string) => () => [
    '-e',
    `const { spawn } = require('node:child_process');
const child = spawn('sleep', ['300'], { stdio: 'ignore' });
require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, process.pid + ' ' + child.pid);
process.on('SIGTERM', () => {});
process.stdout.write(${JSON.stringify(printed)});
setInterval(() => {}, 1000);`,
  ];
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

  it('stops a node that does not end on SIGTERM, with what it started, after a grace period', async () => {
    const pidFile = join(folder, 'stubborn');
    const accounts = Array.from(
      { length: 20 },
      (_, index) => `Account #${index}: 0x${'0'.repeat(40)} (10000 ETH)\nPrivate Key: 0x${'1'.repeat(64)}\n`,
    ).join('\n');
    const chain = await startLocalChain({ nodeArgs: standIn(pidFile, accounts), stopGraceMs: 1_000 });
    expect(chain.keys).toHaveLength(20);
    const pids = started(pidFile);
    expect(pids.every(isRunning)).toBe(true);
    await chain.stop();
    await vi.waitFor(() => expect(pids.filter(isRunning)).toEqual([]), { timeout: 10_000 });
  });
});
