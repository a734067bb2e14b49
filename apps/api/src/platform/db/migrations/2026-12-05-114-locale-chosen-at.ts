import { type MigrationDb, timestampType } from '../schema-helpers';

/**
 * When an account's language was settled (decision 099, amended in stop 77): at registration for
 * an applicant (the browser's, or the one chosen on the form), by `user:create --locale` or the
 * profile for anyone; null for a staff account created without `--locale`, which takes its
 * browser's language at its first login. Expand-only: a nullable column, which an instance of the
 * release before ignores (it never overwrites a language).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale_chosen_at', timestampType(db)).execute();
  // Every account so far keeps its language, but a staff account never activated on the default
  // language: created without `--locale`, it has not logged in yet.
  await db
    .updateTable('users')
    .set((eb) => ({ locale_chosen_at: eb.ref('created_at') }))
    .where((eb) =>
      eb.or([eb('role', '=', 'applicant'), eb('activated_at', 'is not', null), eb('locale', '!=', 'en-US')]),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale_chosen_at').execute();
}
