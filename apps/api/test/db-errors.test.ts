import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3ServiceException } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db/database';
import { unusableDatabase } from '../src/platform/db/errors';
import { migrateToLatest } from '../src/platform/db/migrate';
import { unusableBucket } from '../src/platform/storage/refusals';
import { isPostgresRun } from './helper';

const URL_5432 = 'postgres://lisbon:secret@db.internal:5432/lisbon?sslmode=require';
const networkError = (code: string, fields: object, message = `connect ${code}`) =>
  Object.assign(new Error(message), { code, ...fields });

describe('a database the portal cannot use, in one line naming DATABASE_URL', () => {
  it('names the reason for the server DATABASE_URL names, its own refusals, and TLS it does not take', () => {
    expect(unusableDatabase(networkError('ECONNREFUSED', { port: 5432 }), URL_5432)).toBe(
      'DATABASE_URL: the database cannot be used: nothing listens at its host and port (connect ECONNREFUSED).',
    );
    expect(unusableDatabase(networkError('ENOTFOUND', { hostname: 'db.internal' }), URL_5432)).toMatch(
      /its host name does not resolve/,
    );
    // Node tries each address of a name: the refusals come inside an AggregateError.
    const both = Object.assign(new AggregateError([networkError('ECONNREFUSED', { port: 5432 })], ''), {
      code: 'ECONNREFUSED',
    });
    expect(unusableDatabase(both, URL_5432)).toMatch(/nothing listens at its host and port \(ECONNREFUSED\)/);
    expect(unusableDatabase(networkError('28P01', {}, 'password authentication failed'), URL_5432)).toMatch(
      /the role or its password was refused/,
    );
    expect(unusableDatabase(new Error('The server does not support SSL connections'), URL_5432)).toMatch(
      /does not take TLS/,
    );
  });

  it('names a TLS certificate the portal does not trust (Debian’s self-signed one), and says what to do', () => {
    // A URL without sslmode asks for no TLS only where no PGSSLMODE asks for it (below).
    vi.stubEnv('PGSSLMODE', undefined);
    // What Node gives pg for PostgreSQL's snakeoil certificate under sslmode=require (verify-full).
    const selfSigned = networkError(
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      {},
      'self-signed certificate; if the root CA is installed locally, try running Node.js with --use-system-ca',
    );
    expect(unusableDatabase(selfSigned, URL_5432)).toBe(
      "DATABASE_URL: the database cannot be used: the server's TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT), and sslmode checks it and its name: give its CA in NODE_EXTRA_CA_CERTS, or, for a server on the same host, leave sslmode out (docs/deploy.md, section 1).",
    );
    expect(
      unusableDatabase(
        networkError('ERR_TLS_CERT_ALTNAME_INVALID', {}, 'Hostname/IP does not match'),
        URL_5432,
      ),
    ).toMatch(/TLS certificate is not trusted \(ERR_TLS_CERT_ALTNAME_INVALID\)/);
    // Not the database's: a URL that asks for no TLS, or the object store's refusal (the SDK's $metadata).
    expect(
      unusableDatabase(selfSigned, 'postgres://lisbon:secret@127.0.0.1:5432/lisbon?sslmode=disable'),
    ).toBeUndefined();
    expect(unusableDatabase(selfSigned, 'postgres://lisbon:secret@127.0.0.1:5432/lisbon')).toBeUndefined();
    expect(
      unusableDatabase(Object.assign(selfSigned, { $metadata: { attempts: 1 } }), URL_5432),
    ).toBeUndefined();
  });

  // In exactly the cases the driver asked for TLS, read in pg 8.23's and pg-connection-string
  // 2.14's source (errors.ts says which): a certificate refused under no TLS is not the database's.
  describe('a certificate refused, when the driver asked for TLS and only then', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    const refused = (url: string) =>
      unusableDatabase(
        networkError('DEPTH_ZERO_SELF_SIGNED_CERT', {}, 'self-signed certificate'),
        `postgres://lisbon:secret@db.internal:5432/lisbon${url}`,
      );
    const askedBy = (setting: string) =>
      new RegExp(
        `not trusted \\(DEPTH_ZERO_SELF_SIGNED_CERT\\), and ${setting} checks it .* leave ${setting} out`,
      );

    it.each([
      ['?sslmode=require', 'sslmode'],
      ['?sslmode=verify-full', 'sslmode'],
      ['?sslmode=prefer', 'sslmode'],
      ['?ssl=true', 'ssl'],
      ['?ssl=1', 'ssl'],
      // pg-connection-string turns only true and 1 into true: any other value is a truthy string to pg.
      ['?ssl=false', 'ssl'],
      // sslmode wins over ssl=0 (it makes the ssl options an object).
      ['?ssl=0&sslmode=require', 'sslmode'],
      ['?sslnegotiation=direct', 'sslnegotiation'],
    ])('with %s (asked by %s)', (url, setting) => {
      vi.stubEnv('PGSSLMODE', undefined);
      expect(refused(url)).toMatch(askedBy(setting));
    });

    it.each(['', '?sslmode=disable', '?ssl=0', '?ssl=', '?sslmode=', '?ssl=1&sslmode=disable'])(
      'not with %s and no PGSSLMODE',
      (url) => {
        vi.stubEnv('PGSSLMODE', undefined);
        expect(refused(url)).toBeUndefined();
      },
    );

    it('with PGSSLMODE asking, when the URL sets no TLS of its own; not when it says disable or ssl=0', () => {
      for (const mode of ['require', 'verify-full', 'prefer']) {
        vi.stubEnv('PGSSLMODE', mode);
        expect(refused('')).toMatch(askedBy('PGSSLMODE'));
        // An empty sslmode sets nothing: pg reads PGSSLMODE.
        expect(refused('?sslmode=')).toMatch(askedBy('PGSSLMODE'));
        expect(refused('?sslmode=disable')).toBeUndefined();
        expect(refused('?ssl=0')).toBeUndefined();
        // An empty ssl is set, to nothing: pg reads no PGSSLMODE, and asks for no TLS.
        expect(refused('?ssl=')).toBeUndefined();
        expect(refused('?sslmode=require')).toMatch(askedBy('sslmode'));
      }
      for (const mode of ['disable', 'allow', 'bogus']) {
        vi.stubEnv('PGSSLMODE', mode);
        expect(refused('')).toBeUndefined();
      }
    });

    it('names the parameter that asks, not the first one set: sslrootcert beside ssl=0', () => {
      vi.stubEnv('PGSSLMODE', undefined);
      // pg reads the CA's file when it reads the URL: a real one, as an operator's.
      const dir = mkdtempSync(join(tmpdir(), 'lisbon-db-ca-'));
      try {
        const ca = join(dir, 'ca.pem');
        writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
        // ssl=0 alone asks for no TLS; sslrootcert asks for it (pg makes the ssl options an object).
        expect(refused('?ssl=0')).toBeUndefined();
        expect(refused(`?ssl=0&sslrootcert=${ca}`)).toBe(
          // pg trusts only the CA in that file: NODE_EXTRA_CA_CERTS would not help.
          "DATABASE_URL: the database cannot be used: the server's TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT), and sslrootcert checks it and its name: the file sslrootcert names must hold the CA that signed the server's certificate, issued for the host the URL names (docs/deploy.md, section 1).",
        );
        // As an operator most often writes it, sslmode beside the CA's file: the same advice, as
        // pg trusts only that CA, whichever parameter asked.
        for (const query of [`?sslmode=verify-full&sslrootcert=${ca}`, `?ssl=true&sslrootcert=${ca}`])
          expect(refused(query)).toMatch(
            /not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\), and (sslmode|ssl) and sslrootcert check it and its name: the file sslrootcert names must hold the CA/,
          );
        // With uselibpqcompat=true, verify-ca (and require beside sslrootcert) checks the CA and not
        // the name (pg-connection-string gives Node a checkServerIdentity that accepts any name); without
        // it, and with verify-full, the driver checks both.
        for (const mode of ['verify-ca', 'require'])
          expect(refused(`?uselibpqcompat=true&sslmode=${mode}&sslrootcert=${ca}`)).toBe(
            "DATABASE_URL: the database cannot be used: the server's TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT), and sslmode and sslrootcert check it, not its name: the file sslrootcert names must hold the CA that signed the server's certificate (docs/deploy.md, section 1).",
          );
        for (const query of [
          `?uselibpqcompat=true&sslmode=verify-full&sslrootcert=${ca}`,
          `?sslmode=verify-ca&sslrootcert=${ca}`,
        ])
          expect(refused(query)).toMatch(
            /and sslmode and sslrootcert check it and its name: the file sslrootcert names must hold the CA that signed the server's certificate, issued for the host the URL names/,
          );
        expect(
          unusableDatabase(
            new Error('The server does not support SSL connections'),
            `postgres://lisbon:secret@db.internal:5432/lisbon?ssl=0&sslrootcert=${ca}`,
          ),
        ).toBe(
          'DATABASE_URL: the database cannot be used: the server does not take TLS, and sslrootcert asks for it (The server does not support SSL connections).',
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('names every parameter that asks, each on its own, and says to leave them all out', () => {
      vi.stubEnv('PGSSLMODE', undefined);
      // Leaving sslmode out alone would leave ssl=true asking.
      expect(refused('?sslmode=require&ssl=true')).toBe(
        "DATABASE_URL: the database cannot be used: the server's TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT), and sslmode and ssl check it and its name: give its CA in NODE_EXTRA_CA_CERTS, or, for a server on the same host, leave sslmode and ssl out (docs/deploy.md, section 1).",
      );
      expect(refused('?ssl=1&sslnegotiation=direct&sslmode=verify-full')).toMatch(
        /and sslmode, ssl and sslnegotiation check it and its name: .* leave sslmode, ssl and sslnegotiation out/,
      );
      // ssl=0 asks for nothing: leaving sslmode out is enough.
      expect(refused('?ssl=0&sslmode=require')).toMatch(askedBy('sslmode'));
      expect(
        unusableDatabase(
          new Error('The server does not support SSL connections'),
          'postgres://lisbon:secret@db.internal:5432/lisbon?sslmode=require&ssl=true',
        ),
      ).toMatch(/the server does not take TLS, and sslmode and ssl ask for it/);
    });

    it('reads a URL as the driver does where URL cannot (a socket named by ?host=)', () => {
      vi.stubEnv('PGSSLMODE', undefined);
      const socket = 'postgres://lisbon@/lisbon?host=/run/postgresql';
      expect(URL.canParse(socket)).toBe(false);
      const noTls = new Error('The server does not support SSL connections');
      expect(unusableDatabase(noTls, `${socket}&sslmode=require`)).toBe(
        'DATABASE_URL: the database cannot be used: the server does not take TLS, and sslmode asks for it (The server does not support SSL connections).',
      );
      const selfSigned = networkError('DEPTH_ZERO_SELF_SIGNED_CERT', {}, 'self-signed certificate');
      expect(unusableDatabase(selfSigned, `${socket}&sslmode=require&ssl=true`)).toMatch(
        /and sslmode and ssl check it and its name: .* leave sslmode and ssl out/,
      );
      expect(unusableDatabase(selfSigned, socket)).toBeUndefined();
      vi.stubEnv('PGSSLMODE', 'require');
      expect(unusableDatabase(noTls, socket)).toMatch(/and PGSSLMODE asks for it/);
      expect(unusableDatabase(noTls, `${socket}&ssl=true`)).toMatch(/and ssl asks for it/);
      expect(unusableDatabase(selfSigned, `${socket}&sslmode=disable`)).toBeUndefined();
    });

    it('names PGSSLMODE beside a TLS parameter that asks for nothing (sslnegotiation=postgres)', () => {
      vi.stubEnv('PGSSLMODE', 'require');
      expect(refused('?sslnegotiation=postgres')).toMatch(askedBy('PGSSLMODE'));
      expect(refused('?sslnegotiation=direct')).toMatch(askedBy('sslnegotiation'));
    });

    it('names PGSSLMODE when a server without TLS refuses what it asked', () => {
      vi.stubEnv('PGSSLMODE', 'require');
      expect(
        unusableDatabase(
          new Error('The server does not support SSL connections'),
          'postgres://lisbon:secret@db.internal:5432/lisbon',
        ),
      ).toMatch(/the server does not take TLS, and PGSSLMODE asks for it/);
    });
  });

  it('leaves alone what is not about that server: the object store refusing, another error, SQLite', () => {
    expect(unusableDatabase(networkError('ECONNREFUSED', { port: 9000 }), URL_5432)).toBeUndefined();
    expect(
      unusableDatabase(networkError('ENOTFOUND', { hostname: 's3.internal' }), URL_5432),
    ).toBeUndefined();
    expect(unusableDatabase(new TypeError('x is not a function'), URL_5432)).toBeUndefined();
    expect(unusableDatabase(networkError('ECONNREFUSED', { port: 5432 }), undefined)).toBeUndefined();
  });

  it('never repeats the password of the URL', () => {
    const line = unusableDatabase(networkError('ECONNREFUSED', { port: 5432 }), URL_5432) ?? '';
    expect(line).not.toContain('secret');
  });
});

/**
 * This machine's PostgreSQL over its Unix socket: Debian's directory, where the server .ci/run
 * starts (pg_ctlcluster, unix_socket_directories) listens as on a developer's machine, its local
 * connections trusted. No socket there fails the test: it is what the test is for.
 */
const SOCKET_DIRECTORY = '/var/run/postgresql';
const SOCKET_USER = 'postgres';

describe('PostgreSQL over its Unix socket (peer or trust), as DATABASE_URL names it', () => {
  it('names the socket file pg tries, and what to check, when it is not reached', () => {
    const url = 'postgres://lisbon:secret@/lisbon?host=/run/postgresql';
    const socket = '/run/postgresql/.s.PGSQL.5432';
    const at = (code: string) => networkError(code, { address: socket }, `connect ${code} ${socket}`);
    const check =
      "check that the server runs, that /run/postgresql is its socket directory (unix_socket_directories) and that the service's user may enter it";
    expect(unusableDatabase(at('ENOENT'), url)).toBe(
      `DATABASE_URL: the database cannot be used: there is no socket ${socket}: ${check} (connect ENOENT ${socket}).`,
    );
    expect(unusableDatabase(at('ECONNREFUSED'), url)).toMatch(
      new RegExp(`nothing listens at its socket ${socket}: check that the server runs`),
    );
    expect(unusableDatabase(at('EACCES'), url)).toMatch(
      /its socket \S+ may not be opened by this user: check/,
    );
    // The port names the file; the encoded host and postgresql:/// forms name the same directory.
    expect(
      unusableDatabase(
        networkError('ENOENT', { address: '/run/postgresql/.s.PGSQL.5433' }),
        'postgres://lisbon@%2Frun%2Fpostgresql:5433/lisbon',
      ),
    ).toMatch(/there is no socket \/run\/postgresql\/\.s\.PGSQL\.5433: check/);
    expect(unusableDatabase(at('ENOENT'), 'postgresql:///lisbon?host=/run/postgresql')).toMatch(
      /there is no socket \/run\/postgresql\/\.s\.PGSQL\.5432/,
    );
    // Another file's (a key's, the object store's) or another socket's: not the database's.
    expect(unusableDatabase(networkError('ENOENT', { path: '/etc/lisbon/keys/x' }), url)).toBeUndefined();
    expect(unusableDatabase(networkError('ENOENT', { address: '/tmp/other.sock' }), url)).toBeUndefined();
    expect(unusableDatabase(at('ENOENT'), url)).not.toContain('secret');
  });

  it('says nothing listens for a TCP host given in ?host= alone, from the driver’s own error', async () => {
    // A port nothing listens on: the driver's ECONNREFUSED names 127.0.0.1 and that port.
    const server = await new Promise<Server>((done) => {
      const listening = createServer().listen(0, '127.0.0.1', () => done(listening));
    });
    const { port } = server.address() as AddressInfo;
    await new Promise((done) => server.close(done));
    for (const url of [
      `postgres://lisbon@/lisbon?host=127.0.0.1&port=${port}`,
      `postgresql:///lisbon?host=127.0.0.1&port=${port}`,
    ]) {
      const error = await new pg.Client({ connectionString: url }).connect().then(
        () => undefined,
        (refusal: unknown) => refusal,
      );
      expect(unusableDatabase(error, url)).toMatch(
        /^DATABASE_URL: the database cannot be used: nothing listens at its host and port \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\.$/,
      );
    }
  });

  it('gives that line for a socket directory that does not exist, from the driver’s own error', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'lisbon-no-socket-'));
    rmSync(directory, { recursive: true });
    const url = `postgres://${SOCKET_USER}@/postgres?host=${directory}`;
    const client = new pg.Client({ connectionString: url });
    const error = await client.connect().then(
      () => undefined,
      (refusal: unknown) => refusal,
    );
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
    expect(unusableDatabase(error, url)).toBe(
      `DATABASE_URL: the database cannot be used: there is no socket ${directory}/.s.PGSQL.5432: check that the server runs, that ${directory} is its socket directory (unix_socket_directories) and that the service's user may enter it (connect ENOENT ${directory}/.s.PGSQL.5432).`,
    );
  });

  // The PostgreSQL run only (TEST_DATABASE_URL set, as .ci/run's): the SQLite suite needs no
  // server. There, no socket fails the test rather than skipping it.
  if (isPostgresRun)
    it('starts the API on this machine’s PostgreSQL through its socket, and it answers ready', async () => {
      expect(existsSync(`${SOCKET_DIRECTORY}/.s.PGSQL.5432`)).toBe(true);
      const name = `lisbon_socket_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({
        connectionString: `postgres://${SOCKET_USER}@/postgres?host=${SOCKET_DIRECTORY}`,
      });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      try {
        const dataDir = mkdtempSync(join(tmpdir(), 'lisbon-socket-'));
        const config = loadConfig({
          DATABASE_URL: `postgres://${SOCKET_USER}@/${name}?host=${SOCKET_DIRECTORY}`,
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        });
        expect(config.database).toEqual({
          dialect: 'postgres',
          url: `postgres://${SOCKET_USER}@/${name}?host=${SOCKET_DIRECTORY}`,
        });
        const db = openDatabase(config.database);
        try {
          await migrateToLatest(db);
          const app = await buildApp({ config, db });
          try {
            const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
            expect([ready.statusCode, ready.json()]).toEqual([200, { data: { status: 'ready' } }]);
          } finally {
            await app.close();
          }
        } finally {
          await db.destroy();
          rmSync(dataDir, { recursive: true, force: true });
        }
      } finally {
        await admin.query(`drop database "${name}" with (force)`);
        await admin.end();
      }
    }, 60_000);
});

describe('an object store that refuses the bucket or the credentials, in one line naming the S3 variables', () => {
  it('names the refusal from the SDK’s error, and leaves other errors alone', () => {
    const refusal = new S3ServiceException({
      name: 'InvalidAccessKeyId',
      $fault: 'client',
      $metadata: { httpStatusCode: 403 },
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    });
    expect(unusableBucket(refusal)).toBe(
      'S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: the object store refused the bucket or the credentials: InvalidAccessKeyId (HTTP 403).',
    );
    const missing = new S3ServiceException({
      name: 'NoSuchKey',
      $fault: 'client',
      $metadata: { httpStatusCode: 404 },
    });
    expect(unusableBucket(missing)).toBeUndefined();
    expect(unusableBucket(new Error('other'))).toBeUndefined();
  });
});
