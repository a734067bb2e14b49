import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { onTestFinished } from 'vitest';

/**
 * A process a test starts (a server, a worker) that must not outlive the test, pass or fail: a
 * failed expectation or a timeout before the test's own stop left it running, holding its port and
 * its database for the rest of the run and after it. When the test finishes it is killed with
 * every process it started (the `tsx` launcher runs the code in a child of its own, which a kill of
 * the launcher alone left behind); a test that stops it itself still waits for its exit.
 *
 * It stays in the run's process group (not detached): a run interrupted as a whole (Ctrl-C, a kill
 * of the job's group) takes it down too, where a group of its own outlived the run.
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
  }) as unknown as ChildProcessWithoutNullStreams;
  onTestFinished(() => killTree(child));
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

/** The state, parent and process group of a process from /proc, or undefined once it is gone. */
export function statOf(pid: number): { state: string; parent: number; group: number } | undefined {
  try {
    // The fields after the command's parenthesised name: its state (R, S, D, T… or Z), its parent, its group.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', parent = '', group = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent), group: Number(group) };
  } catch {
    return undefined;
  }
}

/** Every process `pid` started, and those they started, from /proc (none where there is no /proc). */
function descendantsOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    const parent = statOf(Number(entry))?.parent;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const next = children.get(queue.shift() ?? 0) ?? [];
    found.push(...next);
    queue = [...queue, ...next];
  }
  return found;
}

/** SIGKILL to the child and to every process it started (found first), then the child's exit. */
export async function killTree(child: ChildProcessWithoutNullStreams): Promise<void> {
  // Ended already: its number may be another process's now, and its children are init's.
  if (child.pid === undefined || hasExited(child)) return;
  for (const pid of [...descendantsOf(child.pid), child.pid]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  await exitOf(child);
}

/** Whether the process runs still: neither gone nor a zombie its parent has not reaped yet. */
export function isRunning(pid: number): boolean {
  const state = statOf(pid)?.state;
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/**
 * A command run to its end, as `execFile` runs it, with its output: started by spawnForTest, so a
 * command that was to stop and does not (a start that was to be refused and serves instead) is
 * killed when its test times out, rather than served on for the rest of the run.
 */
export async function runForTest(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const child = spawnForTest(command, args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close': the exit, and the output read to its end.
  return new Promise((done) => child.once('close', (code, signal) => done({ code, signal, stdout, stderr })));
}
