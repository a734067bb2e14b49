import { describe, expect, it, vi } from 'vitest';
import { exitOf, isRunning, spawnForTest, statOf } from './processes';

/**
 * A server or worker a test starts (test/processes.ts) goes when its test ends, whatever the
 * outcome: before, a test that failed before its own stop left it, and what it started, running
 * for the rest of the run and after it (a port held, a database connection kept). In order, under
 * --sequence.shuffle too: a test checks what the one before it left.
 */
describe('a process a test starts', { shuffle: false }, () => {
  const started: number[] = [];

  it.fails('is killed when its test fails, with the processes it started', async () => {
    // A shell that starts a process of its own, as the `tsx` launcher starts the code's.
    const shell = spawnForTest('sh', ['-c', 'sleep 300 & echo "$!"; wait']);
    const grandchild = await new Promise<number>((done) =>
      shell.stdout.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim()))),
    );
    started.push(shell.pid ?? 0, grandchild);
    expect(started.every(isRunning)).toBe(true);
    throw new Error('the test fails before it stops what it started');
  });

  it('leaves nothing of a failed test’s processes running after it', async () => {
    expect(started).toHaveLength(2);
    // Killed, all of them; the system may take a moment to end the one the shell started.
    await vi.waitFor(() => expect(started.filter(isRunning)).toEqual([]), { timeout: 10_000 });
  });

  it('stays in the run’s process group, which an interrupted run’s kill reaches', async () => {
    const sleeping = spawnForTest('sleep', ['300']);
    expect(statOf(sleeping.pid ?? 0)?.group).toBe(statOf(process.pid)?.group);
    sleeping.kill('SIGKILL');
    expect((await exitOf(sleeping)).signal).toBe('SIGKILL');
  });
});
