import type { MigrationDb } from '../schema-helpers';

/**
 * The first seed counted Monaco among the parties to the Lisbon Recognition Convention; it has
 * not ratified it (decision 053). Databases seeded before the fix are corrected once; the flag
 * stays data an administrator can change.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.updateTable('countries').set({ is_lisbon_state: 0 }).where('code', '=', 'MC').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.updateTable('countries').set({ is_lisbon_state: 1 }).where('code', '=', 'MC').execute();
}
