import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers';

/**
 * Jobs that share an `ordering_key` run one at a time, in the order they were queued (decision
 * 077): the claim passes over a job while an earlier one with its key is still queued or running.
 * The partial index finds that earlier job without touching the rows that have no key.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('ordering_key', 'text').execute();
  await db.schema
    .createIndex('jobs_ordering_index')
    .on('jobs')
    .columns(['ordering_key', 'id'])
    .where(sql.ref('ordering_key'), 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('jobs_ordering_index').execute();
  await db.schema.alterTable('jobs').dropColumn('ordering_key').execute();
}
