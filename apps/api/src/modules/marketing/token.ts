import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import { minted, randomToken, sha256 } from '../../platform/crypto';
import type { Db } from '../../platform/db/database';
import { ensureOptOutSecret, storeOptOutTokenHash } from './repository';

/**
 * A user's unsubscribe token: HMAC-SHA256 of their id under a secret kept in the database, so
 * every mail to them carries the same link and no instance needs a key file. The database keeps
 * only the token's SHA-256, to find the user from the link (decision 031). Derived, not drawn by
 * `randomToken`: marked `minted` itself, so the tests' log check looks for it (decision 083).
 */
export async function optOutToken(ctx: AppContext, db: Db, userId: number): Promise<string> {
  const secret = await ensureOptOutSecret(db, randomToken(), ctx.clock.now().toISOString());
  const token = minted(
    createHmac('sha256', secret).update(`marketing-opt-out:${userId}`).digest('base64url'),
  );
  await storeOptOutTokenHash(db, userId, sha256(token));
  return token;
}

export const optOutUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/marketing-opt-out/${token}`;
