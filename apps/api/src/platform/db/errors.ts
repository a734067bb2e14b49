import { errorCode } from '../errors';

/** True when a write broke a unique constraint, on SQLite (better-sqlite3) or PostgreSQL (pg). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
