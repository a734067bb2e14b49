import { jwtVerify, type JWTPayload } from 'jose';
import type { AppContext } from '../../context';
import { bearerCredentialsOf } from '../../platform/http/bearer';
import { isJwtTooDeep } from '../../platform/http/json-depth';
import type { WalletIssuerKey } from '../../platform/signing/wallet-key';
import { grantedIdentifiersOf } from './authorization-details';
import { dpopHeaderOf, verifyDpopProof } from './dpop';
import { issuerUrlOf, walletEndpoint } from './metadata';
import { WalletAccessTokenMissing, WalletProtocolError } from './protocol-error';
import { findOffer } from './repository';

/** A request as the wallet endpoints read it: Fastify's, or one a test builds. */
export type RequestLike = {
  url: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
};

type WalletOfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;
// RFC 9110 §11.1 and RFC 9449 §7.1: the scheme is case-insensitive, one or more spaces before the token.
const DPOP_AUTHORIZATION = /^dpop +(.*)$/i;

/** The token of an `Authorization: DPoP <token>` header ('' when it names none); undefined for any other scheme. */
export const dpopTokenOf = (authorization: string | undefined): string | undefined =>
  DPOP_AUTHORIZATION.exec(authorization ?? '')?.[1];

/**
 * The redeemed offer an access token of ours names, and its payload; undefined for any other token,
 * and for one whose offer was ended before its credential was issued (decision 013: a log out
 * everywhere, a password reset, the account's deletion). A credential issued before stays the
 * holder's, asked again with the same key (decision 102).
 */
async function redeemedOfferOf(
  ctx: AppContext,
  key: WalletIssuerKey,
  token: string,
): Promise<{ offer: WalletOfferRow; payload: JWTPayload } | undefined> {
  try {
    // RFC 9068 §4: an access token says it is one (`typ` at+jwt), so no other token of this key
    // reads as one, whatever its audience.
    const { payload } = await jwtVerify(token, key.publicKey, {
      issuer: issuerUrlOf(ctx),
      audience: issuerUrlOf(ctx),
      typ: 'at+jwt',
      currentDate: ctx.clock.now(),
    });
    const offer = await findOffer(ctx.db, Number(payload.sub));
    if (!offer?.redeemed_at || (offer.ended_at && !offer.issued_at)) return undefined;
    return { offer, payload };
  } catch {
    // An unreadable, expired or foreign token reads as invalid.
    return undefined;
  }
}

/** RFC 6750 §3.1: the answer to an access token that is not good (any more). */
export const invalidAccessToken = () =>
  new WalletProtocolError(401, 'invalid_token', 'The access token is invalid or has expired');

/** What a credential request's access token grants: its offer and the credential identifiers. */
export type CredentialAccess = Awaited<ReturnType<typeof offerOfAccessToken>>;

/**
 * The offer an access token names, and what it grants. A token bound to a key (`cnf.jkt`, RFC
 * 9449) is taken only as `Authorization: DPoP` with a proof of that key for this request and this
 * token (§7.1); a Bearer token only as Bearer (RFC 6750).
 */
export async function offerOfAccessToken(ctx: AppContext, key: WalletIssuerKey, request: RequestLike) {
  const authorization = Array.isArray(request.headers.authorization)
    ? undefined
    : request.headers.authorization;
  const dpopToken = dpopTokenOf(authorization);
  const token = dpopToken === undefined ? bearerCredentialsOf(authorization) : dpopToken;
  if (!token) throw new WalletAccessTokenMissing();
  // Nested too deep to be parsed (`json-depth.ts`): no token of ours, told before jose reads its header.
  const found = isJwtTooDeep(token) ? undefined : await redeemedOfferOf(ctx, key, token);
  if (!found) throw invalidAccessToken();
  const boundTo = (found.payload.cnf as { jkt?: unknown } | undefined)?.jkt;
  if (typeof boundTo !== 'string') {
    if (dpopToken !== undefined)
      throw new WalletProtocolError(
        401,
        'invalid_token',
        'The access token is not DPoP-bound: send it as Bearer',
        'Bearer',
      );
  } else {
    if (dpopToken === undefined)
      throw new WalletProtocolError(
        401,
        'invalid_token',
        'The access token is DPoP-bound: send it as DPoP with a proof',
        'DPoP',
      );
    const proof = dpopHeaderOf(request.headers);
    if (!proof) throw new WalletProtocolError(401, 'invalid_dpop_proof', 'A DPoP proof is required', 'DPoP');
    await verifyDpopProof(ctx, proof, {
      method: request.method,
      url: walletEndpoint(ctx, 'credential'),
      status: 401,
      accessToken: { token, jkt: boundTo },
    });
  }
  return { offer: found.offer, grantedIdentifiers: grantedIdentifiersOf(found.payload) };
}
