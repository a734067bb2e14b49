import type { MigrationDb } from '../schema-helpers';

/**
 * A message staff send to the applicants of several requests at once (decision 071), kept in each
 * request's thread as `kind = 'broadcast'`: read like any message from the office, but never taken
 * for the question a request waiting for its applicant waits on. Null: a message of the thread's
 * own exchange (a question, a reply).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('practice_messages').addColumn('kind', 'varchar(20)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('practice_messages').dropColumn('kind').execute();
}
