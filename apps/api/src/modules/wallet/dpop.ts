import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify, type JWK } from 'jose';
import type { AppContext } from '../../context';
import { isJwtTooDeep } from '../../platform/http/json-depth';
import { WalletProtocolError } from './protocol-error';
import { deleteDpopProofsSpentBefore, spendDpopProof } from './repository';

/**
 * DPoP (RFC 9449): a wallet that proves a key at the token endpoint gets an access token bound to
 * it (`cnf.jkt`), usable only with a fresh proof of that key (decision 088, amended 2026-12-05).
 * jose checks the signature with the key the proof carries; this file checks the rest of §4.3.
 */

/** The algorithms a proof may be signed with: advertised in the server metadata (RFC 9449 §5.1). */
export const DPOP_SIGNING_ALGS = ['ES256'];
/** How long after its `iat` a proof is taken, and so how long its `jti` is kept (RFC 9449 §11.1). */
const PROOF_SECONDS = 120;
/** How far ahead of our clock a wallet's may be when it dates a proof. */
const PROOF_CLOCK_SKEW_SECONDS = 60;

const base64urlSha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** RFC 9449 §4.3 (9): the URI without query and fragment, after RFC 3986 syntax-based normalization. */
function normalizedHtu(value: string): string | undefined {
  try {
    const url = new URL(value);
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * The request's one `DPoP` header, if any (RFC 9449 §4.3 (1)): a header sent twice, which Node
 * joins with a comma, reads as no JWT and is refused by the check.
 */
export const dpopHeaderOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers.dpop;
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * Checks a DPoP proof for a request to `url` with `method` (RFC 9449 §4.3) and, with
 * `accessToken`, for that token (`ath`) and its key (`jkt`, §7.1); then spends its `jti`, once per
 * key, on every instance. The thumbprint of the proof's key, or a refusal `invalid_dpop_proof` with
 * `status` (400 at the token endpoint, 401 at a resource).
 */
export async function verifyDpopProof(
  ctx: AppContext,
  proof: string,
  {
    method,
    url,
    status,
    accessToken,
  }: { method: string; url: string; status: 400 | 401; accessToken?: { token: string; jkt: string } },
): Promise<{ jwk: JWK; jkt: string }> {
  const refuse = (description: string) => new WalletProtocolError(status, 'invalid_dpop_proof', description);
  // Its header and payload, nested too deep to be parsed (`json-depth.ts`), refused before jose reads them.
  if (isJwtTooDeep(proof)) throw refuse('The DPoP proof is nested too deeply');
  let verified: Awaited<ReturnType<typeof jwtVerify>>;
  try {
    // typ, an advertised asymmetric alg, a public jwk (EmbeddedJWK refuses a private one), the signature.
    verified = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: DPOP_SIGNING_ALGS,
      requiredClaims: ['jti', 'htm', 'htu', 'iat'],
      currentDate: ctx.clock.now(),
    });
  } catch {
    throw refuse('The DPoP proof is not a valid dpop+jwt signed with the public key it carries');
  }
  const { payload, protectedHeader } = verified;
  const jwk = protectedHeader.jwk as JWK;
  if ('d' in jwk) throw refuse('The DPoP proof carries a private key');
  if (payload.htm !== method) throw refuse('The DPoP proof was made for another HTTP method (htm)');
  if (typeof payload.htu !== 'string' || normalizedHtu(payload.htu) !== normalizedHtu(url))
    throw refuse('The DPoP proof was made for another URL (htu)');
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const issuedAt = Number(payload.iat);
  if (issuedAt > now + PROOF_CLOCK_SKEW_SECONDS || issuedAt < now - PROOF_SECONDS)
    throw refuse('The DPoP proof was not made now (its iat)');
  if (typeof payload.jti !== 'string' || payload.jti.length === 0) throw refuse('The DPoP proof has no jti');
  const jkt = await calculateJwkThumbprint(jwk);
  if (accessToken) {
    if (payload.ath !== base64urlSha256(accessToken.token))
      throw refuse('The DPoP proof was made for another access token (ath)');
    if (jkt !== accessToken.jkt)
      throw refuse('The DPoP proof is signed by another key than the access token is bound to');
  }
  // Spent last, so that no proof but a valid one uses up an identifier; kept as long as the iat
  // check would take the proof, keyed by the key and the jti (a jti is unique per key, §11.1).
  const spent = await spendDpopProof(ctx.db, {
    id: createHash('sha256').update(`${jkt}.${payload.jti}`).digest('hex'),
    expiresAt: new Date((issuedAt + PROOF_SECONDS) * 1000).toISOString(),
  });
  if (!spent) throw refuse('The DPoP proof was used already');
  return { jwk, jkt };
}

/** Housekeeping: the spent proofs their `iat` refuses anyway. */
export async function purgeSpentDpopProofs(ctx: AppContext): Promise<{ removed: number }> {
  return { removed: await deleteDpopProofsSpentBefore(ctx.db, ctx.clock.now().toISOString()) };
}
