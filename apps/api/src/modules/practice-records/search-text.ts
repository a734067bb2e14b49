import { exactNamesOf, requestSearchText } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import {
  findIdsWithoutSearchText,
  findNameKeys,
  findSearchSources,
  setNameKeys,
  setSearchText,
} from './repository';

/**
 * The words staff search finds a request by (decision 069), written to `practices.search_text`
 * from the request and its applicant as they are now, by the domain's one rule. Called where
 * those change: a submission, an applicant's details, an account's deletion. The database keeps
 * its search index from the column (SQLite by triggers, PostgreSQL by its GIN index). The queries
 * naming the applicant exactly are kept beside it, in `practice_name_keys` (migration 118).
 */
export async function refreshSearchText(
  db: Db,
  which: { practiceId: number } | { userId: number },
): Promise<number> {
  let changed = 0;
  for (const row of await findSearchSources(db, which)) {
    const text = searchTextOf(row);
    const isTextSame = text === row.search_text;
    if (!isTextSame) await setSearchText(db, row.id, text);
    // The queries that name its applicant exactly, kept for a submitted request only.
    const keys = row.status === 'draft' ? [] : exactNamesOf(row);
    const held = await findNameKeys(db, row.id);
    const areKeysSame = held.length === keys.length && keys.every((key) => held.includes(key));
    if (!areKeysSame) await setNameKeys(db, row.id, keys);
    if (!isTextSame || !areKeysSame) changed += 1;
  }
  return changed;
}

type Row = {
  status: string;
  country: string;
  qualification: string | null;
  qualification_name: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string;
  tax_id: string | null;
};

const QUALIFICATION_WORDS = [
  'diploma_first_name',
  'diploma_middle_name',
  'diploma_last_name',
  'qualification_name',
  'institution_name',
  'teaching_institution_name',
  'awarding_body_name',
  'institution_country',
] as const;

/**
 * The stored step's fields the search reads, each a string or absent. Read leniently rather than
 * through the step's schema, whose date rules depend on the day it runs.
 */
function qualificationOf(json: string | null): Partial<Record<(typeof QUALIFICATION_WORDS)[number], string>> {
  const parsed: unknown = json ? JSON.parse(json) : null;
  if (typeof parsed !== 'object' || parsed === null) return {};
  // A JSON object: each field is read as unknown and kept only when it is text.
  const fields = parsed as Record<string, unknown>;
  return Object.fromEntries(
    QUALIFICATION_WORDS.flatMap((key) => (typeof fields[key] === 'string' ? [[key, fields[key]]] : [])),
  );
}

function searchTextOf(row: Row): string {
  const qualification = qualificationOf(row.qualification);
  return requestSearchText({
    applicant: row,
    diploma_names: [
      qualification.diploma_first_name,
      qualification.diploma_middle_name,
      qualification.diploma_last_name,
    ],
    qualification_name: row.qualification_name ?? qualification.qualification_name,
    institutions: [
      qualification.institution_name,
      qualification.teaching_institution_name,
      qualification.awarding_body_name,
    ],
    countries: [row.country, qualification.institution_country],
  });
}

const BACKFILL_BATCH = 500;

/**
 * Requests submitted before search existed get their words, and those submitted without their
 * exact-name keys (by an older release during an upgrade) get them, a batch at a time in id order
 * (one pass over the table, however large), each batch in its own short transaction. Run at start;
 * the answer is how many were filled (an erased applicant's requests, looked at again, are not).
 */
export async function fillMissingSearchTexts(ctx: Pick<AppContext, 'db'>): Promise<number> {
  let after = 0;
  let filled = 0;
  for (;;) {
    const rows = await findIdsWithoutSearchText(ctx.db, after, BACKFILL_BATCH);
    if (rows.length === 0) return filled;
    filled += await ctx.db.transaction().execute(async (trx) => {
      let changed = 0;
      for (const { id } of rows) changed += await refreshSearchText(trx, { practiceId: id });
      return changed;
    });
    after = rows.at(-1)?.id ?? after;
  }
}
