// The commands the scripts' tests (scripts/*.test.mjs) run to their end, each within a time of its
// own: a command that hangs (a script waiting on input, a pg_dump stand-in that never ends, a Node
// that does not start) is killed and fails its test with a line naming it, where spawnSync without
// a timeout waited for it past the test's own time, and the run's, with no word of what hung. The
// command runs in a process group of its own, killed whole: what it started (a shell's background
// job, a server a script starts) goes with it.
import { spawnSync } from 'node:child_process';

/** How long a command may run: far over what any of these takes, a quarter of a test's time (vitest.config.ts). */
export const COMMAND_TIMEOUT_MS = 30_000;

/**
 * spawnSync with a timeout: the command's result as spawnSync answers it, or, past `timeout` (ms,
 * COMMAND_TIMEOUT_MS unless given), the command and every process it started killed (SIGKILL to its
 * process group) and an error saying which command did not end, and what it printed until then.
 * spawnSync's own kill reaches the command alone: what it started ran on after the test, where it
 * held a port, a file or a core.
 */
export function spawnForTest(command, args = [], options = {}) {
  const timeout = options.timeout ?? COMMAND_TIMEOUT_MS;
  // Detached: the command leads a process group (and session) of its own, which those it starts join.
  const result = spawnSync(command, args, { ...options, timeout, killSignal: 'SIGKILL', detached: true });
  if (result.error?.code === 'ETIMEDOUT') {
    killGroup(result.pid);
    const printed = (output) => (output == null ? '' : output.toString()).trim();
    throw new Error(
      [
        `${[command, ...args].join(' ')} did not end within ${timeout / 1000} s: killed.`,
        `stdout: ${printed(result.stdout) || '(nothing)'}`,
        `stderr: ${printed(result.stderr) || '(nothing)'}`,
      ].join('\n'),
    );
  }
  return result;
}

/**
 * execFileSync's form with spawnForTest's timeout: the command's output when it exits 0, otherwise
 * an error with its status and what it wrote on stderr.
 */
export function execForTest(command, args = [], options = {}) {
  const result = spawnForTest(command, args, options);
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(
      `${[command, ...args].join(' ')} failed (${result.signal ?? `exit ${result.status}`}):\n${result.stderr}`,
    );
  return result.stdout;
}

/** SIGKILL to the process group `pid` leads, where some of it runs still. */
function killGroup(pid) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The whole group has ended already.
  }
}
