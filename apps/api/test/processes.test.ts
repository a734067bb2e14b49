import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';
import { execForTest, exitOf, isRunning, killTree, runForTest, spawnForTest, statOf } from './processes';

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

  const orphaned: number[] = [];

  it('ends, leaving one it started running: that one is killed when the test ends', async () => {
    // A launcher that starts the code's process and exits: init adopts what it started.
    const shell = spawnForTest('sh', ['-c', 'sleep 300 >/dev/null 2>&1 & echo "$!"']);
    let output = '';
    shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect((await exitOf(shell)).code).toBe(0);
    await vi.waitFor(() => expect(output).toMatch(/^\d+\n$/));
    orphaned.push(Number(output));
    expect(orphaned.filter(isRunning)).toEqual(orphaned);
  });

  it('leaves nothing running of what a process that ended started', async () => {
    expect(orphaned).toHaveLength(1);
    await vi.waitFor(() => expect(orphaned.filter(isRunning)).toEqual([]), { timeout: 10_000 });
  });

  it('stays in the run’s process group, which an interrupted run’s kill reaches', async () => {
    const sleeping = spawnForTest('sleep', ['300']);
    expect(statOf(sleeping.pid ?? 0)?.group).toBe(statOf(process.pid)?.group);
    sleeping.kill('SIGKILL');
    expect((await exitOf(sleeping)).signal).toBe('SIGKILL');
  });
});

describe('a process started inside one a test started, both marked (test/process-tree.ts)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'lisbon-processes-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is killed with the outer one, by its mark, once the process between them has ended', async () => {
    // The process between: a Node that starts one of its own with a mark of that kind, as a run
    // started by a test would through spawnForTest, with an environment given whole, then exits.
    // Before, the inner start's mark took the place of the outer's in the one variable (or was all
    // an environment given whole had), and the outer's kill left the inner process running.
    const between = join(folder, 'between.mjs');
    writeFileSync(
      between,
      `import { spawnMarked } from ${JSON.stringify(fileURLToPath(new URL('./process-tree.ts', import.meta.url)))};
const { child } = spawnMarked('LISBON_TEST_PROCESS', 'sleep', ['300'], { env: { PATH: process.env.PATH } });
process.stdout.write(child.pid + '\\n', () => process.exit(0));
`,
    );
    const outer = spawnForTest(process.execPath, ['--import', 'tsx', between], {
      cwd: join(REPO_ROOT, 'apps/api'),
    });
    let output = '';
    outer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let errors = '';
    outer.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    expect([(await exitOf(outer)).code, errors]).toEqual([0, '']);
    await vi.waitFor(() => expect(output).toMatch(/^\d+\n$/));
    const inner = Number(output);
    // Not left behind by this test, whatever its outcome.
    onTestFinished(() => {
      try {
        process.kill(inner, 'SIGKILL');
      } catch {
        // Gone already.
      }
    });
    expect(isRunning(inner)).toBe(true);
    await killTree(outer);
    await vi.waitFor(() => expect(isRunning(inner)).toBe(false), { timeout: 10_000 });
  });
});

describe('a command a test runs to its end', { shuffle: false }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'lisbon-processes-'));
  const pidFile = join(folder, 'pid');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.fails(
    'is killed when its test ends before it does (a start that was to be refused, serving)',
    async () => {
      void runForTest('sh', ['-c', `echo "$$" > ${pidFile}; exec sleep 300`]);
      await vi.waitFor(() => expect(readFileSync(pidFile, 'utf8')).toMatch(/^\d+\n$/), { timeout: 10_000 });
      throw new Error('the test ends, by a failure or its timeout, while the command runs');
    },
  );

  it('leaves nothing of that command running after its test', async () => {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(pid).toBeGreaterThan(0);
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 10_000 });
  });
});

describe('a command a test runs as execFile runs it', { shuffle: false }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'lisbon-processes-'));
  const pidFile = join(folder, 'pid');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('answers its output, or refuses with its code and output, as promisify(execFile) does', async () => {
    expect(await execForTest('sh', ['-c', 'echo out; echo err >&2'])).toEqual({
      stdout: 'out\n',
      stderr: 'err\n',
    });
    await expect(execForTest('sh', ['-c', 'echo out; echo refused >&2; exit 2'])).rejects.toMatchObject({
      code: 2,
      stdout: 'out\n',
      stderr: 'refused\n',
    });
  });

  it.fails('is killed when its test ends before it does', async () => {
    void execForTest('sh', ['-c', `echo "$$" > ${pidFile}; exec sleep 300`]).catch(() => undefined);
    await vi.waitFor(() => expect(readFileSync(pidFile, 'utf8')).toMatch(/^\d+\n$/), { timeout: 10_000 });
    throw new Error('the test ends, by a failure or its timeout, while the command runs');
  });

  it('leaves nothing of that command running after its test', async () => {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(pid).toBeGreaterThan(0);
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 10_000 });
  });
});

describe('the API tests that run a process', () => {
  it('run it through test/processes.ts, which kills it when the test ends, never execFile or spawn', () => {
    // A process run by execFile or spawn that hangs (a command that was to be refused and waits on
    // its database instead, a Node that does not start, an openssl waiting on its input) outlived
    // its test's timeout, and the run. Only test/process-tree.ts starts them so, for test/processes.ts
    // and for test/chain.ts, which kills its node and what it started.
    const api = fileURLToPath(new URL('..', import.meta.url));
    const unkilled = ['test', 'src']
      .flatMap((folder) =>
        readdirSync(join(api, folder), { recursive: true, encoding: 'utf8' }).map((name) =>
          join(folder, name),
        ),
      )
      .filter((name) => name.endsWith('.ts') && name !== 'test/process-tree.ts')
      .filter((name) => name.startsWith('test/') || name.endsWith('.test.ts'))
      .filter((name) => {
        const source = readFileSync(join(api, name), 'utf8');
        const imported = /import\s*\{([^}]*)\}\s*from\s*'node:child_process'/.exec(source)?.[1] ?? '';
        const names = imported.split(',').map((each) => each.trim());
        return names.some((each) => ['exec', 'execFile', 'fork', 'spawn'].includes(each));
      });
    expect(unkilled).toEqual([]);
  });
});
