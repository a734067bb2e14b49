import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/schema-helpers';

/**
 * The search of decision 069 over `practices.search_text`: ids of submitted requests whose text
 * has a word beginning with each term, newest first. Terms are normalised words (letters and
 * digits only, from the domain's `searchTermsOf`), so they are safe to write into either
 * database's query syntax.
 */
export async function searchPracticeIds(db: Db, terms: readonly string[], limit: number): Promise<number[]> {
  if (terms.length === 0) return [];
  return isPostgres(db) ? searchOnPostgres(db, terms, limit) : searchOnSqlite(db, terms, limit);
}

/**
 * The newest `limit` submitted requests of the applicants a query names exactly (the domain's
 * `exactNamesOf`, kept by the API in `practice_name_keys`, migration 118), with their applicant's
 * names. `name` is the query normalised (`normaliseSearchText`). The same query on both databases:
 * the key's primary key (name_key, practice_id) is read backwards, `limit` entries, however many
 * requests there are and however common the name's words are among them.
 */
export async function findRequestsNamed(db: Db, name: string, limit: number) {
  if (name === '') return [];
  // The keys first, then their requests by primary key: the plan cannot depend on how common the
  // planner deems the name (a submitted request never goes back to draft; the check is kept).
  const keys = db
    .selectFrom('practice_name_keys')
    .select('practice_id')
    .where('name_key', '=', name)
    .orderBy('practice_id', 'desc')
    .limit(limit)
    .as('k');
  return db
    .selectFrom(keys)
    .innerJoin('practices as p', 'p.id', 'k.practice_id')
    .innerJoin('users as a', 'a.id', 'p.user_id')
    .select(['p.id', 'a.first_name', 'a.middle_name', 'a.last_name'])
    .where('p.status', '<>', 'draft')
    .orderBy('p.id', 'desc')
    .execute();
}

/**
 * FTS5 reads each term's doclist (from the two- and three-character prefix indexes for the first
 * keystrokes) in descending rowid order and stops at the limit.
 */
async function searchOnSqlite(db: Db, terms: readonly string[], limit: number): Promise<number[]> {
  const match = terms.map((term) => `"${term}"*`).join(' ');
  const { rows } = await sql<{ id: number }>`
    select rowid as id from practice_search where practice_search match ${match}
    order by rowid desc limit ${limit}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** How many of the newest requests the first look reads. */
export const RECENT_WINDOW = 3000;

/** The longest word beginning the PostgreSQL index holds (migration 2026-11-26-200). */
const PREFIX_MAX = 16;

/** Each word's beginning as a text is checked: ` ros` begins a word of ` ada rossi`. */
const beginsAWord = (column: string, term: string) =>
  sql<boolean>`(' ' || ${sql.ref(column)}) like ${`% ${term}%`}`;

/** At most this many matches of the second look are read from the table, then the newest are kept. */
export const RARE_MATCHES_READ = 500;

/**
 * Two looks, because a GIN index gives its matches in no order:
 * 1. the newest RECENT_WINDOW requests, read backwards along the primary key, each text checked
 *    for the words: common words (the first letters of a surname) fill the page here, newest first;
 * 2. otherwise the index: it holds every beginning of every word as a lexeme, so the words are
 *    intersected inside it, and at most RARE_MATCHES_READ matching rows are read from the table
 *    (in its order), of which the newest are kept: all of them when the words are rare, which is
 *    when this look runs. Words longer than the index's beginnings are checked on those rows.
 *    The planner, which deems words independent and knows few of them, may misjudge how many
 *    rows match and walk the table instead: this look is told to use its index.
 * The answer: what the first look found, then what the second adds, newest first.
 */
async function searchOnPostgres(db: Db, terms: readonly string[], limit: number): Promise<number[]> {
  let first = db.selectFrom(recentRequests(db)).select('recent.id');
  for (const term of terms) first = first.where(beginsAWord('recent.search_text', term));
  const found = (await first.orderBy('recent.id', 'desc').limit(limit).execute()).map((row) => row.id);
  if (found.length >= limit) return found;

  const longer = terms.filter((term) => [...term].length > PREFIX_MAX);
  const rare = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    let matches = indexMatches(trx, terms);
    for (const term of longer) matches = matches.where(beginsAWord('search_text', term));
    const rows = await trx
      .selectFrom(matches.limit(RARE_MATCHES_READ).as('matches'))
      .select('matches.id')
      .orderBy('matches.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  });
  return [...new Set([...found, ...rare])].sort((a, b) => b - a).slice(0, limit);
}

/** The newest RECENT_WINDOW submitted requests, read backwards along the primary key. */
const recentRequests = (db: Db) =>
  db
    .selectFrom('practices')
    .select(['id', 'search_text'])
    .where('status', '<>', sql.lit('draft'))
    .orderBy('id', 'desc')
    .limit(RECENT_WINDOW)
    .as('recent');

/** Submitted requests with a word beginning with each term, by the GIN index of their beginnings. */
const indexMatches = (db: Db, terms: readonly string[]) => {
  const lexemes = terms.map((term) => `'${[...term].slice(0, PREFIX_MAX).join('')}'`).join(' & ');
  return db
    .selectFrom('practices')
    .select('id')
    .where('status', '<>', sql.lit('draft'))
    .where(sql<boolean>`search_prefixes(search_text) @@ ${lexemes}::tsquery`);
};

/** What a result line shows, for the ids found, in no particular order. */
export async function findSearchRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('practices as p')
    .innerJoin('users as a', 'a.id', 'p.user_id')
    .select([
      'p.id',
      'p.status',
      'p.country',
      'p.qualification_name',
      'p.expected_deadline',
      'a.first_name',
      'a.last_name',
      'a.email',
      (eb) =>
        eb
          .selectFrom('appeals')
          .select('appeals.type')
          .whereRef('appeals.practice_id', '=', 'p.id')
          .as('appeal_type'),
    ])
    .where('p.id', 'in', [...ids])
    .where('p.status', '<>', 'draft')
    .execute();
}
