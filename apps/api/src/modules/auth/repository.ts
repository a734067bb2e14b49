import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AuthTokensTable } from '../../platform/db/tables';

export type TokenPurpose = AuthTokensTable['purpose'];
export type AuthTokenRow = Selectable<AuthTokensTable>;

export type NewAuthToken = {
  userId: number;
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: string;
  now: string;
};

export async function insertAuthToken(db: Db, token: NewAuthToken): Promise<void> {
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      created_at: token.now,
    })
    .execute();
}

export async function findUsableToken(
  db: Db,
  { tokenHash, purpose, now }: { tokenHash: string; purpose: TokenPurpose; now: string },
): Promise<AuthTokenRow | undefined> {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** A token of that purpose already used, until the purge removes it a day after its expiry. */
export async function findUsedToken(
  db: Db,
  { tokenHash, purpose }: { tokenHash: string; purpose: TokenPurpose },
): Promise<AuthTokenRow | undefined> {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
}

/** Marks a token used, only if it was not: of two requests racing with one token, one wins. */
export async function markTokenUsed(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A newer link replaces the older ones, which stop working. */
/** Answers how many were withdrawn. */
export async function deleteUnusedTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<number> {
  const result = await db
    .deleteFrom('auth_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserTokens(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
}

export async function deleteTokensExpiredBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('auth_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: number,
  codeHashes: readonly string[],
  now: string,
) {
  await deleteRecoveryCodes(db, userId);
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Spends a recovery code: true only the first time, so each code works once. */
export async function useRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

export async function deleteRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export type AuthEvent = { userId: number | null; kind: string; route?: string | null; cause?: string | null };

export async function insertAuthEvent(db: Db, event: AuthEvent, now: string): Promise<void> {
  await db
    .insertInto('auth_events')
    .values({
      user_id: event.userId,
      kind: event.kind,
      route: event.route ?? null,
      cause: event.cause ?? null,
      created_at: now,
    })
    .execute();
}
