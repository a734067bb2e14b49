// The release's tarball (scripts/release-archive.mjs): root-owned, whoever built it.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packRelease } from './release-archive.mjs';
import { execForTest } from './test-commands.mjs';

const work = mkdtempSync(join(tmpdir(), 'lisbon-release-archive-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A release folder as a builder leaves it: owned by a login account, one file group-writable. */
const stage = join(work, 'lisbon-1.0.0');
mkdirSync(join(stage, 'bin'), { recursive: true });
writeFileSync(join(stage, 'bin/lisbon'), '#!/bin/sh\n');
chmodSync(join(stage, 'bin/lisbon'), 0o775);
writeFileSync(join(stage, 'VERSION'), '1.0.0\n');
// Built under a hardened umask (027, 077): the bundle and its folder are its builder's alone.
mkdirSync(join(stage, 'apps/api/dist'), { recursive: true });
writeFileSync(join(stage, 'apps/api/dist/main.js'), 'export {};\n');
chmodSync(join(stage, 'apps/api/dist/main.js'), 0o600);
chmodSync(join(stage, 'apps/api/dist'), 0o700);
// Run as root (CI), the files are given to uid 1000 first, as a developer's build would have them.
if (process.getuid?.() === 0)
  for (const path of [stage, join(stage, 'bin'), join(stage, 'bin/lisbon'), join(stage, 'VERSION')])
    chownSync(path, 1000, 1000);

describe('the release tarball', () => {
  const tarball = join(work, 'lisbon-1.0.0-linux-x64.tar.gz');
  packRelease({ tarball, parent: work, name: 'lisbon-1.0.0' });
  // `tar -tvzf` as an operator lists it: mode, owner/group, size, date, time, name.
  const entries = execForTest('tar', ['-tvzf', tarball], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/));

  it('lists every entry as root:root, whoever built it', () => {
    expect(entries.map(([, owner]) => owner)).toEqual(
      entries.map(() => expect.stringMatching(/^(0|root)\/(0|root)$/)),
    );
    expect(entries.map(([, , , , , name]) => name)).toContain('lisbon-1.0.0/bin/lisbon');
  });

  it('leaves no entry writable by its group or others', () => {
    const writableByOthers = entries.filter(([mode]) => mode[5] === 'w' || mode[8] === 'w');
    expect(writableByOthers.map(([, , , , , name]) => name)).toEqual([]);
    expect(entries.find(([, , , , , name]) => name === 'lisbon-1.0.0/bin/lisbon')?.[0]).toBe('-rwxr-xr-x');
  });

  it('lets the service’s user read every entry and enter every folder, whatever the builder’s umask', () => {
    // The entries are root:root, so the service's user (lisbon) reads them as "others".
    const mode = (path) => entries.find(([, , , , , name]) => name === `lisbon-1.0.0/${path}`)?.[0];
    expect(mode('apps/api/dist/')).toBe('drwxr-xr-x');
    expect(mode('apps/api/dist/main.js')).toBe('-rw-r--r--');
    const closedToOthers = entries.filter(
      ([mode]) => mode[7] !== 'r' || (mode[0] === 'd' && mode[9] !== 'x'),
    );
    expect(closedToOthers.map(([, , , , , name]) => name)).toEqual([]);
  });
});
