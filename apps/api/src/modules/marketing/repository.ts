import type { Db } from '../../platform/db/database';

const SECRET_KEY = 'marketing_opt_out_secret';

/** The HMAC secret of unsubscribe tokens, created once (the first caller wins) and shared by every instance. */
export async function ensureOptOutSecret(db: Db, candidate: string, now: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: SECRET_KEY, value: candidate, updated_by: null, updated_at: now })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const { value } = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SECRET_KEY)
    .executeTakeFirstOrThrow();
  return value;
}

/** Active accounts that opted in to the newsletter, in id order. */
export async function listSubscribers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'locale', 'first_name'])
    .where('marketing_consent_at', 'is not', null)
    .where('activated_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function storeOptOutTokenHash(db: Db, userId: number, tokenHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ marketing_opt_out_token_hash: tokenHash })
    .where('id', '=', userId)
    .execute();
}

export async function findUserByOptOutTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('users')
    .select(['id', 'marketing_consent_at'])
    .where('marketing_opt_out_token_hash', '=', tokenHash)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function withdrawMarketingConsent(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ marketing_consent_at: null, marketing_opted_out_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
