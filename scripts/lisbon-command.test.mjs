// The release's command line (packaging/bin/lisbon) refusing an environment file the user running
// it cannot read: the line says the file's owners and mode and deploy.md's, so the service's own
// user, refused because the file is root's alone (cp without chgrp/chmod), is not told only to run
// as the service's user, which it already is (the unit's journal, `sudo -u lisbon lisbon …`).
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnForTest } from './test-commands.mjs';

const LISBON = fileURLToPath(new URL('../packaging/bin/lisbon', import.meta.url));
const BACKUP = fileURLToPath(new URL('../packaging/bin/lisbon-backup', import.meta.url));
const host = mkdtempSync(join(tmpdir(), 'lisbon-command-'));
afterAll(() => rmSync(host, { recursive: true, force: true }));

// The release's root-owned layout, open to every user, as the tarball unpacks (deploy.md §3).
chmodSync(host, 0o755);
mkdirSync(join(host, 'bin'), { mode: 0o755 });
copyFileSync(LISBON, join(host, 'bin/lisbon'));
chmodSync(join(host, 'bin/lisbon'), 0o755);
copyFileSync(BACKUP, join(host, 'bin/lisbon-backup'));
chmodSync(join(host, 'bin/lisbon-backup'), 0o755);

/**
 * bin/lisbon as a user the file's modes keep out: as root, an unprivileged user (root reads
 * every file); otherwise the user running the test, who cannot read a file of mode 0 either.
 */
const asOutsider = (args, envFile, script = 'bin/lisbon', extraEnv = {}) => {
  const env = { PATH: '/usr/bin:/bin', LISBON_ENV_FILE: envFile, ...extraEnv };
  const [command, prefix] =
    process.getuid?.() === 0
      ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', join(host, script)]]
      : [join(host, script), []];
  return spawnForTest(command, [...prefix, ...args], { env, cwd: '/', encoding: 'utf8' });
};
const outsider = process.getuid?.() === 0 ? 'nobody' : userInfo().username;

describe('bin/lisbon with an environment file its user cannot read', () => {
  it('says the file’s owners and mode, and deploy.md’s, and does nothing (exit 77)', () => {
    const etc = join(host, 'etc');
    mkdirSync(etc, { mode: 0o755 });
    const envFile = join(etc, 'lisbon.env');
    writeFileSync(envFile, 'NODE_ENV=production\n', { mode: 0o600 });
    chmodSync(envFile, process.getuid?.() === 0 ? 0o600 : 0);
    const run = asOutsider(['ledger:verify'], envFile);
    expect(run.status).toBe(77);
    expect(run.stdout).toBe('');
    const mode = process.getuid?.() === 0 ? '600' : '0';
    expect(run.stderr).toContain(`lisbon: ${envFile} cannot be read by ${outsider} (it is `);
    expect(run.stderr).toContain(` ${mode}). The file is root's, group lisbon, mode 0640`);
    expect(run.stderr).toContain('chgrp lisbon, chmod 0640');
    expect(run.stderr).toContain('sudo -u lisbon lisbon ledger:verify. Nothing was done.');
  });

  it('says the folder’s owners and mode when it cannot be entered (exit 77)', () => {
    const etc = join(host, 'closed');
    mkdirSync(etc, { mode: 0o700 });
    writeFileSync(join(etc, 'lisbon.env'), 'NODE_ENV=production\n');
    if (process.getuid?.() !== 0) chmodSync(etc, 0o600);
    const run = asOutsider(['user:create'], join(etc, 'lisbon.env'));
    chmodSync(etc, 0o700);
    expect(run.status).toBe(77);
    const mode = process.getuid?.() === 0 ? '700' : '600';
    expect(run.stderr).toContain(`lisbon: ${etc} (it is `);
    expect(run.stderr).toContain(
      ` ${mode}) cannot be entered by ${outsider}, so ${etc}/lisbon.env cannot be read.`,
    );
    expect(run.stderr).toContain("The folder is root's, group lisbon");
    expect(run.stderr).toContain('mode 0750 (docs/deploy.md §3)');
  });
});

describe('bin/lisbon-backup with an environment file its user cannot read', () => {
  // Without DATABASE_URL in its environment (cron, or `sudo -u lisbon` by hand), it skipped the file
  // for its SQLite branch, and the refusal that followed was bin/lisbon's, about `backup`.
  const backups = join(host, 'backups');
  mkdirSync(backups, { mode: 0o777 });
  chmodSync(backups, 0o777);

  it('says the file’s owners and mode, and deploy.md’s, and writes nothing (exit 77)', () => {
    const etc = join(host, 'etc-backup');
    mkdirSync(etc, { mode: 0o755 });
    const envFile = join(etc, 'lisbon.env');
    writeFileSync(envFile, 'DATABASE_URL=postgres://lisbon@db.internal/lisbon\n', { mode: 0o600 });
    chmodSync(envFile, process.getuid?.() === 0 ? 0o600 : 0);
    const run = asOutsider([], envFile, 'bin/lisbon-backup', { BACKUP_DIR: backups });
    expect(run.status).toBe(77);
    expect(run.stdout).toBe('');
    const mode = process.getuid?.() === 0 ? '600' : '0';
    expect(run.stderr).toContain(`lisbon-backup: ${envFile} cannot be read by ${outsider} (it is `);
    expect(run.stderr).toContain(` ${mode}). The file is root's, group lisbon, mode 0640`);
    expect(run.stderr).toContain('chgrp lisbon, chmod 0640');
    expect(run.stderr).toContain('Nothing was written.');
    expect(run.stderr).not.toContain('lisbon: ');
    expect(readdirSync(backups)).toEqual([]);
  });

  it('says the folder’s owners and mode when it cannot be entered (exit 77)', () => {
    const etc = join(host, 'closed-backup');
    mkdirSync(etc, { mode: 0o700 });
    writeFileSync(join(etc, 'lisbon.env'), 'DATABASE_URL=postgres://lisbon@db.internal/lisbon\n');
    if (process.getuid?.() !== 0) chmodSync(etc, 0o600);
    const run = asOutsider([], join(etc, 'lisbon.env'), 'bin/lisbon-backup', { BACKUP_DIR: backups });
    chmodSync(etc, 0o700);
    expect(run.status).toBe(77);
    const mode = process.getuid?.() === 0 ? '700' : '600';
    expect(run.stderr).toContain(`lisbon-backup: ${etc} (it is `);
    expect(run.stderr).toContain(
      ` ${mode}) cannot be entered by ${outsider}, so ${etc}/lisbon.env cannot be read.`,
    );
    expect(run.stderr).toContain('mode 0750 (docs/deploy.md §3)');
    expect(readdirSync(backups)).toEqual([]);
  });
});
