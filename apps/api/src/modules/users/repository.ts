import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { UsersTable } from '../../platform/db/tables';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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
