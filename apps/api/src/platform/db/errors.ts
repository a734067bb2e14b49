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
 * verify-full, so a self-signed certificate (Debian's "snakeoil") or one of a CA Node does not know
 * fails, and a certificate for another name.
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

type NetworkError = { port?: unknown; hostname?: unknown; errors?: unknown };

/** Whether the URL asks for TLS (an sslmode other than disable, or ssl=true). */
function asksForTls(url: URL): boolean {
  const mode = url.searchParams.get('sslmode');
  return (mode !== null && mode !== 'disable') || url.searchParams.get('ssl') === 'true';
}

/** Whether a network error is about the server `url` names (not the object store or Redis). */
function isAbout(error: unknown, url: URL): boolean {
  const port = url.port || '5432';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const attempts = [
    error,
    ...(Array.isArray((error as NetworkError).errors) ? ((error as NetworkError).errors as unknown[]) : []),
  ];
  return attempts.some((attempt) => {
    const { port: triedPort, hostname } = (attempt ?? {}) as NetworkError;
    return String(triedPort) === port || hostname === host;
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
  let reason = REFUSED[code];
  if (!reason && NOT_REACHED[code] && URL.canParse(databaseUrl) && isAbout(error, new URL(databaseUrl)))
    reason = NOT_REACHED[code];
  if (!reason && /does not support SSL/.test(message))
    reason = 'the server does not take TLS, and sslmode asks for it';
  // A certificate refused: the database's, when the URL asks for TLS and the error is not the
  // object store's (the AWS SDK's errors carry $metadata).
  if (
    !reason &&
    UNTRUSTED_CERTIFICATE.has(code) &&
    !(typeof error === 'object' && error !== null && '$metadata' in error) &&
    URL.canParse(databaseUrl) &&
    asksForTls(new URL(databaseUrl))
  )
    return `DATABASE_URL: the database cannot be used: the server's TLS certificate is not trusted (${code}), and sslmode checks it and its name: give its CA in NODE_EXTRA_CA_CERTS, or, for a server on the same host, leave sslmode out (docs/deploy.md, section 1).`;
  return reason ? `DATABASE_URL: the database cannot be used: ${reason} (${message || code}).` : undefined;
}
