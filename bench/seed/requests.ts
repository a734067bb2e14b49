import { createHash, randomBytes } from 'node:crypto';
import { PostgresIntrospector, sql, type RawBuilder } from 'kysely';
import { parseDatabaseUrl } from '../../apps/api/src/platform/config';
import { openDatabase, type Db } from '../../apps/api/src/platform/db/database';
import { countryName, exactNamesOf, LOCALES, normaliseSearchText } from '@lisbon/domain';

/**
 * A body's database after years of work, in seconds: `applicants` applicants and `requests`
 * requests spread over them, about 7.4 history rows per request, an appeal or amendment for each
 * request in an appeal's status (about 15 %), and a staff of one secretary,
 * ten evaluators and five reviewers, each written by one set-based INSERT … SELECT (a series of
 * numbers from generate_series on PostgreSQL, a recursive CTE on SQLite), never row by row.
 *
 * Requests are mostly finished (70 % in the archive), the rest spread over every open status, a
 * few drafts; deadlines over two years, some none; countries over twenty. The database must be
 * migrated (and may hold the portal's own seeds). Answers a session token for the secretary
 * (second factor passed) and for one applicant, written straight in `sessions`.
 */
export type SeedRequestsOptions = { applicants: number; requests: number };

export type SeededVolume = {
  applicants: number;
  requests: number;
  history: number;
  secretary: { id: number; token: string };
  applicant: { id: number; token: string };
  seconds: number;
};

type Dialect = {
  /** `i` from 1 to n, as a FROM item named `alias`. */
  series(n: number, alias?: string): RawBuilder<unknown>;
  /** A timestamp `seconds` after 2023-01-01 as the column wants it. */
  timestampAfter(seconds: RawBuilder<unknown>): RawBuilder<unknown>;
  /** A calendar day `days` after 2025-01-01, as `YYYY-MM-DD` text. */
  dayAfter(days: RawBuilder<unknown>): RawBuilder<unknown>;
};

const postgres: Dialect = {
  series: (n, alias = 'g') => sql`generate_series(1, ${sql.lit(n)}) as ${sql.raw(alias)}(i)`,
  timestampAfter: (seconds) => sql`timestamptz '2023-01-01T00:00:00Z' + (${seconds}) * interval '1 second'`,
  dayAfter: (days) => sql`to_char(date '2025-01-01' + (${days})::int, 'YYYY-MM-DD')`,
};

const sqlite: Dialect = {
  series: (n, alias = 'g') =>
    sql`(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(n)}) select i from s) as ${sql.raw(alias)}`,
  timestampAfter: (seconds) =>
    sql`strftime('%Y-%m-%dT%H:%M:%fZ', '2023-01-01', '+' || (${seconds}) || ' seconds')`,
  dayAfter: (days) => sql`date('2025-01-01', printf('%+d days', ${days}))`,
};

/** `case <of> when 0 then 'a' when 1 then 'b' … end`: picks from a list by a number, on both databases. */
const pick = (of: RawBuilder<unknown>, values: readonly (string | number)[]) =>
  sql`(case ${of} ${sql.join(
    values.map((value, index) => sql`when ${sql.lit(index)} then ${sql.lit(value)}`),
    sql` `,
  )} end)`;

export const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Chiara',
  'Dawit',
  'Elif',
  'Farid',
  'Giulia',
  'Hana',
  'Ivan',
  'Jamila',
];
export const LAST_NAMES = [
  'Rossi',
  'Haddad',
  'Kowalski',
  'Nguyen',
  'Okafor',
  'Silva',
  'Yilmaz',
  'Ahmadi',
  'Müller',
  'Costa',
];
export const COUNTRIES = [
  'AF',
  'AL',
  'AR',
  'BR',
  'CN',
  'CO',
  'EG',
  'ET',
  'IN',
  'IR',
  'MA',
  'MX',
  'NG',
  'PK',
  'RO',
  'RU',
  'SY',
  'TR',
  'UA',
  'US',
];

