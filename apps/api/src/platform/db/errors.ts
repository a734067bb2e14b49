import { errorCode } from '../errors';

/** True when a write broke a unique constraint, on SQLite (better-sqlite3) or PostgreSQL (pg). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Codes of a database that cannot be used at all: not reached, the role refused, no such database. */
const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'nothing listens at its host and port',
  ENOTFOUND: 'its host name does not resolve',
  EAI_AGAIN: 'its host name does not resolve',
  ETIMEDOUT: 'its host does not answer',
  EHOSTUNREACH: 'its host cannot be reached',
  ECONNRESET: 'the server closed the connection',
  '28P01': 'the role or its password was refused',
  '28000': 'the role may not connect from here (pg_hba.conf)',
  '3D000': 'the database does not exist (docs/deploy.md, section 1)',
};

/**
 * One line naming DATABASE_URL for a database the portal cannot use at all, instead of a stack
 * trace: at an instance's start and for a command of the CLI. Undefined for any other error.
 */
export function unusableDatabase(error: unknown): string | undefined {
  const code = String(errorCode(error) ?? '');
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
  const reason =
    UNREACHABLE[code] ??
    (/does not support SSL/.test(message)
      ? 'the server does not take TLS, and sslmode asks for it'
      : undefined);
  return reason ? `DATABASE_URL: the database cannot be used: ${reason} (${message || code}).` : undefined;
}
