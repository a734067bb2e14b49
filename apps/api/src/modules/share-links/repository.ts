import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { StatementShareLinksTable } from '../../platform/db/statement-tables';

export type ShareLinkRow = Selectable<StatementShareLinksTable>;

/** The owner's links to one statement, newest first. */
export async function listShareLinksOf(
  db: Db,
  { statementId, userId }: { statementId: string; userId: number },
): Promise<ShareLinkRow[]> {
  return db
    .selectFrom('statement_share_links')
    .selectAll()
    .where('statement_id', '=', statementId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** How many of the owner's links to one statement work on `today` (neither revoked nor past their last day). */
export async function countActiveShareLinks(
  db: Db,
  { statementId, userId, today }: { statementId: string; userId: number; today: string },
): Promise<number> {
  const row = await db
    .selectFrom('statement_share_links')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('statement_id', '=', statementId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>=', today)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertShareLink(
  db: Db,
  link: { statementId: string; userId: number; tokenHash: string; expiresOn: string | null; at: string },
): Promise<ShareLinkRow> {
  return db
    .insertInto('statement_share_links')
    .values({
      statement_id: link.statementId,
      user_id: link.userId,
      token_hash: link.tokenHash,
      expires_on: link.expiresOn,
      revoked_at: null,
      created_at: link.at,
      updated_at: link.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One of the owner's links to one statement; undefined when the link is someone else's or another statement's. */
export async function findOwnShareLink(
  db: Db,
  { id, statementId, userId }: { id: number; statementId: string; userId: number },
): Promise<ShareLinkRow | undefined> {
  return db
    .selectFrom('statement_share_links')
    .selectAll()
    .where('id', '=', id)
    .where('statement_id', '=', statementId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findShareLink(db: Db, id: number): Promise<ShareLinkRow> {
  return db.selectFrom('statement_share_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function findShareLinkByTokenHash(db: Db, tokenHash: string): Promise<ShareLinkRow | undefined> {
  return db
    .selectFrom('statement_share_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Revokes a link not revoked yet; a second revocation keeps the first one's time. */
export async function revokeShareLinkRow(db: Db, { id, at }: { id: number; at: string }): Promise<void> {
  await db
    .updateTable('statement_share_links')
    .set({ revoked_at: at, updated_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}
