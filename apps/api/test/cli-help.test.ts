import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';

const tsx = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const run = (args: string[]) =>
  promisify(execFile)(tsx, ['src/cli.ts', ...args], { cwd: join(REPO_ROOT, 'apps', 'api') });

// Each case starts the CLI in a process of its own, compiling it with tsx: slow on a busy machine.
describe('npm run cli -- --help', { timeout: 90_000 }, () => {
  it.each(['--help', '-h', 'help'])('lists every command on stdout and exits 0 (%s)', async (flag) => {
    const { stdout } = await run([flag]);
    for (const command of ['migrate', 'user:create', 'demo:staff', 'demo:statement', 'backup', 'restore']) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
  });

  it('still refuses an unknown command with exit 2', async () => {
    await expect(run(['no-such-command'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Unknown command: no-such-command/),
    });
  });
});
