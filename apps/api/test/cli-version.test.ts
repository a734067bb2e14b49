import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';
import { execForTest } from './processes';

// The product's version: the root package.json's (docs/deploy.md, section 11).
const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
const COMMIT = '5fc440a1b2c3d4e5f60718293a4b5c6d7e8f9012';

// A release as `npm run release` lays it out (decision 087), with the build's own bundle
// (scripts/api-bundle.mjs): bin/lisbon, runtime/bin/node, apps/api/dist, the COMMIT file. Under
// apps/api/node_modules/.cache, where the bundle's packages resolve as from the release's.
let release: string;
beforeAll(async () => {
  const cache = join(REPO_ROOT, 'apps/api/node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  release = mkdtempSync(join(cache, 'cli-version-'));
  const { apiBundleOptions } = (await import(
    pathToFileURL(join(REPO_ROOT, 'scripts/api-bundle.mjs')).href
  )) as {
    apiBundleOptions: (dirs: { apiDir: string; outdir: string }) => BuildOptions;
  };
  const { build } = await import('esbuild');
  await build(
    apiBundleOptions({ apiDir: join(REPO_ROOT, 'apps/api'), outdir: join(release, 'apps/api/dist') }),
  );
  copyFileSync(join(REPO_ROOT, 'apps/api/package.json'), join(release, 'apps/api/package.json'));
  mkdirSync(join(release, 'bin'));
  copyFileSync(join(REPO_ROOT, 'packaging/bin/lisbon'), join(release, 'bin/lisbon'));
  mkdirSync(join(release, 'runtime/bin'), { recursive: true });
  symlinkSync(process.execPath, join(release, 'runtime/bin/node'));
  writeFileSync(join(release, 'COMMIT'), `${COMMIT}\n`);
}, 60_000);
afterAll(() => rmSync(release, { recursive: true, force: true }));

describe('lisbon --version', { timeout: 60_000 }, () => {
  it.each(['--version', '-V'])(
    'prints the version and the commit of the release, and exits 0, without the environment file (%s)',
    async (flag) => {
      // As on a host where /etc/lisbon/lisbon.env is not there yet (deploy.md, section 3).
      const { stdout, stderr } = await execForTest('sh', [join(release, 'bin/lisbon'), flag], {
        cwd: release,
        env: { PATH: '/usr/bin:/bin', LISBON_ENV_FILE: join(release, 'no-such.env') },
      });
      expect(stdout).toBe(`lisbon ${version} (commit ${COMMIT})\n`);
      expect(stderr).toBe('');
    },
  );

  it("prints the version and the checkout's commit from source (npm run cli -- --version)", async () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const { stdout } = await execForTest(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--version'], {
      cwd: join(REPO_ROOT, 'apps', 'api'),
    });
    expect(stdout).toBe(`lisbon ${version} (a checkout at commit ${head}, not a release)\n`);
  });
});
