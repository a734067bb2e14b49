import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  deleteUnusedTokens,
  findUsableToken,
  findUsedToken,
  insertAuthToken,
  markTokenUsed,
  type AuthTokenRow,
  type TokenPurpose,
} from './repository';

const lifetimeSeconds = (ctx: AppContext, purpose: TokenPurpose): number => {
  switch (purpose) {
    case 'activation':
      return ctx.config.activationTokenTtlHours * 3600;
    case 'password_reset':
      return ctx.config.resetTokenTtlMinutes * 60;
  }
};

/** A new link token, and whether it withdrew an earlier one (the mail then says the old link no longer works). */
export type IssuedToken = { token: string; replacesEarlier: boolean };

/**
 * A link token: 256 random bits, of which the database keeps only the SHA-256. Issuing one
 * withdraws the user's earlier unused tokens of the same purpose.
 */
export async function issueToken(
  ctx: AppContext,
  db: Db,
  userId: number,
  purpose: TokenPurpose,
): Promise<IssuedToken> {
  const now = ctx.securityClock.now();
  const token = randomToken();
  const withdrawn = await deleteUnusedTokens(db, userId, purpose);
  await insertAuthToken(db, {
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: isoAfter(now, lifetimeSeconds(ctx, purpose)),
    now: now.toISOString(),
  });
  return { token, replacesEarlier: withdrawn > 0 };
}

/** The unused, unexpired token of that purpose, or 404 TOKEN_NOT_FOUND (unknown, used and expired alike). */
export async function findToken(
  ctx: AppContext,
  db: Db,
  token: string,
  purpose: TokenPurpose,
): Promise<AuthTokenRow> {
  const row = await findUsableToken(db, {
    tokenHash: sha256(token),
    purpose,
    now: ctx.securityClock.now().toISOString(),
  });
  if (!row) throw new AppError('TOKEN_NOT_FOUND');
  return row;
}

/**
 * The account a used token of that purpose belongs to, if the token was used (kept until the purge
 * removes it, a day after its expiry); undefined for a token unknown, withdrawn or never used.
 */
export async function findUsedTokenUser(
  db: Db,
  token: string,
  purpose: TokenPurpose,
): Promise<number | undefined> {
  return (await findUsedToken(db, { tokenHash: sha256(token), purpose }))?.user_id;
}

/** Uses the token once and for all; a second use, even a concurrent one, finds it gone. */
export async function redeemToken(
  ctx: AppContext,
  db: Db,
  token: string,
  purpose: TokenPurpose,
): Promise<number> {
  const row = await findToken(ctx, db, token, purpose);
  if (!(await markTokenUsed(db, row.id, ctx.securityClock.now().toISOString())))
    throw new AppError('TOKEN_NOT_FOUND');
  return row.user_id;
}
