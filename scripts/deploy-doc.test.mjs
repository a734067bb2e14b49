// docs/deploy.md read as a new operator follows it: what it says of the release's scripts holds.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseConnectionString } from 'pg-connection-string';
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandUsage } from '../apps/api/src/cli-usage.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';
import { unusableDatabase } from '../apps/api/src/platform/db/errors.ts';
import { execForTest } from './test-commands.mjs';

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

describe('what the release holds', () => {
  it('names every entry release.mjs puts at the top of the tarball', () => {
    // release.mjs's header lists the tarball's layout, one indented line per entry or group of them.
    const release = readFileSync(join(ROOT, 'scripts/release.mjs'), 'utf8');
    const start = release.indexOf('unpacking to lisbon-<version>/');
    const header = release.slice(start, release.indexOf('\n//\n', start));
    const entries = new Set(
      header
        .split('\n')
        .slice(2)
        .flatMap((line) =>
          line
            .replace(/^\/\/\s+/, '')
            .split(/\s{2,}/)[0]
            .split(/,\s*/),
        )
        .map((path) => path.trim().split('/')[0])
        .filter(Boolean),
    );
    expect([...entries]).toEqual(
      expect.arrayContaining(['bin', 'runtime', 'systemd', 'VERSION', 'COMMIT', 'package.json']),
    );
    const table = deploy.slice(deploy.indexOf('\n## What the release holds\n'), deploy.indexOf('\n## 1. '));
    const named = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) =>
          [...line.split('|')[1].matchAll(/`([^`]+)`/g)].map((match) => match[1].split('/')[0]),
        ),
    );
    for (const entry of entries) expect(named, entry).toContain(entry);
  });
});

describe('psql run as another user than root', () => {
  it('is run from /, which that user may enter, not from root’s home', () => {
    // psql started by `sudo -u` in /root (root's shell, where the runbook's commands are typed)
    // first says: could not change directory to "/root": Permission denied.
    const intro = deploy.slice(0, deploy.indexOf('\n## '));
    expect(intro).toMatch(/run them from `\/` \(`cd \/`\)/);
    const database = section(1);
    const cd = database.indexOf('\ncd /');
    expect(cd).toBeGreaterThan(0);
    expect(cd).toBeLessThan(database.indexOf('sudo -u postgres psql'));
    const restore = section(10);
    const second = restore.slice(restore.indexOf('\n2. '), restore.indexOf('\n3. '));
    const there = second.indexOf('in `/` (`cd /`');
    expect(there).toBeGreaterThan(0);
    expect(there).toBeLessThan(second.indexOf('sudo -u lisbon psql'));
    expect(there).toBeLessThan(second.indexOf('sudo -u lisbon pg_restore'));
  });
});

describe('the metrics token for Prometheus', () => {
  it('is written by a whole command at the path prometheus.yml reads, beside the rules it names', () => {
    const prometheus = readFileSync(join(ROOT, 'docs/ops/prometheus.yml'), 'utf8');
    const tokenFile = /credentials_file: (\S+)/.exec(prometheus)?.[1];
    const rules = /rule_files:\s*\n\s*- (\S+)/.exec(prometheus)?.[1];
    expect(tokenFile).toBe('/etc/prometheus/lisbon-metrics-token');
    const monitor = section(13);
    // install with a source and a destination: `install -o … -m 0600` alone installs nothing.
    expect(monitor).toContain(
      `printf '%s\\n' "$METRICS_TOKEN" | install -o prometheus -g prometheus -m 0600 /dev/stdin ${tokenFile}\n`,
    );
    expect(monitor).toContain(`cp /opt/lisbon/current/docs/ops/${rules} /etc/prometheus/`);
  });
});

describe('the variables the release’s scripts read', () => {
  it('are each described below section 5’s table, where the README sends the reader', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const pointer =
      /The release's scripts read a few more\s*\(([^)]*)\):\s*\[docs\/deploy\.md\]\(docs\/deploy\.md\), section 5 \(below its table\)/.exec(
        readme,
      );
    expect(pointer).not.toBeNull();
    const names = [...pointer[1].matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]);
    expect(names).toContain('NODE_EXTRA_CA_CERTS');
    const configure = section(5);
    const lines = configure.split('\n');
    const belowTable = lines.slice(lines.findLastIndex((line) => line.startsWith('| '))).join('\n');
    for (const name of names) expect(belowTable, name).toContain(`\`${name}\``);
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
    // Each paragraph or command block that installs a package updates the lists before it.
    const paragraphs = deploy.split(/\n\s*\n/).filter((text) => text.includes('apt-get install'));
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    for (const text of paragraphs) {
      const update = text.indexOf('apt-get update');
      expect(update >= 0 && update < text.indexOf('apt-get install'), text).toBe(true);
    }
  });
});

