import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../schema-helpers';

/**
 * Staff search (decision 069). `practices.search_text` holds the request's words, normalised by
 * the domain's `requestSearchText` (the API writes it when a request is submitted and when its
 * applicant's details change; rows from before fill in at start). Submitted requests only: a
 * draft is nobody's to find.
 *
 * - PostgreSQL: a GIN index of every beginning of every word, from two characters up to
 *   SEARCH_PREFIX_MAX (`rossi` → `ro ros ross rossi`), so that each typed word is one whole
 *   lexeme of the index: words typed together are intersected inside the index, never matched as
 *   prefixes (a prefix match gathers every row of every word it begins, in memory, first).
 * - SQLite: an FTS5 table of the same text, kept by triggers, with prefix indexes of two and
 *   three characters, so the first keystrokes of a search read one term, not every word they begin.
 */
const SEARCH_PREFIX_MAX = 16;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('practices').addColumn('search_text', 'text').execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function search_prefixes(words text) returns tsvector
         language plpgsql immutable strict parallel safe as $$
         declare
           lexemes text[] := '{}';
           word text;
         begin
           foreach word in array string_to_array(words, ' ') loop
             for size in 2 .. least(length(word), ${SEARCH_PREFIX_MAX}) loop
               lexemes := lexemes || left(word, size);
             end loop;
           end loop;
           return array_to_tsvector(lexemes);
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create index practices_search on practices using gin (search_prefixes(search_text)) where status <> 'draft'`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create virtual table practice_search using fts5(search_text, content='', contentless_delete=1,
       tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
    )
    .execute(db);
  const indexed = (row: 'new') =>
    `insert into practice_search (rowid, search_text) select ${row}.id, ${row}.search_text
     where ${row}.status <> 'draft' and ${row}.search_text is not null;`;
  await sql
    .raw(`create trigger practices_search_insert after insert on practices begin ${indexed('new')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger practices_search_update after update of status, search_text on practices
       when (old.status = 'draft') is not (new.status = 'draft') or old.search_text is not new.search_text
       begin delete from practice_search where rowid = old.id; ${indexed('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger practices_search_delete after delete on practices
       begin delete from practice_search where rowid = old.id; end`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop index practices_search').execute(db);
    await sql.raw('drop function search_prefixes(text)').execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger practices_search_${event}`).execute(db);
    }
    await sql.raw('drop table practice_search').execute(db);
  }
  await db.schema.alterTable('practices').dropColumn('search_text').execute();
}