/** Institutions, some with letters staff type without their accents. */
export const INSTITUTIONS = [
  'Universidade de São Paulo',
  'Université Paris Cité',
  'Universität Wien',
  'Ludwig-Maximilians-Universität München',
  'Universidad Nacional Autónoma de México',
  'İstanbul Üniversitesi',
  'Uniwersytet Jagielloński',
  'Universitatea din București',
  'Cairo University',
  'Addis Ababa University',
  'University of Lagos',
  'University of Tehran',
  'Kabul University',
  'Peking University',
  'Universidad de los Andes',
  'Universidad de Buenos Aires',
  'Université Mohammed V de Rabat',
  'University of Delhi',
  'Lomonosov Moscow State University',
  'Taras Shevchenko National University of Kyiv',
  'Damascus University',
  'University of Karachi',
  'Universidade Federal do Rio de Janeiro',
  'University of Tirana',
];

/** A country's words as the domain's `requestSearchText` writes them: its code and its names. */
const countryWords = (code: string) =>
  normaliseSearchText([code, ...LOCALES.map((locale) => countryName(code, locale))].join(' '));

/** Out of 100: where the requests stand. The draft share only applies to an applicant's first request. */
const STATUS_BY_PERCENT: readonly string[] = [
  ...Array<string>(51).fill('published'),
  ...Array<string>(10).fill('closed'),
  ...Array<string>(3).fill('appeal_rejected'),
  ...Array<string>(3).fill('appeal_issued'),
  ...Array<string>(2).fill('amend_issued'),
  ...Array<string>(2).fill('appeal_refused'),
  ...Array<string>(5).fill('unassigned'),
  ...Array<string>(3).fill('assigned'),
  ...Array<string>(4).fill('in_evaluation'),
  ...Array<string>(3).fill('in_review'),
  ...Array<string>(2).fill('reviewed'),
  ...Array<string>(3).fill('ready_for_issue'),
  ...Array<string>(3).fill('pending_student_reply'),
  'appeal_requested',
  'appeal_in_evaluation',
  'appeal_in_review',
  'appeal_reviewed',
  'appeal_pending_student_reply',
  'draft',
];

if (STATUS_BY_PERCENT.length !== 100) throw new Error('STATUS_BY_PERCENT must cover 100 %');

/** Applicant k's tax ID is `TAX` followed by this plus k. */
export const TAX_ID_BASE = 1_000_000;

const STAFF = [
  { role: 'secretary', count: 1 },
  { role: 'evaluator', count: 10 },
  { role: 'reviewer', count: 5 },
] as const;

const bulkConnections = new WeakSet<Db>();

