import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { onTestFinished } from 'vitest';

/**
 * A process a test starts (a server, a worker) that must not outlive the test, pass or fail: a
 * failed expectation or a timeout before the test's own stop left it running, holding its port and
 * its database for the rest of the run and after it. Started in a process group of its own, it is
 * killed with everything it started (the `tsx` launcher runs the code in a child of its own, which a
 * kill of the launcher alone left behind) when the test finishes; a test that stops it itself still
 * waits for its exit.
 *
 * Run TypeScript with `process.execPath` and `--import tsx`, not the `tsx` launcher: a signal the
 * test sends (SIGTERM, SIGKILL) then reaches the code's process itself.
 */
export function spawnForTest(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): ChildProcessWithoutNullStreams {
  const child = spawn(command, args, {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  }) as unknown as ChildProcessWithoutNullStreams;
  onTestFinished(() => killGroup(child));
  return child;
}

/** Whether the process has ended (its exit seen). */
export const hasExited = (child: ChildProcessWithoutNullStreams): boolean =>
  child.exitCode !== null || child.signalCode !== null;

/** The child's exit, seen already or to come: its code and signal. */
export function exitOf(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (hasExited(child)) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}

/** SIGKILL to the child's process group (the child and whatever it started), then its exit. */
export async function killGroup(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is empty already: nothing of it left.
  }
  await exitOf(child);
}

/** Whether the process runs still: neither gone nor a zombie its parent has not reaped yet. */
export function isRunning(pid: number): boolean {
  try {
    // The state is the field after the command's parenthesised name: R, S, D, T… or Z.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
