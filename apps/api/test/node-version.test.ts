import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';
import { nodeVersionRefusal } from '../src/platform/node-version';
import { runForTest } from './processes';

type OlderNode = { version: string; node: string; flags: string[]; port: string };

// The machine's own Node, when it is older than the project's (Node 20 here): the real crash.
const SYSTEM_NODE = '/usr/bin/node';
const systemVersion = existsSync(SYSTEM_NODE)
  ? execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 20_000 }).trim()
  : null;
// Under the real one, a start that gets as far as opening the database (where it crashed). This
// Node told it is 20: wherever the check came after the server's modules, the server would start,
// and stop at once on its PORT, with another line.
const FAKED = '20.20.2';
const olderNodes: OlderNode[] = [
  ...(systemVersion && nodeVersionRefusal(systemVersion)
    ? [{ version: systemVersion, node: SYSTEM_NODE, flags: [], port: '0' }]
    : []),
  {
    version: FAKED,
    node: process.execPath,
    flags: [
      '--import',
      `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${FAKED}'})`,
    ],
    port: 'not-a-port',
  },
];

let work: string;
beforeAll(async () => {
  // The build's own bundle (scripts/api-bundle.mjs), where its packages resolve as from apps/api/dist.
  const cache = join(REPO_ROOT, 'apps/api/node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  work = mkdtempSync(join(cache, 'node-version-'));
  const { apiBundleOptions } = (await import(
    pathToFileURL(join(REPO_ROOT, 'scripts/api-bundle.mjs')).href
  )) as {
    apiBundleOptions: (dirs: { apiDir: string; outdir: string }) => BuildOptions;
  };
  const { build } = await import('esbuild');
  await build(apiBundleOptions({ apiDir: join(REPO_ROOT, 'apps/api'), outdir: join(work, 'dist') }));
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a start under a Node older than 24', { timeout: 60_000 }, () => {
  it.each(
    olderNodes.flatMap((older) => [
      { ...older, entry: ['main.js'] },
      { ...older, entry: ['cli.js', 'migrate'] },
    ]),
  )(
    'says which Node it needs in one line and exits 1 before the native modules load (Node $version, $entry)',
    async ({ version, node, flags, port, entry: [file = '', ...args] }) => {
      const outcome = await runNode(node, [...flags, join(work, 'dist', file), ...args], {
        cwd: work,
        env: { PATH: '/usr/bin:/bin', HOST: '127.0.0.1', PORT: port, DATA_DIR: join(work, 'data') },
      });
      expect(outcome).toEqual({
        code: 1,
        stdout: '',
        stderr: `Lisbon needs Node 24 or later; this is Node ${version}. Use the release's runtime/bin/node, or npm start in a checkout.\n`,
      });
    },
  );
});

/**
 * The child's exit code (or the signal that ended it: a crash) and its output. Run by runForTest:
 * a start that hangs instead of refusing is killed, with what it started, when its test ends.
 */
async function runNode(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const { code, signal, stdout, stderr } = await runForTest(command, args, options);
  return { code: code ?? signal, stdout, stderr };
}
