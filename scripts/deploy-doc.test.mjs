// docs/deploy.md read as a new operator follows it: what it says of the release's scripts holds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const deploy = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
/** One numbered section of the runbook, from its heading to the next. */
const section = (number) => {
  const start = deploy.indexOf(`\n## ${number}. `);
  const end = deploy.indexOf('\n## ', start + 1);
  return deploy.slice(start, end === -1 ? undefined : end);
};

describe('the runbook', () => {
  it('says where npm run release writes the tarball and its checksum, and where to run sha256sum -c', () => {
    const release = readFileSync(join(ROOT, 'scripts/release.mjs'), 'utf8');
    // release.mjs: the tarball in the checkout's release/, its .sha256 beside it.
    expect(release).toContain("const OUT = join(ROOT, 'release');");
    expect(release).toContain('writeFileSync(`${TARBALL}.sha256`');
    const install = section(3);
    expect(install).toContain('`release/<RELEASE>-linux-x64.tar.gz`');
    expect(install).toContain('`release/<RELEASE>-linux-x64.tar.gz.sha256`');
    expect(install).toMatch(/Copy\s+both files to each VM/);
    expect(install).toMatch(/run what\s+follows in the folder that holds them/);
  });
});

describe('the trial store and relay', () => {
  it('say that npx needs npm, which the release and section 3 do not bring, and that they stay in the foreground', () => {
    // The release brings Node alone: no npm, hence no npx, on a host section 3 set up.
    for (const [number, command] of [
      [2, 'npx --yes s3rver@'],
      [5, 'npx --yes maildev@'],
    ]) {
      const text = section(number);
      expect(text).toContain(command);
      expect(text).toMatch(/needs? npm|`npx` comes with npm/);
      expect(text).toMatch(/stays in\s+the foreground/);
    }
    expect(section(2)).toContain('apt-get install -y npm`');
  });
});

describe('the packages the runbook installs', () => {
  it('are installed after apt-get update, as a fresh VM may have no package lists', () => {
    const lines = deploy.split('\n');
    const installs = lines.flatMap((line, index) => (line.includes('apt-get install') ? [index] : []));
    expect(installs.length).toBeGreaterThanOrEqual(3);
    for (const index of installs) {
      const line = lines[index] ?? '';
      const isUpdated =
        /apt-get update && apt-get install/.test(line) || /^apt-get update\b/.test(lines[index - 1] ?? '');
      expect(isUpdated, line).toBe(true);
    }
  });
});
