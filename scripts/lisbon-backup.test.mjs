// The release's nightly backup (packaging/bin/lisbon-backup): the database's password never goes
// into pg_dump's arguments, which every user of the host sees in the process list (issue #34), and
// a dump that fails leaves no partial file behind.
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { rootCertificates } from 'node:tls';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { execForTest, spawnForTest } from './test-commands.mjs';

const BACKUP = fileURLToPath(new URL('../packaging/bin/lisbon-backup', import.meta.url));
const release = mkdtempSync(join(tmpdir(), 'lisbon-backup-script-'));
afterAll(() => rmSync(release, { recursive: true, force: true }));

/** A release's layout around the script, with the Node that runs this test as its runtime. */
mkdirSync(join(release, 'bin'));
mkdirSync(join(release, 'runtime/bin'), { recursive: true });
copyFileSync(BACKUP, join(release, 'bin/lisbon-backup'));
chmodSync(join(release, 'bin/lisbon-backup'), 0o755);
symlinkSync(process.execPath, join(release, 'runtime/bin/node'));
// The release's production dependencies: the script reads the URL's TLS with the portal's driver (pg).
symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(release, 'node_modules'));
/** The script's own temporary files (the CAs it gives pg_dump), which the pg_dump stand-in copies. */
const scratch = join(release, 'tmp');
mkdirSync(scratch);
/** A pg_dump that notes its arguments, PGPASSWORD and PGSSLMODE, and writes the dump it is asked for. */
mkdirSync(join(release, 'spy'));
writeFileSync(
  join(release, 'spy/pg_dump'),
  `#!/bin/sh
printf '%s\\n' "$@" > "${release}/pg_dump.args"
printf '%s' "\${PGPASSWORD-unset}" > "${release}/pg_dump.password"
printf '%s' "\${PGSSLMODE-unset}" > "${release}/pg_dump.sslmode"
cat "${scratch}"/* > "${release}/pg_dump.roots" 2>/dev/null || true
for argument in "$@"; do case "$argument" in --file=*) echo dump > "\${argument#--file=}" ;; esac; done
# A dump that fails half-way (a full disk, a dropped connection): part of the file, then an error.
[ -z "\${PG_DUMP_FAILS-}" ] || { echo 'pg_dump: error: could not write to file' >&2; exit 1; }
`,
);
chmodSync(join(release, 'spy/pg_dump'), 0o755);
/** A find that notes the folder it runs in, then does what find does. */
writeFileSync(join(release, 'spy/find'), `#!/bin/sh\npwd > "${release}/find.cwd"\nexec /usr/bin/find "$@"\n`);
chmodSync(join(release, 'spy/find'), 0o755);
/** The release's CLI, noting the command it is given (the dump's record for the metrics). */
writeFileSync(join(release, 'bin/lisbon'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${release}/lisbon.args"\n`);
chmodSync(join(release, 'bin/lisbon'), 0o755);

const backups = join(release, 'backups');
const backup = (databaseUrl, env = {}, options = {}, path = {}) =>
  spawnForTest(join(release, 'bin/lisbon-backup'), [], {
    ...options,
    encoding: 'utf8',
    env: {
      PATH: `${join(release, 'spy')}:/usr/bin:/bin`,
      LISBON_ENV_FILE: join(release, 'no-such.env'),
      DATABASE_URL: databaseUrl,
      BACKUP_DIR: backups,
      TMPDIR: scratch,
      ...env,
      ...path,
    },
  });
/** The address pg_dump is given for DATABASE_URL postgres://lisbon@db.internal/lisbon?<query>. */
const pgDumpAddress = (query, env = {}) => {
  const result = backup(`postgres://lisbon@db.internal/lisbon?${query}`, env);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return readFileSync(join(release, 'pg_dump.args'), 'utf8');
};
const partialFiles = () => readdirSync(backups).filter((name) => name.endsWith('.partial'));

describe('lisbon-backup on PostgreSQL', () => {
  it('gives pg_dump the password in its environment, decoded, and the address without it', () => {
    const result = backup('postgres://lisbon:s%40cret%2Fpass@db.internal:5432/lisbon?sslmode=require');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^backup written: .*lisbon-.*\.dump$/m);
    const args = readFileSync(join(release, 'pg_dump.args'), 'utf8');
    expect(args).toContain(
      `postgres://lisbon@db.internal:5432/lisbon?sslmode=verify-full&sslrootcert=${scratch}/`,
    );
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

  it('runs from /, as systemd runs it, whatever folder it is started in, with BACKUP_DIR read from there', () => {
    // `sudo -u lisbon …/lisbon-backup` typed in root's /root: find, which goes back to the folder it
    // started in, failed there ("Failed to restore initial working directory") before any dump.
    const started = join(release, 'started-here');
    mkdirSync(started);
    const result = backup(
      'postgres://lisbon@db.internal/lisbon',
      { BACKUP_DIR: 'relative-backups' },
      { cwd: started },
    );
    expect(result.status).toBe(0);
    expect(readFileSync(join(release, 'find.cwd'), 'utf8')).toBe('/\n');
    const written = /^backup written: (.*)$/m.exec(result.stdout)?.[1];
    expect(written).toMatch(new RegExp(`^${started}/relative-backups/lisbon-.*\\.dump$`));
    expect(readFileSync(written ?? 'none', 'utf8')).toBe('dump\n');
  });

  it('gives pg_dump a password written in the query in its environment too, out of its arguments', () => {
    // pg-connection-string and libpq both read ?password=, which went into pg_dump's arguments.
    const result = backup('postgres://lisbon:older@db.internal/lisbon?password=s%40cret&sslmode=require');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const args = readFileSync(join(release, 'pg_dump.args'), 'utf8');
    expect(args).toContain(
      `postgres://lisbon@db.internal/lisbon?sslmode=verify-full&sslrootcert=${scratch}/`,
    );
    expect(args).not.toMatch(/s%40cret|s@cret|older/);
    // The query's, as the portal's driver takes it over the one before the @.
    expect(readFileSync(join(release, 'pg_dump.password'), 'utf8')).toBe('s@cret');
  });

  it('sets no PGPASSWORD when the address has none (a .pgpass file or peer authentication)', () => {
    const result = backup('postgres://lisbon@db.internal/lisbon');
    expect(result.status).toBe(0);
    expect(readFileSync(join(release, 'pg_dump.args'), 'utf8')).toContain(
      'postgres://lisbon@db.internal/lisbon',
    );
    expect(readFileSync(join(release, 'pg_dump.password'), 'utf8')).toBe('unset');
  });

  it('takes its partial file with it when pg_dump fails half-way, and writes no dump', () => {
    const dumpsBefore = readdirSync(backups).filter((name) => name.endsWith('.dump'));
    const result = backup('postgres://lisbon@db.internal/lisbon', { PG_DUMP_FAILS: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('pg_dump: error: could not write to file');
    expect(partialFiles()).toEqual([]);
    expect(readdirSync(backups).filter((name) => name.endsWith('.dump'))).toEqual(dumpsBefore);
  });

  it('removes a partial file a killed run left a day ago, not one another run is writing', () => {
    const stale = join(backups, 'lisbon-2026-01-01T023000Z.dump.partial');
    const inProgress = join(backups, 'lisbon-2026-01-02T023000Z.dump.partial');
    writeFileSync(stale, 'part');
    writeFileSync(inProgress, 'part');
    const dayAndMinuteAgo = new Date(Date.now() - (1440 + 1) * 60_000);
    utimesSync(stale, dayAndMinuteAgo, dayAndMinuteAgo);
    expect(backup('postgres://lisbon@db.internal/lisbon').status).toBe(0);
    expect(partialFiles()).toEqual(['lisbon-2026-01-02T023000Z.dump.partial']);
    rmSync(inProgress);
  });

  it("reads a socket's URL as the portal does, and gives pg_dump its directory without the password", () => {
    const result = backup('postgres://lisbon:s%40cret@/lisbon?host=/run/postgresql');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(join(release, 'pg_dump.args'), 'utf8')).toContain(
      'postgres://lisbon@/lisbon?host=/run/postgresql&sslmode=disable\n',
    );
    expect(readFileSync(join(release, 'pg_dump.password'), 'utf8')).toBe('s@cret');
  });

  it("gives pg_dump only the parameters libpq reads, the driver's TLS ones as sslmode", () => {
    // libpq refuses a parameter it does not know ("invalid URI query parameter"), so the driver's
    // own ones (uselibpqcompat, which section 1 offers, ssl, sslnegotiation, statement_timeout)
    // stopped every dump; the ones asking for TLS are given as the sslmode that checks as much.
    const checked = `sslmode=verify-full&sslrootcert=${scratch}/`;
    expect(pgDumpAddress('sslmode=verify-full&uselibpqcompat=true')).toContain(`/lisbon?${checked}`);
    expect(pgDumpAddress('ssl=1&statement_timeout=5000&application_name=nightly')).toContain(
      `/lisbon?application_name=nightly&${checked}`,
    );
    expect(pgDumpAddress('sslnegotiation=direct')).toContain(`/lisbon?${checked}`);
    expect(pgDumpAddress('ssl=0&sslnegotiation=postgres')).toContain(
      'postgres://lisbon@db.internal/lisbon?sslmode=disable\n',
    );
    expect(pgDumpAddress('ssl=true&sslmode=disable')).toContain(
      'postgres://lisbon@db.internal/lisbon?sslmode=disable\n',
    );
  });

  it('has pg_dump connect without TLS wherever the driver does, whatever PGSSLMODE says', () => {
    // pg_dump was given no sslmode and read PGSSLMODE (exported from the environment file too):
    // the driver's no-verify beside ssl=0 stopped it ("invalid sslmode value"), and with none
    // libpq chose prefer, TLS where the server offers it, where the portal connects without.
    for (const [query, env] of [
      ['ssl=0', { PGSSLMODE: 'no-verify' }],
      ['sslmode=disable', { PGSSLMODE: 'require' }],
      ['application_name=nightly', {}],
      ['application_name=nightly', { PGSSLMODE: 'disable' }],
    ]) {
      expect(pgDumpAddress(query, env)).toMatch(/\/lisbon\?(application_name=nightly&)?sslmode=disable\n/);
      expect(readFileSync(join(release, 'pg_dump.sslmode'), 'utf8')).toBe('unset');
    }
  });

  it("has pg_dump check the server's certificate and name, against Node's CAs, wherever the portal's driver does", () => {
    // pg reads ssl=true, and every sslmode but no-verify, as verify-full; libpq's require (what
    // pg_dump was given) checks no certificate, so a dump went to a server the portal would refuse.
    const checked = new RegExp(`/lisbon\\?sslmode=verify-full&sslrootcert=${scratch}/tmp\\.\\w+\\n`);
    for (const query of ['sslmode=require', 'ssl=true', 'sslmode=prefer', 'ssl=1&sslmode=verify-ca'])
      expect(pgDumpAddress(query)).toMatch(checked);
    // PGSSLMODE, which the driver reads where the URL sets no TLS.
    expect(pgDumpAddress('application_name=nightly', { PGSSLMODE: 'require' })).toMatch(
      new RegExp(`/lisbon\\?application_name=nightly&sslmode=verify-full&sslrootcert=${scratch}/`),
    );
    // The CAs Node trusts (this run's own file, removed after the dump).
    const roots = readFileSync(join(release, 'pg_dump.roots'), 'utf8');
    expect(roots.match(/BEGIN CERTIFICATE/g)).toHaveLength(rootCertificates.length);
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('has pg_dump trust the CA of NODE_EXTRA_CA_CERTS, from the environment file too, as the portal does', () => {
    const folder = mkdtempSync(join(release, 'ca-'));
    const ca = join(folder, 'ca.pem');
    execForTest('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(folder, 'ca.key'),
      '-out',
      ca,
      '-subj',
      '/CN=Lisbon backup test CA',
      '-days',
      '2',
    ]);
    const body = (pem) => pem.replace(/-----[A-Z ]+-----|\s/g, '');
    const envFile = join(folder, 'lisbon.env');
    writeFileSync(envFile, `NODE_EXTRA_CA_CERTS=${ca}\n`);
    expect(pgDumpAddress('sslmode=require', { LISBON_ENV_FILE: envFile })).toContain('sslmode=verify-full');
    expect(body(readFileSync(join(release, 'pg_dump.roots'), 'utf8'))).toContain(
      body(readFileSync(ca, 'utf8')),
    );
  });

  it("gives pg_dump the URL's sslrootcert, and checks no more and no less than the driver does", () => {
    const ca = join(mkdtempSync(join(release, 'ca-')), 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    // The CA in the file alone, and the name (pg's require beside sslrootcert is verify-full).
    expect(pgDumpAddress(`sslmode=require&sslrootcert=${ca}`)).toContain(
      `/lisbon?sslmode=verify-full&sslrootcert=${ca}\n`,
    );
    // uselibpqcompat=true: libpq's own reading, verify-ca checking no name, require nothing.
    expect(pgDumpAddress(`uselibpqcompat=true&sslmode=verify-ca&sslrootcert=${ca}`)).toContain(
      `/lisbon?sslmode=verify-ca&sslrootcert=${ca}\n`,
    );
    expect(pgDumpAddress('uselibpqcompat=true&sslmode=require')).toContain('/lisbon?sslmode=require\n');
    // no-verify, the driver's own mode, which libpq refuses ("invalid sslmode value").
    expect(pgDumpAddress('sslmode=no-verify')).toContain('/lisbon?sslmode=require\n');
  });

  it('reads relative certificate files from the folder it was started in, as the portal does, and gives pg_dump them whole', () => {
    // It runs from /, as its unit does: certs/ca.pem typed in /etc/lisbon was read as /certs/ca.pem,
    // and refused as a file that cannot be read, where `sudo -u lisbon lisbon migrate` run there
    // reads /etc/lisbon/certs/ca.pem (and the units, started in /, read the same file as before).
    const started = mkdtempSync(join(release, 'started-'));
    mkdirSync(join(started, 'certs'));
    for (const name of ['ca.pem', 'client.pem', 'client.key'])
      writeFileSync(join(started, 'certs', name), '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    const result = backup(
      'postgres://lisbon@db.internal/lisbon?sslmode=require&sslrootcert=certs/ca.pem&sslcert=certs/client.pem&sslkey=./certs/client.key',
      {},
      { cwd: started },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(join(release, 'pg_dump.args'), 'utf8')).toContain(
      `/lisbon?sslcert=${started}/certs/client.pem&sslkey=${started}/certs/client.key&sslmode=verify-full&sslrootcert=${started}/certs/ca.pem\n`,
    );
  });

  it('refuses TLS settings the portal cannot use (a missing sslrootcert) in one line, and writes nothing', () => {
    const result = backup(
      'postgres://lisbon@db.internal/lisbon?sslmode=require&sslrootcert=/nonexistent/ca.pem',
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^lisbon-backup: the TLS settings of DATABASE_URL cannot be used, as the portal cannot use them: [^\n]*\/nonexistent\/ca\.pem[^\n]* Nothing was written\.$/,
    );
    expect(partialFiles()).toEqual([]);
  });

  it("says so in one line when the release's driver cannot be loaded, not that the TLS settings cannot be used", () => {
    // A release whose node_modules is missing (unpacked in part, or removed by hand), outside the
    // test's release, whose node_modules the driver would be found in.
    const broken = mkdtempSync(join(tmpdir(), 'lisbon-backup-no-driver-'));
    try {
      mkdirSync(join(broken, 'bin'));
      mkdirSync(join(broken, 'runtime/bin'), { recursive: true });
      copyFileSync(BACKUP, join(broken, 'bin/lisbon-backup'));
      chmodSync(join(broken, 'bin/lisbon-backup'), 0o755);
      symlinkSync(process.execPath, join(broken, 'runtime/bin/node'));
      const dumps = join(broken, 'backups');
      const result = spawnForTest(join(broken, 'bin/lisbon-backup'), [], {
        encoding: 'utf8',
        env: {
          PATH: `${join(release, 'spy')}:/usr/bin:/bin`,
          LISBON_ENV_FILE: join(broken, 'no-such.env'),
          DATABASE_URL: 'postgres://lisbon@db.internal/lisbon?sslmode=require',
          BACKUP_DIR: dumps,
          TMPDIR: scratch,
        },
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toMatch(
        new RegExp(
          `^lisbon-backup: the release's database driver \\(pg\\) cannot be loaded from ${broken}/node_modules: Cannot find module [^\\n]* Nothing was written\\.$`,
        ),
      );
      expect(readdirSync(dumps)).toEqual([]);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("gives pg_dump a socket's directory, no host, when the URL has a password but no user", () => {
    // Without its password the address had no @, and pg_dump was given the stand-in host.
    const result = backup('postgres://:s%40cret@/lisbon?host=/run/postgresql');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const args = readFileSync(join(release, 'pg_dump.args'), 'utf8');
    expect(args).toContain('postgres:///lisbon?host=/run/postgresql&sslmode=disable\n');
    expect(args).not.toContain('lisbon-socket-host');
    expect(readFileSync(join(release, 'pg_dump.password'), 'utf8')).toBe('s@cret');
  });

  it('refuses a password with a stray % in one line naming DATABASE_URL, and writes nothing', () => {
    const result = backup('postgres://lisbon:ab%cd@db.internal/lisbon');
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^lisbon-backup: DATABASE_URL cannot be read: percent-encode [^\n]*$/,
    );
    expect(result.stderr).not.toContain('ab%cd');
    expect(partialFiles()).toEqual([]);
  });
});

describe('lisbon-backup on an embedded SQLite install', () => {
  it("removes its backup folders older than BACKUP_KEEP_DAYS, as it removes PostgreSQL's dumps", () => {
    const folders = () =>
      readdirSync(backups).filter((name) => name.startsWith('lisbon-') && !name.includes('.'));
    const old = join(backups, 'lisbon-2026-01-01T023000Z');
    const recent = join(backups, 'lisbon-2026-01-10T023000Z');
    mkdirSync(old, { recursive: true });
    mkdirSync(recent, { recursive: true });
    const daysAgo = (days) => new Date(Date.now() - (days * 1440 + 1) * 60_000);
    utimesSync(old, daysAgo(14), daysAgo(14));
    utimesSync(recent, daysAgo(13), daysAgo(13));
    const result = backup('', { BACKUP_KEEP_DAYS: '14' });
    expect(result.status).toBe(0);
    expect(readFileSync(join(release, 'lisbon.args'), 'utf8')).toMatch(/^backup\n--out\n.*lisbon-\d{4}-/);
    expect(folders()).toEqual(['lisbon-2026-01-10T023000Z']);
  });
});

/**
 * The PostgreSQL run (TEST_DATABASE_URL set, as the API suite's): real dumps of its database by the
 * real pg_dump, over TCP with TEST_DATABASE_URL itself and over this machine's socket, as the
 * nightly backup takes a socket's DATABASE_URL.
 * A socket missing there fails the test rather than skipping it.
 */
if (process.env.TEST_DATABASE_URL) {
  describe('lisbon-backup on the PostgreSQL run, with the real pg_dump', () => {
    it('dumps the database TEST_DATABASE_URL names over TCP', () => {
      const result = backup(process.env.TEST_DATABASE_URL, {}, {}, { PATH: '/usr/bin:/bin' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const written = /^backup written: (.*)$/m.exec(result.stdout)?.[1] ?? 'none';
      const contents = execForTest('pg_restore', ['--list', written], { encoding: 'utf8' });
      const server = new URL(process.env.TEST_DATABASE_URL);
      expect(contents).toContain(`dbname: ${server.pathname.slice(1)}`);
    });
  });

  describe("lisbon-backup over PostgreSQL's Unix socket", () => {
    it('dumps the database the socket URL names with the real pg_dump', () => {
      const server = new URL(process.env.TEST_DATABASE_URL);
      const socketUrl = `postgres://${server.username}@${server.pathname}?host=/var/run/postgresql`;
      const result = backup(socketUrl, {}, {}, { PATH: '/usr/bin:/bin' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const written = /^backup written: (.*)$/m.exec(result.stdout)?.[1] ?? 'none';
      const contents = execForTest('pg_restore', ['--list', written], { encoding: 'utf8' });
      expect(contents).toContain(`dbname: ${server.pathname.slice(1)}`);
    });

    it("dumps through the socket with the driver's own parameters in the URL (uselibpqcompat)", () => {
      // The real pg_dump refused them ("invalid URI query parameter"), so no dump was written.
      const server = new URL(process.env.TEST_DATABASE_URL);
      const socketUrl = `postgres://${server.username}@${server.pathname}?host=/var/run/postgresql&uselibpqcompat=true&statement_timeout=0`;
      const result = backup(socketUrl, {}, {}, { PATH: '/usr/bin:/bin' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const written = /^backup written: (.*)$/m.exec(result.stdout)?.[1] ?? 'none';
      const contents = execForTest('pg_restore', ['--list', written], { encoding: 'utf8' });
      expect(contents).toContain(`dbname: ${server.pathname.slice(1)}`);
    });
  });
}
