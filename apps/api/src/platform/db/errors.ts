import type { ConnectionConfig } from 'pg';
import ConnectionParameters from 'pg/lib/connection-parameters';
import { errorCode } from '../errors';

/** True when a write broke a unique constraint, on SQLite (better-sqlite3) or PostgreSQL (pg). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A network failure's codes, and what each says of the server named in DATABASE_URL. */
const NOT_REACHED: Record<string, string> = {
  ECONNREFUSED: 'nothing listens at its host and port',
  ENOTFOUND: 'its host name does not resolve',
  EAI_AGAIN: 'its host name does not resolve',
  ETIMEDOUT: 'its host does not answer',
  EHOSTUNREACH: 'its host cannot be reached',
  ECONNRESET: 'the server closed the connection',
};
/** PostgreSQL's own refusals of a connection (SQLSTATE). */
const REFUSED: Record<string, string> = {
  '28P01': 'the role or its password was refused',
  '28000': 'the role may not connect from here (pg_hba.conf)',
  '3D000': 'the database does not exist (docs/deploy.md, section 1)',
};

/**
 * Node's refusals of a server's TLS certificate: the portal's driver reads every sslmode as
 * verify-full (unless uselibpqcompat=true), so a self-signed certificate (Debian's "snakeoil") or
 * one of a CA Node does not know fails, and a certificate for another name.
 */
const UNTRUSTED_CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

type NetworkError = { port?: unknown; hostname?: unknown; address?: unknown; errors?: unknown };

/** A Unix socket's failures, and what each says of the socket file pg tries. */
const SOCKET_NOT_REACHED: Record<string, (socket: string) => string> = {
  ENOENT: (socket) => `there is no socket ${socket}`,
  ECONNREFUSED: (socket) => `nothing listens at its socket ${socket}`,
  EACCES: (socket) => `its socket ${socket} may not be opened by this user`,
};

/**
 * The socket file pg connects to for `databaseUrl` (the directory its host names, PGHOST's when it
 * names none, and `.s.PGSQL.<port>` in it, as pg's Client does), or undefined for a TCP host or a
 * URL the driver cannot read. Read by pg's own ConnectionParameters.
 */
function socketOf(databaseUrl: string): { directory: string; socket: string } | undefined {
  try {
    const { host, port } = new ConnectionParameters(databaseUrl);
    return host?.startsWith('/') ? { directory: host, socket: `${host}/.s.PGSQL.${port}` } : undefined;
  } catch {
    return undefined;
  }
}

/** Why the socket `databaseUrl` names was not reached, and what to check; undefined for any other error. */
function socketNotReached(error: unknown, code: string, databaseUrl: string): string | undefined {
  const reason = SOCKET_NOT_REACHED[code];
  const at = reason ? socketOf(databaseUrl) : undefined;
  if (!reason || !at || (error as NetworkError).address !== at.socket) return undefined;
  return `${reason(at.socket)}: check that the server runs, that ${at.directory} is its socket directory (unix_socket_directories) and that the service's user may enter it`;
}

/** The URL's parameters that set TLS for the driver; the lines name each one that asks on its own. */
const TLS_PARAMETERS = ['sslmode', 'ssl', 'sslnegotiation', 'sslrootcert', 'sslcert', 'sslkey'] as const;

/**
 * The TLS options pg's own ConnectionParameters gives Node for a client given `config` (false for
 * none); undefined when it cannot read it (a certificate file it cannot open).
 */
function tlsOptions(config: string | ConnectionConfig): ConnectionParameters['ssl'] {
  try {
    return new ConnectionParameters(config).ssl ?? false;
  } catch {
    return undefined;
  }
}

/** Whether pg asks the server for TLS for a client given `config`; undefined as tlsOptions. */
function asksForTls(config: string | ConnectionConfig): boolean | undefined {
  const ssl = tlsOptions(config);
  return ssl === undefined ? undefined : Boolean(ssl);
}

/**
 * The URL's query as pg-connection-string reads it, and the URL with another query in its place.
 * pg-connection-string reads the query of a WHATWG URL, from the first `?` to a `#`, and reads one
 * `new URL` refuses (a socket's `postgres://user@/db?host=/run/postgresql`) with a host of its own
 * put after the `@`: the same query, which the driver then read. So the query is cut from the text
 * as it is, and every judgment of what asks for TLS left to pg's ConnectionParameters.
 */
