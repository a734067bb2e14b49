import type { MigrationDb } from '../schema-helpers';

/**
 * Closures and return-delivery suspensions end by 9998-12-31 since stop 78 (decision 083): past
 * 9999-12-31 the next day is no date, and the working day after a closure ending there was looked
 * for for ever. The input schemas refuse a later day; a period stored before they did is mended
 * here, as the domain already reads it:
 *
 * - one that ends after 9998-12-31 ends on it;
 * - one that starts after it closes no day the calendar counts, and is taken out.
 *
 * Each change is audited in `setting_changes` as an administrator's is (`calendar.<kind>`, no
 * author). No deadline moves: one counted through such a period could not be counted at all.
 * Data only, frozen: the last day is written here, not read from the domain.
 */
const LAST_DAY = '9998-12-31';

type PeriodRow = {
  id: number;
  kind: string;
  starts_on: string;
  ends_on: string;
  announce_from: string | null;
  notice_en_us: string | null;
  notice_it_it: string | null;
};

export async function up(db: MigrationDb): Promise<void> {
  const rows: PeriodRow[] = await db
    .selectFrom('closures')
    .select(['id', 'kind', 'starts_on', 'ends_on', 'announce_from', 'notice_en_us', 'notice_it_it'])
    .where('ends_on', '>', LAST_DAY)
    .orderBy('id')
    .execute();
  const now = new Date().toISOString();
  for (const row of rows) {
    const isBeyond = row.starts_on > LAST_DAY;
    if (isBeyond) await db.deleteFrom('closures').where('id', '=', row.id).execute();
    else
      await db
        .updateTable('closures')
        .set({ ends_on: LAST_DAY, updated_at: now })
        .where('id', '=', row.id)
        .execute();
    await db
      .insertInto('setting_changes')
      .values({
        key: `calendar.${row.kind}`,
        value_before: JSON.stringify(row),
        value_after: isBeyond ? 'null' : JSON.stringify({ ...row, ends_on: LAST_DAY }),
        changed_by: null,
        changed_at: now,
      })
      .execute();
  }
}

/** Nothing to undo: a period past the last day is not put back. */
export async function down(): Promise<void> {}
