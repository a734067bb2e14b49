import { calendarDayOf, deadlineFrom, type WorkingCalendar } from '@lisbon/domain';
import type { MigrationDb } from '../schema-helpers';

/**
 * An appeal or amendment kept the deadline of the request it is about, long past by then: the
 * queues showed it late from its first day. It now gets its own, counted from the day it was asked
 * for by the request's rule (decision 108). The requests that already have one get it here.
 *
 * Unlike the frozen migrations, this one reads the rule from the domain: it mends the rows there
 * are when it runs, by the rule the release serving them applies to new appeals. The body's
 * closures are read from the table; its local holidays are configuration, which a migration does
 * not see: the default's (29 June, Rome) stand for them.
 */
const LOCAL_HOLIDAYS = [{ month: 6, day: 29 }];

async function calendarOf(db: MigrationDb): Promise<WorkingCalendar> {
  const closures: { starts_on: string; ends_on: string }[] = await db
    .selectFrom('closures')
    .select(['starts_on', 'ends_on'])
    .where('kind', '=', 'closure')
    .execute();
  return {
    closures: closures.map((closure) => ({ from: closure.starts_on, to: closure.ends_on })),
    localHolidays: LOCAL_HOLIDAYS,
  };
}

type Appealed = { id: number; is_urgent: number; requested_on: string | null; asked_at: string };

async function appealed(db: MigrationDb): Promise<Appealed[]> {
  return db
    .selectFrom('practices as p')
    .innerJoin('appeals as a', 'a.practice_id', 'p.id')
    .select(['p.id', 'p.is_urgent', 'p.requested_on', 'a.created_at as asked_at'])
    .execute();
}

export async function up(db: MigrationDb): Promise<void> {
  const calendar = await calendarOf(db);
  for (const row of await appealed(db)) {
    const day = calendarDayOf(new Date(row.asked_at));
    await db
      .updateTable('practices')
      .set({ expected_deadline: deadlineFrom(day, Number(row.is_urgent) === 1, calendar) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Back to the request's own deadline, from the day it was submitted. */
export async function down(db: MigrationDb): Promise<void> {
  const calendar = await calendarOf(db);
  for (const row of await appealed(db)) {
    if (row.requested_on === null) continue;
    await db
      .updateTable('practices')
      .set({ expected_deadline: deadlineFrom(row.requested_on, Number(row.is_urgent) === 1, calendar) })
      .where('id', '=', row.id)
      .execute();
  }
}
