import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';
import { execForTest } from './processes';

const run = (args: string[]) =>
  execForTest(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: join(REPO_ROOT, 'apps', 'api'),
  });

// Each case starts the CLI in a process of its own, compiling it with tsx: slow on a busy machine.
describe('npm run cli -- --help', { timeout: 90_000 }, () => {
  it.each(['--help', '-h', 'help'])('lists every command on stdout and exits 0 (%s)', async (flag) => {
    const { stdout } = await run([flag]);
    for (const command of ['migrate', 'user:create', 'demo:staff', 'demo:statement', 'backup', 'restore']) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
  });

  it('refuses an unknown command with exit 2 and the way to the list, not the list', async () => {
    await expect(run(['no-such-command'])).rejects.toMatchObject({
      code: 2,
      stderr: "Unknown command: no-such-command\n'bin/lisbon help' lists every command.\n",
    });
  });

  it("refuses wrong arguments of a known command with exit 2, its reason and that command's usage", async () => {
    const refusal = await run(['user:create', '--role', 'applicant']).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--role must be one of evaluator, reviewer, secretary, admin\n\nUsage:/),
    });
    const { stderr } = refusal as { stderr: string };
    expect(stderr).toMatch(/^ {2}user:create {3}create a staff account/m);
    expect(stderr).toMatch(/^ {16}--role evaluator\|reviewer\|secretary\|admin --email <address>/m);
    expect(stderr).toMatch(/'bin\/lisbon help' lists every command\.\n$/);
    // Not the whole list: no other command is named.
    expect(stderr).not.toMatch(/^ {2}(migrate|backup|restore|help)\b/m);
  });

  it('refuses an option a command does not take, doing nothing, instead of running without it', async () => {
    await expect(run(['migrate', '--dry-run'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^migrate takes no arguments: --dry-run\n\nUsage:/),
    });
  });

  describe('what it loads', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lisbon-cli-loads-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    // Node's module hooks note every module the process loads, the project's and the packages'.
    const hooks = join(folder, 'note-loads.mjs');
    writeFileSync(
      hooks,
      `import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({
  load(url, context, nextLoad) {
    appendFileSync(process.env.LOADS_FILE, url + '\\n');
    return nextLoad(url, context);
  },
});
`,
    );
    const loadsOf = async (args: string[], name: string) => {
      const loadsFile = join(folder, name);
      writeFileSync(loadsFile, '');
      await execForTest(
        process.execPath,
        ['--import', pathToFileURL(hooks).href, '--import', 'tsx', 'src/cli.ts', ...args],
        { cwd: join(REPO_ROOT, 'apps', 'api'), env: { ...process.env, LOADS_FILE: loadsFile } },
      ).catch(() => undefined);
      return readFileSync(loadsFile, 'utf8').split('\n');
    };

    it('answers help without the API: no command, no app, no server or database package', async () => {
      const loads = await loadsOf(['help'], 'help.txt');
      expect(loads.some((url) => url.endsWith('/src/cli-usage.ts'))).toBe(true);
      expect(
        loads.filter((url) =>
          /\/src\/(cli-commands|app)\.ts$|\/node_modules\/(fastify|kysely|viem)\//.test(url),
        ),
      ).toEqual([]);
    });

    it('loads the commands, and the API with them, to run one', async () => {
      const loads = await loadsOf(['user:create'], 'user-create.txt');
      expect(loads.some((url) => url.endsWith('/src/cli-commands.ts'))).toBe(true);
      expect(loads.some((url) => url.endsWith('/src/app.ts'))).toBe(true);
    });
  });
});
