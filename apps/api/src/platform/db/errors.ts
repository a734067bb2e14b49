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

type NetworkError = { port?: unknown; hostname?: unknown; errors?: unknown };

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
 * reached, the role refused, no such database), instead of a stack trace: at an instance's start
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
  return reason ? `DATABASE_URL: the database cannot be used: ${reason} (${message || code}).` : undefined;
}
