import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Database, Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/schema-helpers';
import type { PracticesTable } from '../../platform/db/tables';

/** The queries of the request read model: a request as it is stored, and its search words. */

/** A request as stored, with the type of its appeal (`appeal_type`, `appealTypeColumn`) when read with it. */
export type PracticeRow = Selectable<PracticesTable> & { appeal_type?: string | null };

/**
 * The type of the request's appeal, appeal or amendment (one row per request), null when none was
 * asked for: a request's line and page name an amendment's statuses for it (`statusWordingOf`).
 */
export const appealTypeColumn = (eb: ExpressionBuilder<Database, 'practices'>) =>
  eb
    .selectFrom('appeals')
    .select('appeals.type')
    .whereRef('appeals.practice_id', '=', 'practices.id')
    .as('appeal_type');

export async function findPracticeRow(db: Db, id: number): Promise<PracticeRow | undefined> {
  return db
    .selectFrom('practices')
    .selectAll()
    .select(appealTypeColumn)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Deletes a request while it is a draft (its history goes with it; a payment or refund of it keeps
 * its row, naming no request); false when it is not one any more.
 */
export async function deleteDraftRow(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('practices')
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The ids of the account's drafts (one at most, by the one-draft index). */
export async function listDraftIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('practices')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'draft')
    .execute();
  return rows.map((row) => row.id);
}

export async function listPracticeRowsOfUser(db: Db, userId: number): Promise<PracticeRow[]> {
  return db
    .selectFrom('practices')
    .selectAll()
    .select(appealTypeColumn)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** What a request's search words are made of (decision 069): the request's or the applicant's requests. */
export async function findSearchSources(db: Db, which: { practiceId: number } | { userId: number }) {
  const query = db
    .selectFrom('practices as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.status',
      'p.country',
      'p.qualification',
      'p.qualification_name',
      'p.search_text',
      'u.first_name',
      'u.middle_name',
      'u.last_name',
      'u.email',
      'u.tax_id',
    ]);
  return (
    'practiceId' in which
      ? query.where('p.id', '=', which.practiceId)
      : query.where('p.user_id', '=', which.userId)
  ).execute();
}

export async function setSearchText(db: Db, id: number, text: string): Promise<void> {
  await db.updateTable('practices').set({ search_text: text }).where('id', '=', id).execute();
}

/**
 * The next `limit` submitted requests after `after`, in id order, that have no search words yet,
 * or no exact-name key (those submitted by an older release while migration 118 ran; an erased
 * applicant's have none to have, and are looked at once a pass).
 */
export async function findIdsWithoutSearchText(db: Db, after: number, limit: number) {
  return db
    .selectFrom('practices as p')
    .select('p.id')
    .where('p.id', '>', after)
    .where('p.status', '<>', 'draft')
    .where(({ or, eb, not, exists, selectFrom }) =>
      or([
        eb('p.search_text', 'is', null),
        not(
          exists(
            selectFrom('practice_name_keys as k')
              .select('k.practice_id')
              .whereRef('k.practice_id', '=', 'p.id'),
          ),
        ),
      ]),
    )
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The exact-name keys a request holds now (migration 118). */
export async function findNameKeys(db: Db, practiceId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('practice_name_keys')
    .select('name_key')
    .where('practice_id', '=', practiceId)
    .execute();
  return rows.map((row) => row.name_key);
}

/** A request's exact-name keys, replaced by `keys`. */
export async function setNameKeys(db: Db, practiceId: number, keys: readonly string[]): Promise<void> {
  await db.deleteFrom('practice_name_keys').where('practice_id', '=', practiceId).execute();
  if (keys.length === 0) return;
  await db
    .insertInto('practice_name_keys')
    .values(keys.map((name_key) => ({ name_key, practice_id: practiceId })))
    .execute();
}

/** One entry of a request's audit trail (`practice_status_history`): a move, a change, or what the system did. */
export type AuditRow = {
  practiceId: number;
  from: string | null;
  to: string;
  action: string;
  byUserId: number | null;
  note: string | null;
  details: Record<string, unknown> | null;
  at: string;
};

export async function insertAuditEntry(db: Db, entry: AuditRow): Promise<void> {
  await db
    .insertInto('practice_status_history')
    .values({
      practice_id: entry.practiceId,
      from_status: entry.from,
      to_status: entry.to,
      action: entry.action,
      by_user_id: entry.byUserId,
      note: entry.note,
      details: entry.details ? JSON.stringify(entry.details) : null,
      at: entry.at,
    })
    .execute();
}

/**
 * The request's payment still open (pending), with when its provider session closes: null until
 * the session is opened. Read here, below the payments module, for the guards of the modules that
 * change a draft.
 */
export async function findOpenPaymentOfPractice(db: Db, practiceId: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'expires_at', 'created_at'])
    .where('practice_id', '=', practiceId)
    .where('purpose', '=', 'practice')
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/**
 * The account's row, then the request's, held to the end of the caller's transaction on
 * PostgreSQL (SQLite has a single writer): a checkout and a change of the draft take them before
 * they read the lock, so one waits for the other (decision 020). The account's first, as an
 * account's deletion and a payment's settlement take it before they touch its requests.
 * `no key update`: it keeps out the other holders and those, but not a row that only names them.
 */
export async function holdRequestRows(db: Db, rows: { userId: number; practiceId: number }): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('users').select('id').where('id', '=', rows.userId).forNoKeyUpdate().execute();
  await db.selectFrom('practices').select('id').where('id', '=', rows.practiceId).forNoKeyUpdate().execute();
}

/** Whether each of these requests has an appeal or an amendment, by request id (neither: not in the map). */
export async function findAppealTypes(db: Db, practiceIds: readonly number[]): Promise<Map<number, string>> {
  if (practiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('appeals')
    .select(['practice_id', 'type'])
    .where('practice_id', 'in', [...practiceIds])
    .execute();
  return new Map(rows.map((row) => [row.practice_id, row.type]));
}
