import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/schema-helpers';
import type { ClosuresTable, CountriesTable, RequiredDocumentsTable } from '../../platform/db/tables';

export type CountryRow = Selectable<CountriesTable>;
export type ClosureRow = Selectable<ClosuresTable>;

const COUNTRY_COLUMNS = [
  'code',
  'levels',
  'is_lisbon_state',
  'is_service_available',
  'is_verification_possible',
] as const;

export async function listCountryRows(db: Db): Promise<Pick<CountryRow, (typeof COUNTRY_COLUMNS)[number]>[]> {
  return db.selectFrom('countries').select(COUNTRY_COLUMNS).orderBy('code').execute();
}

export async function findCountryRow(db: Db, code: string) {
  return db.selectFrom('countries').select(COUNTRY_COLUMNS).where('code', '=', code).executeTakeFirst();
}

export async function countLisbonStates(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('countries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('is_lisbon_state', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The country's own list when it has one, otherwise the level's, in their order. */
export async function findRequiredDocumentTypes(db: Db, country: string, level: string): Promise<string[]> {
  const own = await db
    .selectFrom('country_required_documents')
    .select('document_type')
    .where('country_code', '=', country)
    .where('level', '=', level)
    .orderBy('position')
    .execute();
  if (own.length > 0) return own.map((row) => row.document_type);
  const rows = await db
    .selectFrom('required_documents')
    .select('document_type')
    .where('level', '=', level)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.document_type);
}

export async function listClosures(db: Db, kind: ClosureRow['kind']) {
  return db
    .selectFrom('closures')
    .select(['id', 'starts_on', 'ends_on'])
    .where('kind', '=', kind)
    .orderBy('starts_on')
    .execute();
}

export async function insertMissingCountries(db: Db, rows: Insertable<CountriesTable>[]): Promise<number> {
  const result = await db
    .insertInto('countries')
    .values(rows)
    .onConflict((conflict) => conflict.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function insertRequiredDocumentsOfEmptyLevels(
  db: Db,
  rows: RequiredDocumentsTable[],
): Promise<number> {
  const filled = await db.selectFrom('required_documents').select('level').distinct().execute();
  const filledLevels = new Set(filled.map((row) => row.level));
  const missing = rows.filter((row) => !filledLevels.has(row.level));
  if (missing.length === 0) return 0;
  await db.insertInto('required_documents').values(missing).execute();
  return missing.length;
}

export async function insertMissingClosures(
  db: Db,
  rows: readonly Insertable<ClosuresTable>[],
): Promise<number> {
  const result = await db
    .insertInto('closures')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['kind', 'starts_on']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

const CLOSURE_NOTICE_COLUMNS = [
  'id',
  'starts_on',
  'ends_on',
  'announce_from',
  'notice_en_us',
  'notice_it_it',
] as const;
export type ClosureNoticeRow = Pick<ClosureRow, (typeof CLOSURE_NOTICE_COLUMNS)[number]>;

/** The body's closures (kind `closure`) with their notices, in date order. */
export async function listClosureNoticeRows(db: Db): Promise<ClosureNoticeRow[]> {
  return db
    .selectFrom('closures')
    .select(CLOSURE_NOTICE_COLUMNS)
    .where('kind', '=', 'closure')
    .orderBy('starts_on')
    .execute();
}

/** An arbitrary constant that names the calendar's advisory lock. */
const CALENDAR_LOCK_KEY = 5_847_302;

/**
 * Makes changes to the calendar take turns until the transaction ends, so two overlapping periods
 * added at the same moment cannot both pass the overlap check: an advisory lock on PostgreSQL;
 * SQLite transactions begin immediate and are serialised already (decision 036).
 */
export async function lockCalendar(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${CALENDAR_LOCK_KEY})`.execute(trx);
}

/** The periods of a kind sharing at least one day with `starts_on`..`ends_on`. */
export async function findOverlappingPeriod(
  db: Db,
  period: { kind: ClosureRow['kind']; starts_on: string; ends_on: string },
) {
  return db
    .selectFrom('closures')
    .select('id')
    .where('kind', '=', period.kind)
    .where('starts_on', '<=', period.ends_on)
    .where('ends_on', '>=', period.starts_on)
    .executeTakeFirst();
}

export async function findPeriod(db: Db, kind: ClosureRow['kind'], id: number) {
  return db
    .selectFrom('closures')
    .select(['id', 'starts_on', 'ends_on', 'announce_from'])
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deletePeriod(db: Db, id: number): Promise<void> {
  await db.deleteFrom('closures').where('id', '=', id).execute();
}

export async function insertClosure(db: Db, row: Insertable<ClosuresTable>): Promise<number> {
  const { id } = await db.insertInto('closures').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
