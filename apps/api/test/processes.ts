import type { ChildProcessWithoutNullStreams, SpawnOptions } from 'node:child_process';
import { onTestFinished } from 'vitest';
import { killProcessTree, spawnMarked, statOf, type ProcessMark } from './process-tree';

export { statOf };

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
  // The process's mark, which what it starts inherits: found by it once the process has ended,
  // where what it started, adopted by init, was no longer among its descendants.
  const { child, mark } = spawnMarked(PROCESS_MARK, command, args, options);
  marks.set(child, mark);
  onTestFinished(() => killTree(child));
  return child;
}

/**
 * The kind of the mark in the environment of a process a test starts, and in that of what it starts
 * (`LISBON_TEST_PROCESS_<16 hex>=1`, one per process, those of the processes around it kept).
 */
const PROCESS_MARK = 'LISBON_TEST_PROCESS';
const marks = new WeakMap<ChildProcessWithoutNullStreams, ProcessMark>();

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

/**
 * SIGKILL to the child and to every process it started (found first, and by its mark), then the
 * child's exit. A child that has ended already is not signalled (its number may be another
 * process's now), but what it started and left running is, found by the mark.
 */
export async function killTree(child: ChildProcessWithoutNullStreams): Promise<void> {
  const hasEnded = child.pid === undefined || hasExited(child);
  killProcessTree(hasEnded ? undefined : child.pid, marks.get(child));
  if (!hasEnded) await exitOf(child);
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

/**
 * A command run to its end as `promisify(execFile)` runs it: its output when it exits 0, otherwise
 * an error with its `code`, `signal`, `stdout` and `stderr`. Run by runForTest, so a command that
 * hangs is killed, with what it started, when its test ends, rather than left running.
 */
export async function execForTest(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): Promise<{ stdout: string; stderr: string }> {
  const result = await runForTest(command, args, options);
  if (result.code === 0) return { stdout: result.stdout, stderr: result.stderr };
  throw Object.assign(
    new Error(
      `Command failed (${result.signal ?? `exit ${result.code}`}): ${[command, ...args].join(' ')}\n${result.stderr}`,
    ),
    result,
  );
}
