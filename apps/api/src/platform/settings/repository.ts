/**
 * The administrators' settings (the maintenance switch) and the audit trail of every setting they
 * change, the calendar's closures included: a store the system and reference modules share.
 */
import type { Db } from '../db/database';

export async function findSetting(db: Db, key: string) {
  return db.selectFrom('settings').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst();
}

export type SettingChange = {
  key: string;
  before: string | null;
  after: string;
  userId: number;
  now: string;
};

/** Writes the value and its audit row; run it in a transaction. */
export async function writeSetting(db: Db, change: SettingChange): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: change.key, value: change.after, updated_by: change.userId, updated_at: change.now })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ value: change.after, updated_by: change.userId, updated_at: change.now }),
    )
    .execute();
  await insertSettingChange(db, change);
}

/** An audit row of the administrators' settings: who changed `key` from what to what, when. */
export async function insertSettingChange(db: Db, change: SettingChange): Promise<void> {
  await db
    .insertInto('setting_changes')
    .values({
      key: change.key,
      value_before: change.before,
      value_after: change.after,
      changed_by: change.userId,
      changed_at: change.now,
    })
    .execute();
}

/** The latest changes of a setting, newest first, with who made them. */
export async function listSettingChanges(db: Db, key: string, limit: number) {
  return db
    .selectFrom('setting_changes')
    .leftJoin('users', 'users.id', 'setting_changes.changed_by')
    .select(['setting_changes.value_after', 'setting_changes.changed_at', 'users.email'])
    .where('setting_changes.key', '=', key)
    .orderBy('setting_changes.changed_at', 'desc')
    .orderBy('setting_changes.id', 'desc')
    .limit(limit)
    .execute();
}
