import type { Db } from '../../platform/db/database';
import { reusableQuery } from '../../platform/db/reusable-query';

export type NewSession = {
  userId: number;
  tokenHash: string;
  expiresAt: string;
  now: string;
  isTwoFactorPassed: boolean;
};

export async function insertSession(db: Db, session: NewSession): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      two_factor_passed_at: session.isTwoFactorPassed ? session.now : null,
      expires_at: session.expiresAt,
      last_used_at: session.now,
      created_at: session.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The session of a token hash with what a request needs of its user, in one indexed read (every
 * logged-in call makes it, so it is compiled once): no session, or a closed account, is undefined.
 */
const sessionWithUser = reusableQuery((db: Db, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.expires_at',
      's.created_at',
      's.two_factor_passed_at',
      'u.email',
      'u.role',
      'u.category',
      'u.locale',
      'u.two_factor_enabled_at',
      'u.two_factor_secret',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('u.deleted_at', 'is', null),
);

export const findSessionWithUser = async (db: Db, tokenHash: string) =>
  (await sessionWithUser(db, tokenHash))[0];

export async function extendSession(db: Db, id: number, expiresAt: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt, last_used_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes a session still waiting for its second factor; false when there is none any more. */
export async function deletePendingSession(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('two_factor_passed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteSession(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Whether a session still exists (not ended by a logout, a reset, a deletion or the purge). */
export async function isSessionOpen(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Ends a session: false when it had ended already (another call, a reset, a deletion). */
export async function deleteSessionIfAny(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every session of a user, or every one but `exceptId` (the session making the change). */
export async function deleteUserSessions(db: Db, userId: number, exceptId?: number): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSessionsExpiredBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
