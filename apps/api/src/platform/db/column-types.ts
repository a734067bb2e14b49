import type { ColumnType } from 'kysely';

/** ISO-8601 UTC text on both dialects, so rows read the same on SQLite and PostgreSQL. */
export type Timestamp = ColumnType<string, string | undefined, string>;
