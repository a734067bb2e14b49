import { type MigrationDb, timestampType } from '../schema-helpers';

/**
 * When a request's statement was withdrawn (`lisbon statement:withdraw`, decision 097): the
 * request's page says so and no appeal or amendment is asked for or issued from then on.
 * Expand-only: a nullable column, which an instance of the release before ignores.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('practices').addColumn('statement_withdrawn_at', timestampType(db)).execute();
  // Statements withdrawn before this migration: their requests learn it now.
  await db
    .updateTable('practices')
    .set((eb) => ({
      statement_withdrawn_at: eb
        .selectFrom('statements')
        .select('statements.updated_at')
        .whereRef('statements.practice_id', '=', 'practices.id')
        .where('statements.kind', '=', 'statement')
        .where('statements.status', '=', 'revoked')
        .limit(1),
    }))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('practices').dropColumn('statement_withdrawn_at').execute();
}
