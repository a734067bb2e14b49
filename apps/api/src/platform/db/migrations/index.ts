import type { Migration } from 'kysely/migration';
import * as cmsEntries from './2026-11-21-001-cms-entries';
import * as jobs from './2026-11-21-002-jobs';
import * as identity from './2026-11-21-003-identity';

/**
 * Every migration, by its frozen date-prefixed name. A static list rather than a folder scan,
 * so it works the same under tsx, vitest and a bundler. Append; never edit or reorder.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-cms-entries': cmsEntries,
  '2026-11-21-002-jobs': jobs,
  '2026-11-21-003-identity': identity,
};