function queryOf(databaseUrl: string): {
  query: URLSearchParams;
  withQuery: (query: URLSearchParams) => string;
} {
  const hash = databaseUrl.indexOf('#');
  const fragment = hash === -1 ? '' : databaseUrl.slice(hash);
  const beforeHash = hash === -1 ? databaseUrl : databaseUrl.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const base = mark === -1 ? beforeHash : beforeHash.slice(0, mark);
  return {
    query: new URLSearchParams(mark === -1 ? '' : beforeHash.slice(mark + 1)),
    withQuery: (query) => `${base}?${query.toString()}${fragment}`,
  };
}

/**
 * What made the driver ask the server for TLS: the URL's parameter, or `PGSSLMODE`; undefined when
 * it asks for none. Read by pg's own ConnectionParameters, from the URL as the pool is given it
 * (its `connectionString`, with no `ssl` of its own), rather than by a rule of ours. In pg 8.23:
 * pg-connection-string asks for `ssl=true` and `ssl=1`, not `ssl=0` nor an empty `ssl=`, but for
 * any other `ssl` value (`false` too); for every non-empty `sslmode` but `disable` (which wins over
 * `ssl`), for sslcert, sslkey, sslrootcert (over `ssl=0` too) and `sslnegotiation=direct`. Only when
 * the URL sets none of these does pg read `PGSSLMODE`: prefer, require, verify-ca, verify-full and
 * no-verify ask; disable, allow or an unknown mode do not.
 *
 * The parameters named are every one that asks on its own (`?sslmode=require&ssl=true`: both, as
 * leaving sslmode out would still leave ssl asking): the URL with none of the others, given with an
 * `ssl: false` of the client's own, which pg reads only where the URL sets no TLS (so `PGSSLMODE`
 * does not answer for a parameter that asks for nothing, `sslnegotiation=postgres`).
 */
function tlsAskedBy(databaseUrl: string): string[] | undefined {
  // A URL the driver cannot read (a certificate file it cannot open): it never connected.
  if (!asksForTls(databaseUrl)) return undefined;
  const { query, withQuery } = queryOf(databaseUrl);
  const asking = TLS_PARAMETERS.filter((name) => {
    if (!query.has(name)) return false;
    const alone = new URLSearchParams(query);
    for (const other of TLS_PARAMETERS) if (other !== name) alone.delete(other);
    // sslnegotiation of the client's own too, so that no PGSSLNEGOTIATION=direct refuses the URL
    // with ssl=0. Refused alone, the parameter asks: sslmode=verify-ca without the sslrootcert
    // beside it, which pg-connection-string refuses with uselibpqcompat=true.
    return (
      asksForTls({ connectionString: withQuery(alone), ssl: false, sslnegotiation: 'postgres' }) !== false
    );
  });
  return asking.length > 0 ? asking : ['PGSSLMODE'];
}

/**
 * For a URL over PostgreSQL's Unix socket that asks for TLS (its parameters, or PGSSLMODE where it
 * sets none): the line that refuses it, for the server answers a socket's TLS request with no, so pg
 * never connects ("The server does not support SSL connections") where libpq, psql and pg_dump skip
 * TLS on a socket. Undefined for a TCP host, a URL asking for none, or one the driver cannot read.
 * Read by pg's ConnectionParameters, as tlsAskedBy, with the certificate files it names left unread
 * (the configuration does not open them; only their being named counts).
 */
export function socketTlsRefusal(databaseUrl: string): string | undefined {
  const { query, withQuery } = queryOf(databaseUrl);
  for (const name of ['sslrootcert', 'sslcert', 'sslkey']) if (query.get(name)) query.set(name, '/dev/null');
  const unread = withQuery(query);
  if (!socketOf(unread)) return undefined;
  const asking = tlsAskedBy(unread);
  if (!asking) return undefined;
  return `DATABASE_URL names PostgreSQL's Unix socket, over which PostgreSQL uses no TLS, and ${named(asking)} ${asking.length > 1 ? 'ask' : 'asks'} for it: leave ${asking.length > 1 ? 'them' : 'it'} out (docs/deploy.md, section 1)`;
}

