import { exactNamesOf } from '@lisbon/domain';
import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../schema-helpers';

/**
 * Staff search's exact names (decision 069, amended): `practice_name_keys` holds, for each
 * submitted request, every query that names its applicant exactly, normalised by the domain's
 * `exactNamesOf` (surname; first and last either way; first, middle and last). Its primary key
 * (name_key, practice_id) answers "the newest requests of the applicant named X" by reading that
 * many index entries backwards, at any size; the API keeps it where it keeps `search_text`.
 *
 * Expand-only: a new table, filled here set-based (one INSERT … SELECT per 5,000 applicants,
 * their keys computed by the domain's rule as the API computes them), its key, reference and
 * index added on PostgreSQL once it is full. `practices` is only read (and, for the reference's
 * one check, held from writes until the migration commits): no index is built on a table in use,
 * so nothing needs `CREATE INDEX CONCURRENTLY`, which Kysely's migrator could not run anyway (on
 * PostgreSQL it runs the pending migrations in one transaction, and CONCURRENTLY refuses a
 * transaction block).
 */

/** Applicants per statement: at most four keys each, one parameter a key (SQLite takes 32,766). */
const APPLICANTS_PER_STATEMENT = 5000;

type Applicant = { id: number; first_name: string; middle_name: string | null; last_name: string };

export async function up(db: MigrationDb): Promise<void> {
  const isOnPostgres = isPostgres(db);
  // PostgreSQL: the keys and the reference are added once the table is full, as a bulk load does
  // (a check of practices per row inserted, and two indexes kept up row by row, took most of the
  // time); SQLite declares its reference with the table, as it must.
  await db.schema
    .createTable('practice_name_keys')
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('practice_id', 'integer', (col) =>
      isOnPostgres ? col.notNull() : col.notNull().references('practices.id').onDelete('cascade'),
    )
    .$call((table) =>
      isOnPostgres
        ? table
        : table.addPrimaryKeyConstraint('practice_name_keys_pkey', ['name_key', 'practice_id']),
    )
    .execute();
  if (!isOnPostgres) await indexPracticeIds(db);
  await fillNameKeys(db);
  if (!isOnPostgres) return;
  await sql`set local maintenance_work_mem = '256MB'`.execute(db);
  await sql
    .raw(
      `alter table practice_name_keys add constraint practice_name_keys_pkey primary key (name_key, practice_id),
       add constraint practice_name_keys_practice_id_fkey foreign key (practice_id) references practices (id) on delete cascade`,
    )
    .execute(db);
  await indexPracticeIds(db);
}

const indexPracticeIds = (db: MigrationDb) =>
  db.schema
    .createIndex('practice_name_keys_practice_id_index')
    .on('practice_name_keys')
    .column('practice_id')
    .execute();

/** Every submitted request's keys, one INSERT … SELECT per APPLICANTS_PER_STATEMENT applicants. */
async function fillNameKeys(db: MigrationDb): Promise<void> {
  let after = 0;
  for (;;) {
    const applicants: Applicant[] = await db
      .selectFrom('users as u')
      .select(['u.id', 'u.first_name', 'u.middle_name', 'u.last_name'])
      .where('u.id', '>', after)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('practices as p')
            .select(sql.lit(1).as('one'))
            .whereRef('p.user_id', '=', 'u.id')
            .where('p.status', '<>', 'draft'),
        ),
      )
      .orderBy('u.id')
      .limit(APPLICANTS_PER_STATEMENT)
      .execute();
    if (applicants.length === 0) return;
    after = Number(applicants.at(-1)?.id);
    const keys = applicants.flatMap((applicant) =>
      exactNamesOf(applicant).map((key) => sql`(${sql.lit(Number(applicant.id))}, ${key})`),
    );
    if (keys.length === 0) continue;
    await sql`
      with names (user_id, name_key) as (values ${sql.join(keys)})
      insert into practice_name_keys (name_key, practice_id)
      select names.name_key, p.id from names inner join practices p on p.user_id = names.user_id
      where p.status <> 'draft'`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('practice_name_keys').execute();
}