describe('nginx with TLS', () => {
  const nginx = section(7);
  const example = nginx.slice(nginx.indexOf('```nginx'), nginx.indexOf('```', nginx.indexOf('```nginx') + 3));

  it('has the certificate made before the file that names it, which nginx -t refuses without it', () => {
    expect(example).toContain('ssl_certificate     /etc/letsencrypt/live/portal.example.org/fullchain.pem;');
    const before = nginx.slice(0, nginx.indexOf('```nginx'));
    expect(before).toContain('**The certificate comes first**');
    expect(before).toMatch(/certbot certonly --webroot -w \/var\/www\/html -d\s+portal\.example\.org/);
    // certbot --nginx edits the file itself, and cannot run while nginx -t refuses it.
    expect(nginx).not.toContain('certbot --nginx');
  });

  it('reloads nginx on a host without systemd too, with nginx -s reload, as other sections give their form', () => {
    const text = nginx.replace(/\s+/g, ' ');
    const reloads = [...text.matchAll(/systemctl reload nginx/g)].map((match) => match.index);
    expect(reloads.length).toBeGreaterThanOrEqual(2);
    // Each systemctl reload has its form without systemd in the same breath.
    for (const at of reloads) expect(text.slice(at, at + 400)).toContain('nginx -s reload');
    expect(text).toContain("--deploy-hook 'nginx -s reload'");
    expect(text).toContain('(without systemd: `nginx -t && nginx -s reload`)');
    // certbot renews by its timer under systemd; without, by its cron file, which needs cron.
    expect(text).toContain('`/etc/cron.d/certbot`');
    expect(text).toContain('install cron (section 6, "Without systemd")');
    expect(section(6).replace(/\s+/g, ' ')).toContain('apt-get install -y cron');
  });

  it('answers certbot’s challenge on port 80, where everything else is sent to HTTPS', () => {
    const plain = example.slice(example.indexOf('listen 80;'), example.indexOf('listen 443'));
    expect(plain).toContain('location /.well-known/acme-challenge/ { root /var/www/html; }');
    expect(plain).toContain('location / { return 301 https://$host$request_uri; }');
  });
});

describe('CONTACT_HOURS in the configuration', () => {
  it('is shown with en dashes, as the contact page writes the ranges; a hyphen only where said to be read the same', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = readFileSync(join(ROOT, 'packaging/lisbon.env.example'), 'utf8');
    for (const [name, text] of [
      ['README.md', readme],
      ['docs/deploy.md', deploy],
      ['packaging/lisbon.env.example', example],
    ]) {
      // Every line that names CONTACT_HOURS, and the hours it writes (`Mon–Fri 09:00–13:00`).
      const lines = text.split('\n').filter((line) => line.includes('CONTACT_HOURS'));
      const hours = lines.flatMap((line) =>
        [...line.matchAll(/(?<=[`"])(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[^`"]*/g)].map((match) => ({
          hours: match[0],
          before: line.slice(Math.max(0, match.index - 40), match.index),
        })),
      );
      expect(hours.filter(({ hours }) => hours.includes('–')).length, name).toBeGreaterThan(0);
      for (const { hours: written, before } of hours.filter(({ hours }) =>
        /[A-Za-z0-9]-[A-Za-z0-9]/.test(hours),
      )) {
        expect(before, `${name}: ${written}`).toContain('hyphen');
      }
    }
  });
});