/** `sslmode`, `sslmode and ssl`, `sslmode, ssl and sslrootcert`. */
function named(settings: readonly string[]): string {
  return settings.length > 1
    ? `${settings.slice(0, -1).join(', ')} and ${settings.at(-1)}`
    : (settings[0] ?? '');
}

/**
 * The TCP host and port pg connects to for `databaseUrl`, read by its own ConnectionParameters (a
 * host given in `?host=` alone too, as `postgres://lisbon@/lisbon?host=db.internal`, which URL
 * cannot read); undefined for a socket or a URL the driver cannot read.
 */
function serverOf(databaseUrl: string): { host: string; port: string } | undefined {
  try {
    const { host, port } = new ConnectionParameters(databaseUrl);
    return !host || host.startsWith('/')
      ? undefined
      : { host: host.replace(/^\[|\]$/g, ''), port: String(port) };
  } catch {
    return undefined;
  }
}

/** Whether a network error is about the server `databaseUrl` names (not the object store or Redis). */
function isAbout(error: unknown, databaseUrl: string): boolean {
  const server = serverOf(databaseUrl);
  if (!server) return false;
  const attempts = [
    error,
    ...(Array.isArray((error as NetworkError).errors) ? ((error as NetworkError).errors as unknown[]) : []),
  ];
  return attempts.some((attempt) => {
    const { port: triedPort, hostname } = (attempt ?? {}) as NetworkError;
    return String(triedPort) === server.port || hostname === server.host;
  });
}

/**
 * One line naming DATABASE_URL for a PostgreSQL database the portal cannot use at all (not
 * reached, the role refused, no such database, TLS refused either way), instead of a stack trace: at an instance's start
 * and for a command of the CLI. Undefined for any other error, and on SQLite.
 */
export function unusableDatabase(error: unknown, databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl?.startsWith('postgres')) return undefined;
  const code = String(errorCode(error) ?? '');
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
  let reason = REFUSED[code] ?? socketNotReached(error, code, databaseUrl);
  if (!reason && NOT_REACHED[code] && isAbout(error, databaseUrl)) reason = NOT_REACHED[code];
  if (!reason && /does not support SSL/.test(message)) {
    const asking = tlsAskedBy(databaseUrl) ?? ['sslmode'];
    reason = `the server does not take TLS, and ${named(asking)} ${asking.length > 1 ? 'ask' : 'asks'} for it`;
  }
  // A certificate refused: the database's, when the driver asked it for TLS (the URL or PGSSLMODE)
  // and the error is not the object store's (the AWS SDK's errors carry $metadata).
  const askedBy =
    !reason &&
    UNTRUSTED_CERTIFICATE.has(code) &&
    !(typeof error === 'object' && error !== null && '$metadata' in error)
      ? tlsAskedBy(databaseUrl)
      : undefined;
  if (askedBy) {
    // What pg gives Node: with an sslrootcert (beside sslmode or alone) the CA in its file is the
    // only one trusted (NODE_EXTRA_CA_CERTS does not count, and leaving sslmode out would still ask
    // for TLS); otherwise leaving out every parameter that asks ends TLS (PGSSLMODE aside). With
    // uselibpqcompat=true, verify-ca (and require beside an sslrootcert) checks no name: pg gives
    // Node a checkServerIdentity that accepts any.
    const ssl = tlsOptions(databaseUrl);
    const options = typeof ssl === 'object' ? ssl : {};
    const checksName = typeof options.checkServerIdentity !== 'function';
    const remedy =
      options.ca !== undefined
        ? `the file sslrootcert names must hold the CA that signed the server's certificate${checksName ? ', issued for the host the URL names' : ''}`
        : `give its CA in NODE_EXTRA_CA_CERTS, or, for a server on the same host, leave ${named(askedBy)} out`;
    const checks = `${askedBy.length > 1 ? 'check' : 'checks'} it${checksName ? ' and its name' : ', not its name'}`;
    return `DATABASE_URL: the database cannot be used: the server's TLS certificate is not trusted (${code}), and ${named(askedBy)} ${checks}: ${remedy} (docs/deploy.md, section 1).`;
  }
  return reason ? `DATABASE_URL: the database cannot be used: ${reason} (${message || code}).` : undefined;
}
