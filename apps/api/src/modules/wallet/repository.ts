import type { Db } from '../../platform/db/database';

/**
 * All SQL of the wallet (decision 088): offers, their one redemption, the spent nonces and DPoP
 * proofs, the status list, the verifier's requests.
 */

export async function insertOffer(
  db: Db,
  offer: { statementId: string; userId: number; codeHash: string; txCodeHash: string; expiresAt: string },
): Promise<number> {
  const row = await db
    .insertInto('wallet_offers')
    .values({
      statement_id: offer.statementId,
      user_id: offer.userId,
      code_hash: offer.codeHash,
      tx_code_hash: offer.txCodeHash,
      expires_at: offer.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Ends the account's offers whose credential is not issued yet (decision 013): their code is
 * refused as an expired offer's, and an access token a wallet was given for one before is refused
 * as invalid. Whether an offer was made in a session that has ended or not, an offer holds no
 * session of its own. How many it ended.
 *
 * Its expiry is brought forward to the end too, when later: an instance of the release before
 * `ended_at` (1.1.0, during a rolling upgrade) reads only `expires_at`, and would otherwise still
 * redeem an ended offer's code. The smaller of the two in a CASE, as SQLite has no `least` (and
 * its `min` is PostgreSQL's aggregate); ISO strings there compare as the instants they write.
 */
export async function endOffersNotIssued(db: Db, userId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('wallet_offers')
    .set((eb) => ({
      ended_at: now,
      updated_at: now,
      expires_at: eb.case().when('expires_at', '>', now).then(now).else(eb.ref('expires_at')).end(),
    }))
    .where('user_id', '=', userId)
    .where('issued_at', 'is', null)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const findOfferByCode = (db: Db, codeHash: string) =>
  db.selectFrom('wallet_offers').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();

export const findOffer = (db: Db, id: number) =>
  db.selectFrom('wallet_offers').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Takes one of the offer's transaction-code attempts, unless `limit` were taken: true when taken.
 * One conditional update, so tries made at once cannot pass the limit on any database. The column
 * `failed_attempts` counts every try, the right one included (an offer is redeemed once anyway).
 */
export async function takeAttempt(db: Db, id: number, limit: number): Promise<boolean> {
  const result = await db
    .updateTable('wallet_offers')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('failed_attempts', '<', limit)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives back the attempt a right transaction code took when its token could not be signed. */
export async function giveBackAttempt(db: Db, id: number): Promise<void> {
  await db
    .updateTable('wallet_offers')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '-', 1) }))
    .where('id', '=', id)
    .where('failed_attempts', '>', 0)
    .execute();
}

/**
 * Marks the offer redeemed unless another request did first, or it expired or was ended meanwhile
 * (a "Log out everywhere" that committed after the offer was read): true for the one that won.
 */
export async function redeemOffer(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('wallet_offers')
    .set({ redeemed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Marks the offer's one credential issued to the key of `holderKeyThumbprint`, signed by the issuer
 * key `issuerKid` (recorded in the same statement, for `keys:revoke`, decision 114), unless it was issued
 * already: `first` when this request marked it, `again` when it was issued to that same key (the
 * wallet asking again after its answer was lost, decision 102), `refused` for any other key, `ended`
 * when the offer was ended before its credential was issued (decision 013; one that ended after
 * the token was checked, in the same statement, so the one or the other comes first).
 */
export async function markIssued(
  db: Db,
  id: number,
  { holderKeyThumbprint, issuerKid, at }: { holderKeyThumbprint: string; issuerKid: string; at: string },
): Promise<'first' | 'again' | 'refused' | 'ended'> {
  const result = await db
    .updateTable('wallet_offers')
    .set({
      issued_at: at,
      holder_key_thumbprint: holderKeyThumbprint,
      issuer_kid: issuerKid,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('issued_at', 'is', null)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 1n) return 'first';
  // Asked again by the same key: signed anew, by this instance's key, which is the one its token was
  // signed with; recorded where an instance of 1.1.0 issued the first and recorded none.
  const again = await db
    .updateTable('wallet_offers')
    .set({ issuer_kid: issuerKid })
    .where('id', '=', id)
    .where('issued_at', 'is not', null)
    .where('holder_key_thumbprint', '=', holderKeyThumbprint)
    .executeTakeFirst();
  if (again.numUpdatedRows === 1n) return 'again';
  const issued = await findOffer(db, id);
  return issued?.issued_at ? 'refused' : 'ended';
}

/**
 * Spends a `c_nonce` by its `jti`: true for the one request that spent it, false when it was spent
 * already. One insert against the primary key, so two uses at once on any instances cannot both win.
 */
export async function spendNonce(db: Db, nonce: { jti: string; expiresAt: string }): Promise<boolean> {
  const spent = await db
    .insertInto('wallet_spent_nonces')
    .values({ jti: nonce.jti, expires_at: nonce.expiresAt })
    .onConflict((conflict) => conflict.column('jti').doNothing())
    .returning('jti')
    .executeTakeFirst();
  return spent !== undefined;
}

/** Deletes the spent nonces that expired before `before`: how many. */
export async function deleteNoncesExpiredBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('wallet_spent_nonces')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Spends a DPoP proof by its identifier (the hash of its key's thumbprint and its `jti`): true for
 * the one request that spent it, false for a replay. One insert against the primary key, as nonces.
 */
export async function spendDpopProof(db: Db, proof: { id: string; expiresAt: string }): Promise<boolean> {
  const spent = await db
    .insertInto('wallet_spent_dpop_proofs')
    .values({ id: proof.id, expires_at: proof.expiresAt })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

/** Deletes the spent DPoP proofs past their window before `before`: how many. */
export async function deleteDpopProofsSpentBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('wallet_spent_dpop_proofs')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const NO_LONGER_IN_FORCE = ['superseded', 'revoked'] as const;

/** One credential's entry, read as the list reads it: issued, and its statement still in force. */
export async function isCredentialInForce(db: Db, index: number): Promise<boolean> {
  const row = await db
    .selectFrom('wallet_offers')
    .innerJoin('statements', 'statements.id', 'wallet_offers.statement_id')
    .select('statements.status')
    .where('wallet_offers.id', '=', index)
    .where('wallet_offers.issued_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined && !(NO_LONGER_IN_FORCE as readonly string[]).includes(row.status);
}

/** The status list's size (the highest index) and the indexes whose statement is no longer in force. */
export async function statusListRows(db: Db): Promise<{ size: number; revoked: number[] }> {
  const top = await db
    .selectFrom('wallet_offers')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  const revoked = await db
    .selectFrom('wallet_offers')
    .innerJoin('statements', 'statements.id', 'wallet_offers.statement_id')
    .select('wallet_offers.id')
    .where('wallet_offers.issued_at', 'is not', null)
    .where('statements.status', 'in', NO_LONGER_IN_FORCE)
    .execute();
  return { size: Number(top?.top ?? 0), revoked: revoked.map((row) => row.id) };
}

export async function insertPresentation(
  db: Db,
  request: {
    id: string;
    nonce: string;
    expiresAt: string;
    resultKeyHash: string;
    responseMode: string;
    issuerKid: string;
  },
): Promise<void> {
  await db
    .insertInto('wallet_presentations')
    .values({
      id: request.id,
      nonce: request.nonce,
      expires_at: request.expiresAt,
      result_key_hash: request.resultKeyHash,
      response_mode: request.responseMode,
      issuer_kid: request.issuerKid,
    })
    .execute();
}

export const findPresentation = (db: Db, id: string) =>
  db.selectFrom('wallet_presentations').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Records a valid answer and closes the request, with the hash of the `response_code` its wallet is
 * given: a second answer for the same request changes nothing.
 */
export async function recordPresentation(
  db: Db,
  id: string,
  outcome: { result: string; responseCodeHash: string | null },
  at: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('wallet_presentations')
    .set({
      result: outcome.result,
      response_code_hash: outcome.responseCodeHash,
      checked_at: at,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('checked_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/**
 * Puts an answer that does not close the request (NOT valid, or the wallet's error) in place of
 * `expected`, the open answer (or none) the caller read and ranked below it, with its response
 * code (null for an error answer): true when replaced. A compare-and-set on the answer and its
 * code, so that an answer recorded in between is never overwritten unranked; false too once a
 * valid answer closed the request.
 */
export async function replaceOpenAnswer(
  db: Db,
  id: string,
  expected: { result: string | null; responseCodeHash: string | null },
  outcome: { result: string; responseCodeHash: string | null },
  at: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('wallet_presentations')
    .set({ result: outcome.result, response_code_hash: outcome.responseCodeHash, updated_at: at })
    .where('id', '=', id)
    .where('checked_at', 'is', null)
    .where((eb) =>
      eb.and([
        expected.result === null ? eb('result', 'is', null) : eb('result', '=', expected.result),
        expected.responseCodeHash === null
          ? eb('response_code_hash', 'is', null)
          : eb('response_code_hash', '=', expected.responseCodeHash),
      ]),
    )
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Deletes the requests that expired before `before`, answered or not: how many. */
export async function deletePresentationsExpiredBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('wallet_presentations')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
