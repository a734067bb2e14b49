import type { Insertable, Selectable, Updateable } from 'kysely';
import { PRACTICE_STATUSES, type Locale } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/schema-helpers';
import type { UsersTable } from '../../platform/db/tables';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The account's row, kept from a deletion to the end of the caller's transaction on PostgreSQL
 * (`for key share`: only a deletion's `for update` waits for it, or makes it wait; SQLite has a
 * single writer).
 */
export async function findUserByIdKept(db: Db, id: number): Promise<UserRow | undefined> {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (isPostgres(db)) query = query.forKeyShare();
  return query.executeTakeFirst();
}

/**
 * The account's deletion time, its row held to the end of the caller's transaction on PostgreSQL
 * (SQLite has a single writer): a deletion and a payment's settlement take it first, so one of
 * them sees what the other did. Undefined for an id that does not exist.
 */
export async function holdUserRow(db: Db, id: number): Promise<{ deleted_at: string | null } | undefined> {
  let query = db.selectFrom('users').select('deleted_at').where('id', '=', id);
  if (isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * The account's row, held to the end of the caller's transaction on PostgreSQL (`for no key update`,
 * as an upload's quota and a checkout hold it; SQLite has a single writer): what is checked on it
 * stays true until the caller's writes commit, and whoever holds it next reads them.
 */
export async function findUserByIdHeld(db: Db, id: number): Promise<UserRow | undefined> {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (isPostgres(db)) query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUserRow): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Db, id: number, patch: UserPatch): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/**
 * Settles an account's language only while none was chosen, in the statement itself: a language
 * the user chose after the caller read the account (the profile, another tab) is never overwritten.
 */
export async function settleUnchosenLocale(
  db: Db,
  id: number,
  { locale, now }: { locale: Locale; now: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ locale, locale_chosen_at: now, updated_at: now })
    .where('id', '=', id)
    .where('locale_chosen_at', 'is', null)
    .execute();
}

/**
 * Changes an account only while two factors are off, in the statement itself: of two calls turning
 * them on at once, the second changes nothing once the first has committed (a row lock on
 * PostgreSQL, one writer at a time on SQLite). Whether it changed the row.
 */
export async function updateUserWithoutTwoFactor(db: Db, id: number, patch: UserPatch): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(patch)
    .where('id', '=', id)
    .where('two_factor_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Changes an applicant's account only while it is not activated (nor deleted), in the statement
 * itself: on PostgreSQL an activation committing meanwhile makes it change nothing, whatever the
 * caller read before. Whether it changed the row.
 */
export async function updatePendingApplicant(db: Db, id: number, patch: UserPatch): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(patch)
    .where('id', '=', id)
    .where('role', '=', 'applicant')
    .where('activated_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves each of the flags `columns` that is set (not null) to the time `now`; unset ones stay unset. */
export async function restampSetFlags(
  db: Db,
  id: number,
  columns: readonly ('marketing_consent_at' | 'terms_accepted_at')[],
  now: string,
): Promise<void> {
  for (const column of columns) {
    await db
      .updateTable('users')
      .set({ [column]: now })
      .where('id', '=', id)
      .where(column, 'is not', null)
      .execute();
  }
}

/**
 * Records the time step of an accepted TOTP code, only if it is later than the last one:
 * the same code cannot be used twice, even by two requests at once.
 */
export async function advanceTotpCounter(db: Db, id: number, counter: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_counter: counter })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('two_factor_last_counter', 'is', null), eb('two_factor_last_counter', '<', counter)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accounts whose TOTP secret or pending secret is still stored as it was before sealing (decision 057). */
export async function findUsersWithUnsealedTotp(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'two_factor_secret', 'two_factor_pending_secret'])
    .where((eb) =>
      eb.or([
        eb.and([eb('two_factor_secret', 'is not', null), eb('two_factor_secret', 'not like', 'v1.%')]),
        eb.and([
          eb('two_factor_pending_secret', 'is not', null),
          eb('two_factor_pending_secret', 'not like', 'v1.%'),
        ]),
      ]),
    )
    .execute();
}

/** Writes both TOTP secrets only while the secret is still `seen`: another instance's sealing wins. */
export async function updateTotpSecretsUnlessChanged(
  db: Db,
  {
    id,
    seen,
    secret,
    pendingSecret,
  }: { id: number; seen: string | null; secret: string | null; pendingSecret: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_secret: secret, two_factor_pending_secret: pendingSecret })
    .where('id', '=', id)
    .where('two_factor_secret', 'is not distinct from', seen)
    .execute();
}

/** The statuses of an applicant's requests, drafts included. */
export async function findRequestStatusesOfUser(db: Db, userId: number) {
  const rows = await db.selectFrom('practices').select('status').where('user_id', '=', userId).execute();
  return rows.flatMap(({ status }) => {
    const known = PRACTICE_STATUSES.find((candidate) => candidate === status);
    return known ? [{ status: known }] : [];
  });
}