describe('the database on the same host or another', () => {
  it('says to leave sslmode out on the same host, where the server has no TLS, and to require it across a network', () => {
    const text = section(1).replace(/\s+/g, ' ');
    expect(text).toContain('**The same host, or another.**');
    expect(text).toContain('`?sslmode=require` in the URL');
    expect(text).toContain('write the URL without `sslmode`, `postgres://lisbon:…@127.0.0.1:5432/lisbon`');
    expect(text).toContain('`host lisbon lisbon 127.0.0.1/32 scram-sha-256`');
    // The lines an operator meets with sslmode=require, as the portal prints them: a server without
    // TLS, and Debian's self-signed certificate, which the portal's full check refuses. The runbook
    // quotes the first up to the driver's own words, the second up to its certificate's refusal.
    const url = 'postgres://lisbon:secret@db.internal:5432/lisbon?sslmode=require';
    const noTls = unusableDatabase(new Error('The server does not support SSL connections'), url);
    const selfSigned = Object.assign(new Error('self-signed certificate'), {
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    const untrusted = unusableDatabase(selfSigned, url);
    // The socket's aside (below).
    const quoted = [...text.matchAll(/`(DATABASE_URL: the database cannot be used: [^`]*)`/g)]
      .map(([, line]) => line)
      .filter((line) => !line.includes('socket'));
    expect(quoted).toHaveLength(2);
    expect(noTls).toBe(`${quoted[0]} (The server does not support SSL connections).`);
    expect(quoted[1]).toMatch(/, …$/);
    const shown = quoted[1].slice(0, -'…'.length);
    expect(untrusted?.slice(0, shown.length)).toBe(shown);
    expect(shown).toContain("the server's TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)");
    // Where several parameters ask, the runbook's example is what the lines name.
    const [, names, query] = /`([a-z]+(?: and [a-z]+)+)` for `\?([^`]+)`/.exec(text) ?? [];
    expect(
      unusableDatabase(
        new Error('The server does not support SSL connections'),
        `${url.split('?')[0]}?${query}`,
      ),
    ).toContain(`and ${names} ask for it`);
    expect(unusableDatabase(selfSigned, `${url.split('?')[0]}?${query}`)).toContain(`leave ${names} out`);
    // libpq's verify-ca, which checks the CA and not the name, as the runbook says the line says.
    const [, notTheName] = /\(`…([^`]+)`\)/.exec(text) ?? [];
    const dir = mkdtempSync(join(tmpdir(), 'lisbon-db-ca-'));
    try {
      const ca = join(dir, 'ca.pem');
      writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
      const verifyCa = `${url.split('?')[0]}?uselibpqcompat=true&sslmode=verify-ca&sslrootcert=${ca}`;
      expect(text).toContain('`verify-ca` checks it against the CA of `sslrootcert`');
      // Without uselibpqcompat, the driver's no-verify checks nothing (no CA, no name).
      expect(parseConnectionString(`${url.split('?')[0]}?sslmode=no-verify`).ssl).toEqual({
        rejectUnauthorized: false,
      });
      expect(text).not.toContain('as every `sslmode` does without it.');
      expect(text).toContain('`no-verify`, which checks nothing');
      expect(unusableDatabase(selfSigned, verifyCa)).toContain(notTheName);
      expect(unusableDatabase(selfSigned, verifyCa.replace('verify-ca', 'verify-full'))).not.toContain(
        notTheName,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the database over its Unix socket on the same host', () => {
  it('gives the socket URL in the forms the portal takes, and the line a socket not reached stops the start with', () => {
    const text = section(1).replace(/\s+/g, ' ');
    expect(text).toContain('`postgres://lisbon@/lisbon?host=/var/run/postgresql`');
    const urls = [
      ...new Set([...text.matchAll(/`(postgres(?:ql)?:\/\/[^`]*\?host=[^`]*)`/g)].map(([, url]) => url)),
    ];
    // The form release 1.1.0 reads too comes first (a rollback, section 11).
    expect(urls).toEqual([
      'postgresql:///lisbon?host=/var/run/postgresql',
      'postgres://lisbon@/lisbon?host=/var/run/postgresql',
    ]);
    for (const url of urls)
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
    const quoted = [...text.matchAll(/`(DATABASE_URL: the database cannot be used: [^`]*)`/g)].map(
      ([, line]) => line,
    );
    const socket = quoted.find((line) => line.includes('socket'));
    expect(socket).toMatch(/, …$/);
    const shown = socket.slice(0, -'…'.length);
    const notReached = Object.assign(new Error('connect ENOENT /var/run/postgresql/.s.PGSQL.5432'), {
      code: 'ENOENT',
      address: '/var/run/postgresql/.s.PGSQL.5432',
    });
    expect(unusableDatabase(notReached, urls[0])?.slice(0, shown.length)).toBe(shown);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://lisbon@/lisbon' })).toThrow(
      /names no host after its @/,
    );
    expect(text).toContain('`postgresql:///lisbon` with no `?host=`, is refused');
    expect(() => loadConfig({ DATABASE_URL: 'postgresql:///lisbon' })).toThrow(
      /names no host, nor a socket’s directory in \?host=/,
    );
  });

  it('gives the socket URL release 1.1.0 reads too, which read DATABASE_URL with URL, while a rollback to it may come', () => {
    const text = section(1).replace(/\s+/g, ' ');
    // 1.1.0 read DATABASE_URL with new URL (config and lisbon-backup): an @ before no host is refused there.
    expect(URL.canParse('postgres://lisbon@/lisbon?host=/var/run/postgresql')).toBe(false);
    const both = 'postgresql:///lisbon?host=/var/run/postgresql';
    expect(URL.canParse(both)).toBe(true);
    expect(loadConfig({ DATABASE_URL: both }).database).toEqual({ dialect: 'postgres', url: both });
    expect(text).toContain(
      `while a rollback to 1.1.0 may come (section 11) write \`${both}\`, which both releases read`,
    );
    expect(section(11).replace(/\s+/g, ' ')).toContain(
      "with a socket's `DATABASE_URL` in the form 1.1.0 reads, section 1",
    );
  });

  it('quotes the line a socket URL asking for TLS stops the start with, as the configuration prints it', () => {
    const text = section(1).replace(/\s+/g, ' ');
    const quoted = [
      ...text.matchAll(/`(Invalid configuration: DATABASE_URL names PostgreSQL's Unix socket[^`]*)`/g),
    ].map(([, line]) => line);
    expect(quoted).toHaveLength(1);
    const refusal = (() => {
      try {
        loadConfig({ DATABASE_URL: 'postgres://lisbon@/lisbon?host=/var/run/postgresql&sslmode=require' });
      } catch (error) {
        return error.message;
      }
    })();
    expect(refusal).toBe(quoted[0]);
    expect(text).toContain('`PGSSLMODE`');
  });
});

describe('the key files the other docs name', () => {
  it('are at the paths section 5’s table gives each variable', () => {
    const table = new Map(
      [...section(5).matchAll(/^\| `([A-Z0-9_]+_FILE)` \| `(\/[^`]+)`/gm)].map(([, name, path]) => [
        name,
        path,
      ]),
    );
    expect(table.get('PAYMENT_API_KEY_FILE')).toBe('/etc/lisbon/keys/payment-api-key');
    const named = readdirSync(join(ROOT, 'docs'))
      .filter((file) => file.endsWith('.md') && file !== 'deploy.md')
      .flatMap((file) =>
        [...readFileSync(join(ROOT, 'docs', file), 'utf8').matchAll(/\b([A-Z][A-Z0-9_]*_FILE)=(\/[^\s`]+)/g)]
          .filter(([, name]) => table.has(name))
          .map(([, name, path]) => ({ file, name, path })),
      );
    expect(named.map(({ name }) => name)).toContain('PAYMENT_API_KEY_FILE');
    for (const { file, name, path } of named)
      expect({ file, name, path }).toEqual({ file, name, path: table.get(name) });
  });
});

describe('the first start without systemd', () => {
  it('runs each unit’s ExecStart by hand, with the variables the units set', () => {
    const start = section(6);
    const text = start.slice(start.indexOf('**Without systemd**')).split('\n\n')[0].replace(/\s+/g, ' ');
    expect(text).toContain('**Without systemd**');
    const units = join(ROOT, 'packaging/systemd');
    for (const unit of ['lisbon-migrate.service', 'lisbon@.service', 'lisbon-backup.service']) {
      const file = readFileSync(join(units, unit), 'utf8');
      expect(file).toContain('Environment=LISBON_ENV_FILE=/etc/lisbon/lisbon.env');
      expect(text, unit).toContain(file.match(/^ExecStart=(.+)$/m)[1]);
    }
    expect(text).toContain('with `LISBON_ENV_FILE=/etc/lisbon/lisbon.env`');
    // lisbon@.service sets PORT and INSTANCE_ID from its name (lisbon@3000 on web-1).
    const instance = readFileSync(join(units, 'lisbon@.service'), 'utf8');
    expect(instance).toContain('Environment=PORT=%i');
    expect(instance).toContain('Environment=INSTANCE_ID=%l-%i');
    expect(text).toContain('env PORT=3000 INSTANCE_ID=web-1-3000 /opt/lisbon/current/bin/lisbon serve');
    expect(readFileSync(join(units, 'lisbon-backup.timer'), 'utf8')).toContain('OnCalendar=*-*-* 02:30:00');
    expect(text).toContain('as `lisbon` at 02:30');
    // A fresh Debian 12 (minimal, or a container) has no cron: the file would be read by nobody.
    expect(text).toContain('apt-get update && apt-get install -y cron');
  });
});

describe('the restore', () => {
  it('holds maintenance with MAINTENANCE_MODE, as the dump restored replaces the switch of /staff/notices', () => {
    const restore = section(10);
    const step = (number) =>
      restore
        .slice(restore.indexOf(`\n${number}. `), restore.indexOf(`\n${number + 1}. `))
        .replace(/\s+/g, ' ');
    expect(step(1)).toContain(
      'Switch maintenance on with `MAINTENANCE_MODE=true` in `lisbon.env` on both VMs',
    );
    expect(step(1)).toContain('Not with the switch of `/staff/notices` alone: it is a row of the database');
    expect(step(5)).toContain('remove `MAINTENANCE_MODE` from `lisbon.env` on both VMs');
    // The switch is a row of the database, in the tables a dump holds.
    const notices = join(ROOT, 'apps/api/src/platform/db/migrations/2026-11-21-060-notices.ts');
    expect(readFileSync(notices, 'utf8')).toContain("`settings`: the administrators' switches (maintenance)");
  });
});

describe('the upgrade', () => {
  it('checks the new tarball with sha256sum -c before unpacking it, as the install does', () => {
    const upgrade = section(11);
    const third = upgrade
      .slice(upgrade.indexOf('\n3. On both VMs'), upgrade.indexOf('\n4. '))
      .replace(/\s+/g, ' ');
    const check = third.indexOf('sha256sum -c lisbon-1.1.0-linux-x64.tar.gz.sha256 &&');
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(third.indexOf('tar -xzf lisbon-1.1.0-linux-x64.tar.gz -C /opt/lisbon'));
  });
});

describe('the rollback by restore', () => {
  it('points current back after the restore, before lisbon-migrate and the instances start', () => {
    const upgrade = section(11);
    const bullet = upgrade
      .slice(upgrade.indexOf('- *A migration marked not reversible or breaking*'))
      .split('\n- ')[0]
      .replace(/\s+/g, ' ');
    expect(bullet).toContain('or back to 1.0.0 after any migration');
    const restored = bullet.indexOf('section 10, steps 1 to 3');
    const pointedBack = bullet.indexOf('point `current` back');
    const started = bullet.indexOf('section 10, steps 4 to 6');
    expect(restored).toBeGreaterThan(0);
    expect(pointedBack).toBeGreaterThan(restored);
    expect(started).toBeGreaterThan(pointedBack);
    // Section 10's step 4 is where lisbon-migrate runs: the release current names then.
    const restore = section(10);
    expect(restore.slice(restore.indexOf('\n4. '), restore.indexOf('\n5. '))).toContain(
      '`systemctl restart lisbon-migrate`',
    );
  });
});

describe('the commands by hand, as the service’s user', () => {
  it('run the backup and the migrations as lisbon, the backup by its path, as section 10 restores as lisbon', () => {
    const start = section(6);
    const text = start.slice(start.indexOf('**Without systemd**')).split('\n\n')[0].replace(/\s+/g, ' ');
    // Only `lisbon` is linked into /usr/local/bin (section 3): `lisbon-backup` typed alone is not found.
    expect(section(3)).toContain('ln -sfn /opt/lisbon/current/bin/lisbon /usr/local/bin/lisbon\n');
    expect(section(3)).not.toContain('/usr/local/bin/lisbon-backup');
    expect(text).toContain(
      '`systemctl start lisbon-backup`, run `sudo -u lisbon /opt/lisbon/current/bin/lisbon-backup`',
    );
    expect(text).toContain('`systemctl restart lisbon-migrate`, run `sudo -u lisbon lisbon migrate` again');
    expect(text).not.toMatch(/run `lisbon-backup`|run `lisbon migrate`/);
    // A dump root makes is root's alone (the script's umask 077), and section 10 restores it as lisbon.
    expect(readFileSync(join(ROOT, 'packaging/bin/lisbon-backup'), 'utf8')).toContain('umask 077');
    expect(section(10)).toContain('sudo -u lisbon pg_restore --no-owner');
    expect(text).toContain('never as root');
    expect(text).toContain('as `lisbon` at 02:30, in `/etc/cron.d/lisbon-backup`');
  });

  it('write the embedded default’s backups in a folder section 3 gives lisbon', () => {
    // `install -d -o lisbon -g lisbon -m 0750 /var/lib/lisbon /var/backups/lisbon`
    const given = section(3)
      .match(/^install -d -o lisbon -g lisbon -m 0750 (.+)$/m)[1]
      .split(/\s+/);
    expect(given).toContain('/var/backups/lisbon');
    const paths = [...deploy.matchAll(/sudo -u lisbon lisbon (?:backup --out|restore --from) (\S+)/g)].map(
      (match) => match[1],
    );
    expect(paths.length).toBeGreaterThanOrEqual(2);
    for (const path of paths)
      expect(
        given.some((folder) => path.startsWith(`${folder}/`)),
        path,
      ).toBe(true);
  });
});

describe('a release built in a clone without tags', () => {
  it('is built from a tag made on the commit CHANGELOG.md names, as release.mjs names lisbon-<version> only at its tag', () => {
    const release = readFileSync(join(ROOT, 'scripts/release.mjs'), 'utf8');
    expect(release).toContain('const isRelease = isTagged && changes.length === 0;');
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    const text = deploy.replace(/\s+/g, ' ');
    const tags = [...text.matchAll(/`git tag v(\d+\.\d+\.\d+) ([0-9a-f]{7,})\b/g)];
    expect(tags.map(([, version]) => version)).toContain('1.1.0');
    // A clone with the tags builds from the tag; one without makes it first, on CHANGELOG's commit.
    expect(text).toContain('`git checkout v1.1.0 && npm ci && npm run release`');
    expect(text).toContain('`git tag -l v1.1.0` prints nothing');
    for (const [, version, commit] of tags)
      expect(changelog).toMatch(
        new RegExp(`^## ${version.replaceAll('.', '\\.')} — .*\\(commit ${commit}\\)`, 'm'),
      );
    // Built from the bare commit, 1.1.0's tarball is lisbon-1.1.0+4639aa4, not the release's name.
    expect(deploy).not.toMatch(/`git checkout [0-9a-f]{7,} && npm ci && npm run release`/);
  });
});

describe('the version', () => {
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

  it('is one: the root package’s, the API’s manifest’s (the tarball keeps it) and the lockfile’s', () => {
    const api = JSON.parse(readFileSync(join(ROOT, 'apps/api/package.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    expect([api.version, lock.version, lock.packages[''].version, lock.packages['apps/api'].version]).toEqual(
      [version, version, version, version],
    );
  });

  it('names the tarball an operator installs, and the runbook says how to upgrade to it from 1.0.0', () => {
    expect(section(3)).toContain(`RELEASE=lisbon-${version} `);
    const upgrade = section(11);
    const from100 = upgrade.slice(upgrade.indexOf('\n### Upgrading from 1.0.0\n'));
    expect(from100).not.toBe(upgrade);
    expect(from100).toContain(`\`lisbon-${version}-linux-x64.tar.gz\``);
    expect(from100).toMatch(/\*\*Every one is expand-only\*\*/);
    // Back up first; migrate; restart one at a time; verify; roll back by a restore.
    for (const step of [
      '**Back up first**',
      '**Migrate**',
      '**Rolling restart**',
      `\`lisbon --version\` prints \`lisbon ${version} (commit …)\``,
      `\`"version":"${version}"\``,
      'lisbon_build_info',
      'lisbon ledger:verify',
      '**Rolling back to 1.0.0** is a restore',
    ])
      expect(from100).toContain(step);
  });
});

describe('the database server of section 1', () => {
  const database = section(1);
  it('has sudo installed before sudo -u postgres psql, as a fresh Debian has none', () => {
    const install = database.indexOf('apt-get install -y sudo');
    expect(install).toBeGreaterThan(0);
    expect(install).toBeLessThan(database.indexOf('sudo -u postgres psql'));
  });
  it('says how PostgreSQL takes the pg_hba.conf and max_connections it asks for', () => {
    const text = database.replace(/\s+/g, ' ');
    expect(text).toMatch(/`pg_hba\.conf` again at `systemctl reload postgresql`/);
    expect(text).toMatch(/`max_connections` only at `systemctl restart postgresql`/);
  });
});

describe('the install on a host without systemd', () => {
  it('leaves out the units’ lines of section 3, whose systemctl answers that systemd is not running', () => {
    const install = section(3);
    const reload = install.split('\n').find((line) => line.startsWith('systemctl daemon-reload'));
    expect(reload).toMatch(/leave them out: section 6, "Without systemd"/);
    expect(section(6)).toContain('**Without systemd**');
  });
});

describe('the office’s content changed by SQL', () => {
  it('writes Italian with the typographic apostrophe the portal’s pages use, never the keyboard’s', () => {
    // An operator copies the example: a straight ' in an it-IT entry sits beside the seeded ’.
    // An entry's JSON is on the line of its locale (an INSERT's row) or the line before (an UPDATE's).
    const content = section(16);
    const lines = content.split('\n');
    const italian = lines.filter(
      (line, index) => line.includes('"title"') && `${line}${lines[index + 1]}`.includes("'it-IT'"),
    );
    expect(italian.length).toBeGreaterThanOrEqual(2);
    for (const line of italian) {
      const values = [...line.matchAll(/"(?:title|body)": "([^"]*)"/g)].map((match) => match[1]);
      for (const value of values) expect(value, line).not.toMatch(/[A-Za-zÀ-ÿ]''?[A-Za-zÀ-ÿ]/);
    }
    expect(content).toContain('Dove si trova l’ufficio?');
  });
});

describe('the API’s description in production', () => {
  it('says what section 7’s nginx does with /api/docs, which it passes to the instances unless told', () => {
    const row = section(5)
      .split('\n')
      .find((line) => line.startsWith('| `API_DOCS` |'));
    const nginx = section(7).slice(
      section(7).indexOf('```nginx'),
      section(7).indexOf('```\n', section(7).indexOf('```nginx')),
    );
    expect(nginx).toContain('location / {');
    if (!nginx.includes('/api/docs')) {
      // Nothing in the file stops the path: API_DOCS=true serves it through the balancer.
      expect(row).not.toMatch(/nginx answers 404/);
      expect(row).toContain('`location ^~ /api/docs { return 404; }`');
    }
  });
});

describe('the backup from cron', () => {
  // cron mails a job's output to its user: Debian's exim4 files it in /var/mail/lisbon, which nobody
  // reads, and a host without a mail server loses it. The line keeps it in a log the operator reads.
  const start = section(6);
  const block = start.match(
    /^install -d -o lisbon -g lisbon -m 0750 (\S+) .*\ncat > \/etc\/cron\.d\/lisbon-backup <<'EOF'\n([^]*?)\nEOF$/m,
  );

  it('sends no mail and appends what the backup prints, its date and its exit code to a log lisbon may write', () => {
    expect(block, 'the cron file of section 6').not.toBeNull();
    const [, folder, file] = block;
    const lines = file.split('\n');
    expect(lines).toContain('MAILTO=""');
    const job = lines.find((line) => line.startsWith('30 2 * * * lisbon '));
    expect(job).toBeDefined();
    const command = job.slice('30 2 * * * lisbon '.length);
    const log = command.match(/>>(\S+) 2>&1$/)?.[1];
    expect(log, 'stdout and stderr appended to a file').toBeDefined();
    expect(log.startsWith(`${folder}/`)).toBe(true);
    expect(start).toContain(`\`tail -n 20 ${log}\``);
    expect(section(9)).toContain(`\`${log}\``);
    // Run the line as cron does (sh -c), with a backup that says a little and fails, and one that works.
    const dir = mkdtempSync(join(tmpdir(), 'lisbon-cron-'));
    try {
      const backup = join(dir, 'lisbon-backup');
      const run = (script) => {
        writeFileSync(backup, `#!/bin/sh\n${script}\n`);
        chmodSync(backup, 0o755);
        const line = command
          .replace('/opt/lisbon/current/bin/lisbon-backup', backup)
          .replace(log, join(dir, 'backup.log'));
        expect(line).not.toContain('/opt/lisbon');
        return execForTest('/bin/sh', ['-c', line], { encoding: 'utf8' });
      };
      expect(run('echo "pg_dump: error: connection refused" >&2; exit 3')).toBe('');
      expect(run('echo "backup written: /var/backups/lisbon/lisbon-x.dump"')).toBe('');
      const written = readFileSync(join(dir, 'backup.log'), 'utf8').trim().split('\n');
      expect(written).toHaveLength(6);
      expect(Number.isNaN(Date.parse(written[0].replace(' UTC ', ' ')))).toBe(false);
      expect(written.slice(1, 3)).toEqual(['pg_dump: error: connection refused', 'exit 3']);
      expect(written.slice(4)).toEqual(['backup written: /var/backups/lisbon/lisbon-x.dump', 'exit 0']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the README’s command blocks', () => {
  it('run the CLI with npm run --silent, as its command-line section advises for clean output and exit codes', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.replace(/\s+/g, ' ')).toContain(
      "`npm run --silent cli -- …` (or `-s`) prints only the command's own lines, with the same exit code",
    );
    const commands = [...readme.matchAll(/^```sh\n([^]*?)^```$/gm)]
      .flatMap((block) => block[1].split('\n'))
      .filter((line) => /^npm run\b.*\bcli\b/.test(line));
    expect(commands.length).toBeGreaterThanOrEqual(8);
    for (const line of commands) expect(line, line).toMatch(/^npm run --silent cli -- /);
  });
});

describe('the upgrade on a host without systemd', () => {
  it('switches current with ln -sfn alone, leaving out the units’ copy and systemctl daemon-reload', () => {
    const upgrade = section(11);
    const fourth = upgrade
      .slice(upgrade.indexOf('\n4. On web-1'), upgrade.indexOf('\n5. '))
      .replace(/\s+/g, ' ');
    expect(fourth).toContain('systemctl daemon-reload');
    expect(fourth).toContain('(without systemd the `ln -sfn` alone');
    expect(fourth).toContain('section 6, "Without systemd"');
    // Section 6's list of what each systemctl of the runbook becomes names the reload too.
    const start = section(6);
    const text = start.slice(start.indexOf('**Without systemd**')).split('\n\n')[0].replace(/\s+/g, ' ');
    expect(text).toContain('copy the units and `systemctl daemon-reload`');
    expect(text).toContain('leave both out');
  });
});

describe('the trial relay on a host with Debian’s npm', () => {
  it('runs maildev under the release’s Node 24, as maildev 3 stops under Debian’s Node 18, and is checked by its API', () => {
    const configure = section(5);
    const text = configure.replace(/\s+/g, ' ');
    expect(text).toContain('maildev 3 needs Node 20 or later');
    expect(configure).toMatch(
      /^PATH=\/opt\/lisbon\/current\/runtime\/bin:\$PATH npx --yes maildev@3\.\d+\.\d+ /m,
    );
    // The release holds that Node where the line puts it first on the PATH.
    expect(deploy).toContain('| `runtime/bin/node` | Node 24, pinned');
    // curl of its page answers 404 (no Accept: text/html): the API says whether it runs.
    expect(text).toContain('`curl http://127.0.0.1:1080/` gets `404`');
    expect(text).toContain('`curl -fsS http://127.0.0.1:1080/api/healthz` answers `true`');
    expect(text).toContain('`curl -fsS http://127.0.0.1:1080/api/email` lists the mails');
  });
});

describe('the instances stopped on a host without systemd', () => {
  it('has a stand-in for section 10’s systemctl stop, by a pattern the process list shows', () => {
    const start = section(6);
    const text = start.slice(start.indexOf('**Without systemd**')).split('\n\n')[0].replace(/\s+/g, ' ');
    expect(text).toContain("Where this runbook says `systemctl stop 'lisbon@*'` (section 10)");
    expect(text).toContain('`kill -TERM $(pgrep -u lisbon -f apps/api/dist/main.js)`');
    expect(text).toContain('`while pgrep -u lisbon -f apps/api/dist/main.js >/dev/null; do sleep 1; done`');
    // bin/lisbon resolves its own link, so the process runs from the release's folder, never
    // from /opt/lisbon/current: the pattern holds no folder, and the serve line ends as it says.
    const bin = readFileSync(join(ROOT, 'packaging/bin/lisbon'), 'utf8');
    expect(bin).toContain('root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"');
    expect(bin).toContain('"$root/apps/api/dist/main.js"');
    // The server drains on SIGINT (Ctrl-C) as on SIGTERM.
    const server = readFileSync(join(ROOT, 'apps/api/src/server.ts'), 'utf8');
    expect(server).toContain("process.once('SIGINT', (signal) => void shutdown(signal));");
    expect(server).toContain("process.once('SIGTERM', (signal) => void shutdown(signal));");
    // cron's daemon, which nothing starts without systemd.
    expect(text).toContain('`service cron start`');
    const restore = section(10);
    expect(restore.slice(restore.indexOf('\n1. '), restore.indexOf('\n2. ')).replace(/\s+/g, ' ')).toContain(
      '`systemctl stop \'lisbon@*\'` (without systemd: section 6, "Without systemd")',
    );
  });
});

describe('pg_hba.conf and the server’s addresses', () => {
  it('puts the portal’s line before the broader rules, as the first line that matches decides, and opens the server to the VMs', () => {
    const database = section(1);
    const text = database.replace(/\s+/g, ' ');
    expect(text).toContain('**Where the line goes matters**');
    expect(text).toContain('takes the first whose type, database, user and address match');
    expect(database).toContain(
      "sed -i '/^# IPv4 local connections:/a hostssl lisbon          lisbon          10.0.1.11/32            scram-sha-256' /etc/postgresql/15/main/pg_hba.conf\n",
    );
    expect(text).toContain("`listen_addresses = '*'`");
    expect(text).toMatch(/`listen_addresses` and `max_connections` only at `systemctl restart postgresql`/);
  });
});

describe('the commands the docs give', () => {
  // README.md and every doc an operator reads, their code spans (a span may wrap) and their code
  // blocks' lines: each `lisbon <command>` and `npm run cli -- <command>` with what follows it, and
  // a span that starts with a command and its options (the README's table of the command line).
  const docs = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  const COMMAND =
    /(?:\blisbon|\bnpm run (?:-s |--silent )?cli --|^(?=[a-z]+:[a-z-]+ --)) ?([a-z]+:[a-z-]+|migrate|backup|restore|help|serve|--version|-V)((?: (?:--?[a-z][a-z-]*|<[^>]*>|[^\s`|;&#()]+))*)/g;
  const given = docs.flatMap((path) => {
    const text = readFileSync(join(ROOT, path), 'utf8');
    const blocks = [...text.matchAll(/^\s*```[a-z]*\n([\s\S]*?)^\s*```/gm)].map((block) => block[1]);
    const prose = text.replace(/^\s*```[a-z]*\n[\s\S]*?^\s*```/gm, '');
    const pieces = [
      ...blocks.flatMap((block) => block.split('\n')),
      ...[...prose.matchAll(/`([^`]+)`/g)].map((span) => span[1].replace(/\s+/g, ' ')),
    ];
    return pieces.flatMap((piece) =>
      [...piece.matchAll(COMMAND)].map(([whole, command, rest]) => ({
        path,
        whole,
        command,
        flags: [...rest.matchAll(/(?:^| )(--[a-z][a-z-]*)/g)].map((flag) => flag[1]),
        isRelease: whole.startsWith('lisbon'),
        isNpm: whole.startsWith('npm'),
      })),
    );
  });

  it('name commands the CLI has, with the options its usage gives them', () => {
    expect(given.length).toBeGreaterThan(50);
    const wrong = given.flatMap(({ path, whole, command, flags }) => {
      if (['help', 'serve', '--version', '-V'].includes(command))
        return flags.length > 0 ? [`${path}: ${whole}`] : [];
      if (!COMMANDS.includes(command)) return [`${path}: ${whole}`];
      const usage = commandUsage(command);
      return flags
        .filter((flag) => !new RegExp(`${flag}(?![a-z-])`).test(usage))
        .map((flag) => `${path}: ${whole} (${flag})`);
    });
    expect(wrong).toEqual([]);
  });

  it('give a command of docs/ as lisbon runs it on the release’s host, not only as npm run cli in a checkout', () => {
    // A host installed from the release has no checkout and no npm: `lisbon …` (README, "The
    // command line"); every doc that gives a command's npm form gives its lisbon form too.
    const checkoutOnly = given
      .filter(({ path, isNpm }) => path.startsWith('docs/') && isNpm)
      .filter(
        ({ path, command }) =>
          !given.some((other) => other.path === path && other.isRelease && other.command === command),
      )
      .map(({ path, command }) => `${path}: ${command}`);
    expect(checkoutOnly).toEqual([]);
  });
});

describe('the units the docs name', () => {
  it('are the ones the release ships in systemd/, an instance of lisbon@.service by its port', () => {
    const units = readdirSync(join(ROOT, 'packaging/systemd'));
    const docs = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    // systemctl's unit, and each -u of journalctl (not sudo's -u lisbon).
    const named = docs.flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .flatMap((line) => [
          ...line.matchAll(/systemctl [a-z-]+(?: --now)? '?(lisbon[a-z@*0-9.-]*)/g),
          ...(line.includes('journalctl')
            ? line.slice(line.indexOf('journalctl')).matchAll(/ -u '?(lisbon[a-z@*0-9.-]*)/g)
            : []),
        ])
        .map(([, unit]) => ({ path, unit })),
    );
    expect(named.length).toBeGreaterThan(20);
    const unknown = named.filter(({ unit }) => {
      const file = unit.replace(/@(\d+|\*)/, '@').replace(/\.$/, '');
      return !units.includes(file) && !units.includes(`${file}.service`);
    });
    expect(unknown.map(({ path, unit }) => `${path}: ${unit}`)).toEqual([]);
  });
});