/** `db` (a Kysely of the portal's schema) or a DATABASE_URL (`postgres://…`, a SQLite path). */
export async function seedRequests(target: Db | string, options: SeedRequestsOptions): Promise<SeededVolume> {
  if (typeof target === 'string') {
    const db = openDatabase(parseDatabaseUrl(target, process.cwd()));
    try {
      return await seedRequests(db, options);
    } finally {
      await db.destroy();
    }
  }
  const db = target;
  if (db.introspection instanceof PostgresIntrospector && !bulkConnections.has(db)) {
    // One connection whose triggers are set aside, as a bulk load does: the foreign keys' checks
    // (every row made here points at a row made here), the counters (rebuilt once below) and the
    // change notifications (no instance runs on the database yet). Needs a superuser; without
    // one the load runs with its triggers, only slower.
    return db.connection().execute(async (connection) => {
      bulkConnections.add(connection);
      const isReplica = await sql`set session_replication_role = replica`.execute(connection).then(
        () => true,
        () => false,
      );
      try {
        return await seedRequests(connection, options);
      } finally {
        if (isReplica) await sql`set session_replication_role = default`.execute(connection);
      }
    });
  }
  const started = performance.now();
  const dialect = db.introspection instanceof PostgresIntrospector ? postgres : sqlite;
  const now = new Date().toISOString();

  const staffIds: Record<string, number[]> = {};
  for (const { role, count } of STAFF) {
    const rows = await sql<{ id: number }>`
      insert into users (email, role, category, locale, first_name, last_name, password_hash, activated_at,
                         terms_accepted_at, two_factor_secret, two_factor_enabled_at, created_at, updated_at)
      select ${sql.lit(`${role}-`)} || g.i || '@staff.bench.example', ${sql.lit(role)}, 'standard', 'it-IT',
             ${pick(sql`(g.i % 10)`, FIRST_NAMES)}, ${pick(sql`(g.i % 10)`, LAST_NAMES)}, 'not-a-hash', ${now},
             ${now}, 'JBSWY3DPEHPK3PXP', ${now}, ${now}, ${now}
      from ${dialect.series(count)}
      returning id`.execute(db);
    staffIds[role] = rows.rows.map((row) => Number(row.id));
  }
  const [secretaryId] = staffIds.secretary ?? [];
  const evaluators = staffIds.evaluator ?? [];
  const reviewers = staffIds.reviewer ?? [];
  if (secretaryId === undefined || evaluators.length === 0 || reviewers.length === 0)
    throw new Error('no staff');

  // Applicants: ids follow each other, so the i-th request belongs to first + (i mod applicants).
  await sql`
    insert into users (email, role, category, locale, first_name, last_name, tax_id, password_hash, activated_at,
                       terms_accepted_at, created_at, updated_at)
    select 'applicant-' || g.i || '@bench.example', 'applicant',
           case when g.i % 10 = 0 then 'refugee' else 'standard' end,
           case when g.i % 3 = 0 then 'it-IT' else 'en-US' end,
           ${pick(sql`(g.i % 10)`, FIRST_NAMES)}, ${pick(sql`((g.i / 10) % 10)`, LAST_NAMES)},
           'TAX' || (${sql.lit(TAX_ID_BASE)} + g.i), 'not-a-hash', ${now}, ${now}, ${now}, ${now}
    from ${dialect.series(options.applicants)}`.execute(db);
  const range = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.min<number>('id').as('first'), eb.fn.max<number>('id').as('last')])
    .where('email', 'like', 'applicant-%@bench.example')
    .executeTakeFirstOrThrow();
  const firstApplicant = Number(range.first);
  if (Number(range.last) - firstApplicant + 1 !== options.applicants)
    throw new Error('applicant ids not contiguous');

  // Requests: the status by i mod 100, a draft only as an applicant's first request (one each).
  // On PostgreSQL the counters' trigger (a plpgsql call per row) is set aside for the bulk insert
  // and the counts rebuilt once after it, as the migration that made them does.
  const isPostgres = dialect === postgres;
  if (isPostgres) await sql`alter table practices disable trigger practices_queue_count`.execute(db);
  // The secondary indexes of the big tables (the search's GIN of decision 069 among them) are set
  // aside and built once after the load, as a bulk load does: kept up row by row they take most of
  // the load's time. Those behind a constraint (keys, unique emails) stay.
  const setAside = isPostgres
    ? await dropSecondaryIndexes(db, ['practices', 'practice_status_history', 'practice_name_keys'])
    : [];
  const percent = sql`(g.i % 100)`;
  const numbered = sql`(select g.i, case when ${percent} = 99 and g.i > ${sql.lit(options.applicants)} then 'published'
                        else ${pick(percent, STATUS_BY_PERCENT)} end as status
                        from ${dialect.series(options.requests)}) as g`;
  const status = sql`g.status`;
  const isOpenToStaff = sql`${status} not in ('draft', 'unassigned')`;
  // The words staff search finds a request by (decision 069), as the portal writes them: the
  // applicant's names, email and tax ID, the qualification, the institution, the country.
  const applicant = sql`((g.i % ${sql.lit(options.applicants)}) + 1)`;
  const searchText = sql`${pick(sql`(${applicant} % 10)`, FIRST_NAMES.map(normaliseSearchText))} || ' ' ||
    ${pick(sql`((${applicant} / 10) % 10)`, LAST_NAMES.map(normaliseSearchText))} ||
    ' applicant ' || ${applicant} || ' bench example tax' || (${sql.lit(TAX_ID_BASE)} + ${applicant}) ||
    ' bachelor of science ' || (g.i % 500) || ' ' ||
    ${pick(sql`(g.i % ${sql.lit(INSTITUTIONS.length)})`, INSTITUTIONS.map(normaliseSearchText))} || ' ' ||
    ${pick(sql`(g.i % 20)`, COUNTRIES.map(countryWords))}`;
  await sql`
    insert into practices (user_id, status, service, country, level, is_urgent, wizard_step, qualification_name,
                           requested_at, requested_on, expected_deadline, assignee_id, reviewer_id,
                           search_text, created_at, updated_at)
    select ${sql.lit(firstApplicant)} + (g.i % ${sql.lit(options.applicants)}),
           ${status},
           case when g.i % 10 = 0 then 'refugee_comparability'
                else ${pick(sql`(g.i % 3)`, ['comparability_verification', 'comparability', 'correspondence_verification'])} end,
           ${pick(sql`(g.i % 20)`, COUNTRIES)},
           case when g.i % 4 = 0 then 'upper_secondary' else 'higher' end,
           case when g.i % 17 = 0 then 1 else 0 end,
           'review',
           'Bachelor of Science ' || (g.i % 500),
           case when ${status} = 'draft' then null else ${dialect.timestampAfter(sql`g.i * 60`)} end,
           case when ${status} = 'draft' then null else ${dialect.dayAfter(sql`(g.i / 1440) - 700`)} end,
           case when ${status} = 'draft' or g.i % 13 = 0 then null else ${dialect.dayAfter(sql`(g.i / 1440) - 600`)} end,
           case when ${isOpenToStaff} then ${pick(sql`(g.i % ${sql.lit(evaluators.length)})`, evaluators)} end,
           case when ${isOpenToStaff} then ${pick(sql`(g.i % ${sql.lit(reviewers.length)})`, reviewers)} end,
           ${searchText},
           ${dialect.timestampAfter(sql`g.i * 60`)}, ${dialect.timestampAfter(sql`g.i * 60`)}
    from ${numbered}`.execute(db);

  // The queries naming each applicant exactly (migration 118), as the portal keeps them: applicant k
  // is FIRST_NAMES[k % 10] LAST_NAMES[(k / 10) % 10], so k % 100 says which of a hundred names.
  const names = Array.from({ length: 100 }, (_, combo) =>
    exactNamesOf({
      first_name: FIRST_NAMES[combo % 10] ?? '',
      last_name: LAST_NAMES[Math.floor(combo / 10)] ?? '',
    }).map((key) => sql`(${sql.lit(combo)}, ${sql.lit(key)})`),
  ).flat();
  await sql`
    with names (combo, name_key) as (values ${sql.join(names)})
    insert into practice_name_keys (name_key, practice_id)
    select names.name_key, p.id from practices p
    inner join names on names.combo = ((p.user_id - ${sql.lit(firstApplicant)} + 1) % 100)
    where p.status <> 'draft' and p.user_id >= ${sql.lit(firstApplicant)}`.execute(db);

  if (isPostgres) {
    await sql`alter table practices enable trigger practices_queue_count`.execute(db);
    await sql`delete from practice_queue_counts`.execute(db);
    await sql`insert into practice_queue_counts (status, assignee_id, reviewer_id, count)
              select status, coalesce(assignee_id, 0), coalesce(reviewer_id, 0), count(*) from practices
              where status <> 'draft' group by status, coalesce(assignee_id, 0), coalesce(reviewer_id, 0)`.execute(
      db,
    );
  }

  // Appeals and amendments (decision 026): one for each request in an appeal's status, an
  // amendment for a quarter of the open ones and for every amended statement, so that a queue's
  // total split by kind (`meta.kinds`) counts as many as a body's years leave; then their counts
  // (migrations 115 and 120), which the triggers set aside on PostgreSQL did not keep.
  await sql`
    insert into appeals (practice_id, user_id, type, motivation, document_ids, created_at)
    select p.id, p.user_id,
           case when p.status = 'amend_issued' or (p.status not in ('appeal_rejected', 'appeal_issued', 'appeal_refused')
                and p.id % 4 = 0) then 'amendment' else 'appeal' end,
           'Bench', '[]', p.created_at
    from practices p
    where substr(p.status, 1, 7) = 'appeal_' or p.status = 'amend_issued'`.execute(db);
  await sql`delete from practice_appeal_counts`.execute(db);
  await sql`insert into practice_appeal_counts (status, appeal_type, count)
            select p.status, a.type, count(*) from appeals a join practices p on p.id = a.practice_id
            where p.status <> 'draft' group by p.status, a.type`.execute(db);
  await sql`delete from practice_appeal_queue_counts`.execute(db);
  await sql`insert into practice_appeal_queue_counts (status, assignee_id, reviewer_id, appeal_type, count)
            select p.status, coalesce(p.assignee_id, 0), coalesce(p.reviewer_id, 0), a.type, count(*)
            from appeals a join practices p on p.id = a.practice_id where p.status <> 'draft'
            group by p.status, coalesce(p.assignee_id, 0), coalesce(p.reviewer_id, 0), a.type`.execute(db);

  // History: seven moves per request, an eighth for one in three (7.33 a request on average).
  await sql`
    insert into practice_status_history (practice_id, from_status, to_status, by_user_id, action, at)
    select p.id, case when h.i = 1 then 'draft' else 'assigned' end,
           case when h.i = 1 then 'unassigned' else p.status end,
           p.assignee_id, 'bench', p.created_at
    from practices p
    join ${dialect.series(8, 'h')} on h.i <= 7 or p.id % 3 = 0`.execute(db);
  await buildIndexes(db, setAside);

  const secretaryToken = await openSessionFor(db, secretaryId, now);
  const applicantId = firstApplicant + 1;
  const applicantToken = await openSessionFor(db, applicantId, now);
  const count = async (table: 'practices' | 'practice_status_history') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    applicants: options.applicants,
    requests: await count('practices'),
    history: await count('practice_status_history'),
    secretary: { id: secretaryId, token: secretaryToken },
    applicant: { id: applicantId, token: applicantToken },
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}

/** PostgreSQL: drops the tables' indexes that back no constraint; answers their definitions. */
async function dropSecondaryIndexes(db: Db, tables: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables.map((table) => sql.lit(table)))})
      and not exists (select 1 from pg_constraint c where c.conindid = to_regclass(quote_ident(i.indexname)))`.execute(
    db,
  );
  for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(db);
  return rows.map((row) => row.definition);
}

/** Builds the indexes set aside, with the memory a bulk load gives its index builds. */
async function buildIndexes(db: Db, definitions: readonly string[]): Promise<void> {
  if (definitions.length === 0) return;
  await sql`set maintenance_work_mem = '256MB'`.execute(db);
  for (const definition of definitions) await sql.raw(definition).execute(db);
  await sql`reset maintenance_work_mem`.execute(db);
}

/** A session as a login (and its second factor) would leave it; the token is returned, its SHA-256 stored. */
async function openSessionFor(db: Db, userId: number, now: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: createHash('sha256').update(token).digest('hex'),
      two_factor_passed_at: now,
      expires_at: new Date(Date.now() + 11 * 3600_000).toISOString(),
      last_used_at: now,
      created_at: now,
    })
    .execute();
  return token;
}
