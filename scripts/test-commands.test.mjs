// scripts/test-commands.mjs: a command a script's test runs that hangs is killed within its time
// and fails the test saying which it was, where spawnSync without a timeout hung the run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { execForTest, spawnForTest } from './test-commands.mjs';

const SCRIPTS = fileURLToPath(new URL('.', import.meta.url));

/** Whether process `pid` runs still: there, and not a zombie waiting for its parent to read its end. */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    // No /proc: there, as kill says.
    return true;
  }
}

describe('a command a script’s test runs', () => {
  it('is killed when it does not end in its time, and the test fails naming it and what it printed', () => {
    expect(() =>
      spawnForTest('sh', ['-c', 'echo started; exec sleep 300'], { encoding: 'utf8', timeout: 1_000 }),
    ).toThrow(
      /^sh -c echo started; exec sleep 300 did not end within 1 s: killed\.\nstdout: started\nstderr: \(nothing\)$/,
    );
  });

  it('is killed with what it started: a background job that would outlive it ends too', async () => {
    let grandchild;
    try {
      // The shell starts a sleep in the background, says its pid, then becomes a sleep itself.
      spawnForTest('sh', ['-c', 'sleep 300 & echo $!; exec sleep 300'], { encoding: 'utf8', timeout: 1_000 });
    } catch (error) {
      grandchild = Number(/stdout: (\d+)/.exec(String(error))?.[1]);
    }
    expect(grandchild).toBeGreaterThan(0);
    // Killed here if it outlived the command, so no sleep is left behind either way.
    onTestFinished(() => {
      if (isRunning(grandchild)) process.kill(grandchild, 'SIGKILL');
    });
    await expect.poll(() => isRunning(grandchild)).toBe(false);
  });

  it('answers as spawnSync and execFileSync do when it ends', () => {
    expect(spawnForTest('sh', ['-c', 'echo out; echo err >&2; exit 3'], { encoding: 'utf8' })).toMatchObject({
      status: 3,
      stdout: 'out\n',
      stderr: 'err\n',
    });
    expect(execForTest('sh', ['-c', 'echo out'], { encoding: 'utf8' })).toBe('out\n');
    expect(() => execForTest('sh', ['-c', 'echo refused >&2; exit 2'], { encoding: 'utf8' })).toThrow(
      /failed \(exit 2\):\nrefused/,
    );
  });

  it('runs through test-commands.mjs in every script’s test, never spawnSync or execFileSync without a timeout', () => {
    const unbounded = readdirSync(SCRIPTS)
      .filter((name) => name.endsWith('.test.mjs'))
      .filter((name) => {
        const source = readFileSync(join(SCRIPTS, name), 'utf8');
        const imported = /import\s*\{([^}]*)\}\s*from\s*'node:child_process'/.exec(source)?.[1] ?? '';
        return imported
          .split(',')
          .some((each) => ['execFileSync', 'execSync', 'spawnSync'].includes(each.trim()));
      });
    expect(unbounded).toEqual([]);
  });
});
