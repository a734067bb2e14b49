// The release's nightly backup (packaging/bin/lisbon-backup): the database's password never goes
// into pg_dump's arguments, which every user of the host sees in the process list (issue #34).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BACKUP = fileURLToPath(new URL('../packaging/bin/lisbon-backup', import.meta.url));
const release = mkdtempSync(join(tmpdir(), 'lisbon-backup-script-'));
afterAll(() => rmSync(release, { recursive: true, force: true }));

/** A release's layout around the script, with the Node that runs this test as its runtime. */
mkdirSync(join(release, 'bin'));
mkdirSync(join(release, 'runtime/bin'), { recursive: true });
copyFileSync(BACKUP, join(release, 'bin/lisbon-backup'));
chmodSync(join(release, 'bin/lisbon-backup'), 0o755);
symlinkSync(process.execPath, join(release, 'runtime/bin/node'));
/** A pg_dump that notes its arguments and PGPASSWORD, and writes the dump it is asked for. */
mkdirSync(join(release, 'spy'));
writeFileSync(
  join(release, 'spy/pg_dump'),
  `#!/bin/sh
printf '%s\\n' "$@" > "${release}/pg_dump.args"
printf '%s' "\${PGPASSWORD-unset}" > "${release}/pg_dump.password"
for argument in "$@"; do case "$argument" in --file=*) echo dump > "\${argument#--file=}" ;; esac; done
`,
);
chmodSync(join(release, 'spy/pg_dump'), 0o755);
/** The release's CLI, noting the command it is given (the dump's record for the metrics). */
writeFileSync(join(release, 'bin/lisbon'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${release}/lisbon.args"\n`);
chmodSync(join(release, 'bin/lisbon'), 0o755);

const backup = (databaseUrl) =>
  spawnSync(join(release, 'bin/lisbon-backup'), [], {
    encoding: 'utf8',
    env: {
      PATH: `${join(release, 'spy')}:/usr/bin:/bin`,
      LISBON_ENV_FILE: join(release, 'no-such.env'),
      DATABASE_URL: databaseUrl,
      BACKUP_DIR: join(release, 'backups'),
    },
  });

describe('lisbon-backup on PostgreSQL', () => {
  it('gives pg_dump the password in its environment, decoded, and the address without it', () => {
    const result = backup('postgres://lisbon:s%40cret%2Fpass@db.internal:5432/lisbon?sslmode=require');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^backup written: .*lisbon-.*\.dump$/m);
    const args = readFileSync(join(release, 'pg_dump.args'), 'utf8');
    expect(args).toContain('postgres://lisbon@db.internal:5432/lisbon?sslmode=require');
    expect(args).not.toMatch(/s%40cret|s@cret/);
    expect(readFileSync(join(release, 'pg_dump.password'), 'utf8')).toBe('s@cret/pass');
  });

  it('records the dump it wrote, by its file, for the metrics (decision 096)', () => {
    const result = backup('postgres://lisbon@db.internal/lisbon');
    expect(result.status).toBe(0);
    const written = /^backup written: (.*)$/m.exec(result.stdout)?.[1];
    expect(readFileSync(written ?? 'none', 'utf8')).toBe('dump\n');
    expect(readFileSync(join(release, 'lisbon.args'), 'utf8')).toBe(
      `backup:record\n--location\n${written}\n`,
    );
  });

  it('sets no PGPASSWORD when the address has none (a .pgpass file or peer authentication)', () => {
    const result = backup('postgres://lisbon@db.internal/lisbon');
    expect(result.status).toBe(0);
    expect(readFileSync(join(release, 'pg_dump.args'), 'utf8')).toContain(
      'postgres://lisbon@db.internal/lisbon',
    );
    expect(readFileSync(join(release, 'pg_dump.password'), 'utf8')).toBe('unset');
  });
});
