import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  calendarDayOf,
  WALLET_CLAIMS,
  WALLET_CREDENTIAL_ID,
  WALLET_STATUS_LIST_PATH,
  WALLET_TX_CODE_ATTEMPTS,
  WALLET_TX_CODE_DESCRIPTION,
  WALLET_TX_CODE_LENGTH,
  type Locale,
  type WalletOffer,
} from '@lisbon/domain';
import {
  decodeJwt,
  Oauth2AuthorizationServer,
  preAuthorizedCodeGrantIdentifier,
  setGlobalConfig,
  type HttpMethod,
  type Jwk,
} from '@openid4vc/oauth2';
import { Openid4vciIssuer } from '@openid4vc/openid4vci';
import { ES256, digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance, type SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import type { DisclosureFrame } from '@sd-jwt/types';
import { calculateJwkThumbprint, jwtVerify, SignJWT } from 'jose';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { minted, randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { isJwtTooDeep } from '../../platform/http/json-depth';
import {
  isWalletKeyRevoked,
  loadWalletIssuerKey,
  type WalletIssuerKey,
} from '../../platform/signing/wallet-key';
import { anchorViewOfSeal, sealOf } from '../ledger/anchor.service';
import { isActingSessionOpen, type Authenticated } from '../sessions/service';
import { parseCertificate } from '../statements/certificate';
import { findAccountByIdHeld } from '../users/accounts';
import { ownStatement, statementById } from '../statements/service';
import { invalidAccessToken, type CredentialAccess, type RequestLike } from './access-token';
import { grantedDetails, OFFERED_CONFIGURATIONS, requestedConfigurations } from './authorization-details';
import { issuerSigner, walletCallbacks } from './callbacks';
import { checkedCredentialRequest } from './credential-request';
import { verifyDpopProof } from './dpop';
import { walletLibraryCall } from './library-failure';
import { issuerMetadataResult, issuerUrlOf, vctOf, walletEndpoint } from './metadata';
import { WalletProtocolError } from './protocol-error';
import {
  deleteNoncesExpiredBefore,
  endOffersNotIssued,
  findOfferByCode,
  giveBackAttempt,
  insertOffer,
  markIssued,
  redeemOffer,
  spendNonce,
  takeAttempt,
} from './repository';

const ACCESS_TOKEN_SECONDS = 300;
const NONCE_SECONDS = 300;
/** How far a wallet's clock may be off ours when it dates its key proof. */
const PROOF_CLOCK_SKEW_SECONDS = 60;
const NONCE_TYP = 'lisbon-c-nonce+jwt';
/** The refusal of a key proof that carries a key attestation (docs/wallet.md). */
const KEY_ATTESTATION_UNSUPPORTED =
  'Key attestations are not supported: send the jwt proof with a jwk header and no key_attestation';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The key, loaded in one place so the key set's fingerprints (issue #34) can take it over. The
 * libraries refuse `http://` URLs unless told: a deployment whose PUBLIC_URL is http (a laptop, the
 * tests) tells them, one on https never does.
 */
export async function issuerKeyOf(ctx: AppContext): Promise<WalletIssuerKey> {
  const key = await heldIssuerKeyOf(ctx);
  // An instance not restarted since the rotation that retired its key, once `keys:revoke` revoked
  // that key (decision 114), signs and takes nothing with it: a credential, a status list, a token
  // or a request signed by a revoked key is one nobody can check, and one its thief could have made.
  if (await isWalletKeyRevoked(ctx.db, key.kid)) throw new RevokedIssuerKeyError(key.kid);
  return key;
}

/**
 * The key this instance holds, revoked or not: for the JWKS only, which lists the deployment's keys
 * less the revoked ones whichever key an instance holds.
 */
export function heldIssuerKeyOf(ctx: AppContext): Promise<WalletIssuerKey> {
  setGlobalConfig({ allowInsecureUrls: ctx.config.publicUrl.startsWith('http://') });
  return loadWalletIssuerKey(ctx.config);
}

/** A 500 whose log line tells the operator what to do; the wallet is told only that it failed. */
export class RevokedIssuerKeyError extends Error {
  override name = 'RevokedIssuerKeyError';
  constructor(kid: string) {
    super(
      `This instance holds the wallet issuer key ${kid}, which keys:revoke revoked: it signs and takes nothing with it. Restart the instance with the deployment's current key (WALLET_ISSUER_KEY_PATH, decision 114)`,
    );
  }
}

const requestOf = (request: RequestLike, ctx: AppContext) => ({
  url: `${issuerUrlOf(ctx)}${request.url}`,
  method: request.method as HttpMethod,
  headers: new Headers(
    Object.entries(request.headers).flatMap(([name, value]) =>
      value === undefined
        ? []
        : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
    ),
  ),
});

/**
 * POST /practices/{id}/statement/wallet-offers: a credential offer of the applicant's published
 * statement, pre-authorized, with a transaction code (OpenID4VCI 1.0 §4.1.1) that the wallet is
 * told, in `locale`, where to find. Both codes are kept as SHA-256 only; the offer is redeemed
 * once, before WALLET_OFFER_TTL_MINUTES pass. Made only while the session that asks is open, with
 * the account's row held: a log out everywhere ends it, or comes after it and ends it (decision 013).
 */
export async function createOffer(
  ctx: AppContext,
  { user: actor, session }: Authenticated,
  {
    practiceId,
    locale,
    committing = () => {},
  }: { practiceId: number; locale: Locale; committing?: () => void },
): Promise<WalletOffer> {
  const statement = await ownStatement(ctx, actor, practiceId);
  if (statement.status !== 'published') throw new WalletPublicationError();
  const key = await issuerKeyOf(ctx);
  const code = randomToken();
  // On the log check's list like the offer's code: with it, it gives the holder's credential.
  const txCode = minted(
    String(randomInt(0, 10 ** WALLET_TX_CODE_LENGTH)).padStart(WALLET_TX_CODE_LENGTH, '0'),
  );
  const expiresAt = isoAfter(ctx.clock.now(), ctx.config.walletOfferTtlMinutes * 60);
  // Built before the offer is saved: a library that throws leaves no offer, and no place taken in
  // the status list, for the hit the rate limit gives back (WALLET_OFFER_RULE).
  const issuer = new Openid4vciIssuer({ callbacks: walletCallbacks(key) });
  // The offer holds its pre-authorized code: what the libraries throw is logged by its class only.
  const { credentialOffer } = await walletLibraryCall('Building the credential offer', () =>
    issuer.createCredentialOffer({
      issuerMetadata: issuerMetadataResult(ctx),
      credentialConfigurationIds: [...OFFERED_CONFIGURATIONS],
      grants: {
        [preAuthorizedCodeGrantIdentifier]: {
          'pre-authorized_code': code,
          tx_code: {
            input_mode: 'numeric',
            length: WALLET_TX_CODE_LENGTH,
            description: WALLET_TX_CODE_DESCRIPTION[locale],
          },
        },
      },
    }),
  );
  const qrSvg = await walletLibraryCall("Drawing the credential offer's QR code", () =>
    QRCode.toString(credentialOffer, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  );
  await ctx.db.transaction().execute(async (trx) => {
    // The account's row held first (PostgreSQL; SQLite has one writer), as a log out everywhere
    // holds it: one that committed since the guard read this session ended it, and no offer is
    // made (401); one that comes after this insert ends the offer with the others (decision 013).
    if (!(await findAccountByIdHeld(trx, actor.id))) throw new AppError('UNAUTHORIZED_ACCESS');
    if (!(await isActingSessionOpen(trx, session.id))) throw new AppError('UNAUTHORIZED_ACCESS');
    await insertOffer(trx, {
      statementId: statement.id,
      userId: actor.id,
      codeHash: sha256(code),
      txCodeHash: sha256(txCode),
      expiresAt,
    });
    // From here the offer may stand, whatever is answered: the hour's limit keeps its count.
    committing();
  });
  ctx.metrics.walletOffers.inc();
  return {
    offer_url: credentialOffer,
    qr_svg: qrSvg,
    tx_code: txCode,
    expires_at: expiresAt,
  };
}

/**
 * At every call that ends the account's other sessions (decision 013): a log out everywhere, a
 * password change or reset, two factors turned on or off, the account's deletion; one rule for
 * all of them: the account's offers whose credential is not issued yet end with its sessions,
 * in the caller's transaction `db`: an offer shown on a device the user fears for, or left open by
 * an account that is gone, gives no credential afterwards, whether no wallet redeemed it yet ("This
 * offer has expired") or one did and has not fetched its credential (its access token is refused,
 * `invalid_token`). A credential already issued stays the holder's, as a share link stays until its
 * owner revokes it (and, after a deletion, as the statement stays valid, decision 052).
 */
export const endPendingOffers = (ctx: AppContext, db: Db, userId: number): Promise<number> =>
  endOffersNotIssued(db, userId, ctx.clock.now().toISOString());

/** Raised when the statement is not (or no longer) published: the route answers PUBLICATION_PENDING. */
export class WalletPublicationError extends Error {
  override name = 'WalletPublicationError';
}

const unsupportedGrant = () =>
  new WalletProtocolError(400, 'unsupported_grant_type', 'Only the pre-authorized code grant is supported');

/** POST /wallet/token: the pre-authorized code and its transaction code, once, for an access token. */
export async function exchangeToken(
  ctx: AppContext,
  { body, request }: { body: Record<string, unknown>; request: RequestLike },
) {
  // RFC 6749 §3.2: no parameter more than once (the form parser makes a repeated one an array).
  const repeated = Object.keys(body).find((name) => Array.isArray(body[name]));
  if (repeated !== undefined)
    throw new WalletProtocolError(400, 'invalid_request', `The parameter ${repeated} is sent more than once`);
  if (typeof body.grant_type !== 'string')
    throw new WalletProtocolError(400, 'invalid_request', 'The grant_type is missing');
  // RFC 6749 §5.2: any other grant is unsupported, told before the library reads (and refuses) its parameters.
  if (body.grant_type !== preAuthorizedCodeGrantIdentifier) throw unsupportedGrant();
  const key = await issuerKeyOf(ctx);
  const server = new Oauth2AuthorizationServer({ callbacks: walletCallbacks(key) });
  // A refusal of the wallet's request is answered to it (400); any other throw is ours, logged by its class.
  const parsed = await walletLibraryCall(
    'Reading the token request',
    () => server.parseAccessTokenRequest({ accessTokenRequest: body, request: requestOf(request, ctx) }),
    { refusals: true },
  );
  if (parsed.grant.grantType !== preAuthorizedCodeGrantIdentifier) throw unsupportedGrant();
  // Read before the offer: a malformed request costs none of its attempts.
  const configurations = requestedConfigurations(body.authorization_details, issuerUrlOf(ctx));
  // RFC 9449 §5: a wallet that proves a key gets a token bound to it; without a proof, a Bearer
  // token as before. A proof that fails costs the offer nothing either. A good one is spent here,
  // before the offer is read, on purpose: one seen is declined again (§11.1) whatever the request's
  // outcome, so a request refused for its offer (a mistyped tx_code) has used its proof, and the
  // wallet's next carries a new one, as every proof has its own jti (§4.2; decision 088, amended
  // 2026-12-06); a proof sent again is refused before it can take one of the offer's attempts.
  const dpop =
    parsed.dpop?.jwt === undefined
      ? undefined
      : await verifyDpopProof(ctx, parsed.dpop.jwt, {
          method: 'POST',
          url: walletEndpoint(ctx, 'token'),
          status: 400,
        });
  const offer = await findOfferByCode(ctx.db, sha256(parsed.grant.preAuthorizedCode));
  const now = ctx.clock.now();
  if (!offer) throw new WalletProtocolError(400, 'invalid_grant', 'Unknown pre-authorized code');
  if (offer.redeemed_at)
    throw new WalletProtocolError(400, 'invalid_grant', 'This offer has already been used');
  if (offer.ended_at || new Date(offer.expires_at) <= now)
    throw new WalletProtocolError(400, 'invalid_grant', 'This offer has expired');
  // OpenID4VCI 1.0 §6.3: a code that is missing is a malformed request, and costs no attempt.
  if (!parsed.grant.txCode)
    throw new WalletProtocolError(400, 'invalid_request', 'The transaction code (tx_code) is missing');
  // Each try takes one of the offer's attempts before its code is compared, in one statement, so
  // that tries made at once on several instances cannot get past the limit between read and write.
  if (!(await takeAttempt(ctx.db, offer.id, WALLET_TX_CODE_ATTEMPTS)))
    throw new WalletProtocolError(400, 'invalid_grant', 'Too many wrong transaction codes: make a new offer');
  if (sha256(parsed.grant.txCode) !== offer.tx_code_hash)
    throw new WalletProtocolError(400, 'invalid_grant', 'Wrong transaction code');
  // A statement withdrawn or superseded since the offer: no token for a credential it cannot have.
  const statement = await statementById(ctx, offer.statement_id);
  if (statement?.status !== 'published')
    throw new WalletProtocolError(400, 'invalid_grant', 'The statement of this offer is no longer in force');
  // Asked by authorization_details, the token grants them and the response says so (§6.2): the
  // credential request then names the credential identifier it was given.
  const granted = configurations && {
    authorization_details: grantedDetails(configurations, offer.statement_id),
  };
  // Signed before the offer is redeemed: a signing that fails (a 500, logged by its class only), or
  // an instance that stops between the two, leaves the offer as it was, and the wallet asks again
  // with the same codes; the attempt its right code took is given back, so that retries of a
  // failing signer never spend the offer as wrong codes would. The token answers nothing until the
  // offer is redeemed by this request.
  const response = await signedOrGivenBack(ctx.db, offer.id, () =>
    server.createAccessTokenResponse({
      audience: issuerUrlOf(ctx),
      authorizationServer: issuerUrlOf(ctx),
      signer: issuerSigner(key),
      subject: String(offer.id),
      // `cnf.jkt`, the key's thumbprint, and `token_type` DPoP (RFC 9449 §5, §6.1).
      ...(dpop && { dpop: { jwk: dpop.jwk as Jwk } }),
      expiresInSeconds: ACCESS_TOKEN_SECONDS,
      scope: WALLET_CREDENTIAL_ID,
      now,
      additionalAccessTokenPayload: granted,
      additionalAccessTokenResponsePayload: granted,
    }),
  );
  // Redeemed once (§4.1.1): of two requests at once, the one that lost throws its token away.
  if (!(await redeemOffer(ctx.db, offer.id, now.toISOString()))) {
    const meanwhile = await findOfferByCode(ctx.db, offer.code_hash);
    throw new WalletProtocolError(
      400,
      'invalid_grant',
      meanwhile?.redeemed_at ? 'This offer has already been used' : 'This offer has expired',
    );
  }
  // A bearer credential for the statement's claims: on the log check's list, like a session token.
  minted(response.access_token);
  return response;
}

/** Signs the access token; a failure gives the offer back the attempt of the right code, then throws. */
async function signedOrGivenBack<T>(db: Db, offerId: number, sign: () => Promise<T>): Promise<T> {
  try {
    return await walletLibraryCall('Signing the access token', sign);
  } catch (error) {
    await giveBackAttempt(db, offerId);
    throw error;
  }
}

/** POST /wallet/nonce: a c_nonce any instance can check, since it is signed (OpenID4VCI 1.0 §7); good once. */
export async function createNonce(ctx: AppContext) {
  const key = await issuerKeyOf(ctx);
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const nonce = await new SignJWT({ jti: randomBytes(16).toString('base64url') })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: NONCE_TYP })
    .setIssuer(issuerUrlOf(ctx))
    .setIssuedAt(now)
    .setExpirationTime(now + NONCE_SECONDS)
    .sign(key.privateKey);
  const issuer = new Openid4vciIssuer({ callbacks: walletCallbacks(key) });
  // OpenID4VCI 1.0 §7.2: the answer is the c_nonce alone (1.0 dropped c_nonce_expires_in); its
  // lifetime is ours to keep, in its signed exp.
  return walletLibraryCall('Answering the nonce request', () =>
    issuer.createNonceResponse({ cNonce: nonce }),
  );
}

/** A nonce of ours, unexpired: its value, and its `jti` and expiry to spend it by. */
async function checkedNonce(ctx: AppContext, key: WalletIssuerKey, nonce: unknown) {
  // OpenID4VCI 1.0 §8.3.1.2: a proof without a c_nonce is an invalid proof; a wrong one, a wrong nonce.
  if (typeof nonce !== 'string')
    throw new WalletProtocolError(400, 'invalid_proof', 'The key proof has no nonce');
  const notOurs = () =>
    new WalletProtocolError(
      400,
      'invalid_nonce',
      'The nonce of the key proof is not one of ours or has expired',
    );
  // A string in the proof's payload, which the proof's own measure did not open: a JWT nested too
  // deep to be parsed (`json-depth.ts`) is none of ours, told before jose parses its header.
  if (isJwtTooDeep(nonce)) throw notOurs();
  try {
    const { payload } = await jwtVerify(nonce, key.publicKey, {
      issuer: issuerUrlOf(ctx),
      typ: NONCE_TYP,
      currentDate: ctx.clock.now(),
      requiredClaims: ['jti', 'exp'],
    });
    return {
      value: nonce,
      jti: String(payload.jti),
      expiresAt: new Date(Number(payload.exp) * 1000).toISOString(),
    };
  } catch {
    throw notOurs();
  }
}

/** The claims of the credential from the statement's record; null ones are left out. */
async function claimsOf(ctx: AppContext, statementId: string) {
  const statement = await statementById(ctx, statementId);
  if (!statement?.certificate || statement.status !== 'published' || !statement.issue_hash)
    throw new WalletProtocolError(400, 'credential_request_denied', 'The statement is no longer in force');
  const certificate = parseCertificate(statement.certificate);
  const anchor = await anchorViewOfSeal(ctx, await sealOf(ctx, statement));
  const values: Record<string, string | number | null> = {
    holder_name: certificate.holder_name,
    birth_date: certificate.birth_date,
    qualification_name: certificate.qualification_name,
    classification: certificate.classification,
    awarding_institution: certificate.awarding_institution,
    award_year: certificate.award_year,
    country_of_education_system: certificate.country_of_education_system,
    statement_id: statement.id,
    // The day the statement says it was published: on the body's clock, as the PDF writes it.
    issue_date: calendarDayOf(new Date(statement.published_at ?? certificate.publish_date)),
    ledger_transaction: statement.issue_hash,
    chain_transaction: anchor.state === 'anchored' ? anchor.transaction_hash : null,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
}

/**
 * POST /wallet/credential: the SD-JWT VC of the offer's statement, bound to the key the wallet
 * proved (`cnf`), its personal claims selectively disclosable, with its status list entry (the
 * offer's id), signed with the issuer key named by `kid`. One credential per offer, to one key.
 * `access` is what the request's access token grants, checked before its body was read
 * (`offerOfAccessToken`).
 */
export async function issueCredential(
  ctx: AppContext,
  { body, access }: { body: Record<string, unknown>; access: CredentialAccess },
) {
  const key = await issuerKeyOf(ctx);
  const { offer, grantedIdentifiers } = access;
  const issuer = new Openid4vciIssuer({ callbacks: walletCallbacks(key) });
  const issuerMetadata = issuerMetadataResult(ctx);
  const credentialRequest = checkedCredentialRequest(body, grantedIdentifiers);
  const parsed = await walletLibraryCall(
    'Reading the credential request',
    () => issuer.parseCredentialRequest({ issuerMetadata, credentialRequest }),
    { refusals: true },
  );
  const proof = parsed.proofs?.jwt?.[0];
  if (!proof) throw new WalletProtocolError(400, 'invalid_proof', 'A jwt key proof is required');
  let nonce: unknown;
  let issuedAt: unknown;
  let header: Record<string, unknown>;
  try {
    ({
      header,
      payload: { nonce, iat: issuedAt },
    } = decodeJwt({ jwt: proof }));
  } catch {
    throw new WalletProtocolError(400, 'invalid_proof', 'The key proof is not a JWT');
  }
  // OpenID4VCI 1.0 Appendix F.1: a key attestation is optional, and the metadata asks for none
  // (no key_attestations_required). We trust no attestation (no wallet provider's key, no trust
  // list), and the library would verify it with a key we do not accept: refused, told why, before
  // the nonce is spent, so that the wallet can send the proof without it.
  if (Object.hasOwn(header, 'key_attestation'))
    throw new WalletProtocolError(400, 'invalid_proof', KEY_ATTESTATION_UNSUPPORTED);
  const expectedNonce = await checkedNonce(ctx, key, nonce);
  // OpenID4VCI 1.0 Appendix F.4: the proof's creation time within an acceptable window: made while
  // its nonce could be (NONCE_SECONDS), allowing a wallet's clock PROOF_CLOCK_SKEW_SECONDS off.
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  if (
    typeof issuedAt !== 'number' ||
    issuedAt > now + PROOF_CLOCK_SKEW_SECONDS ||
    issuedAt < now - NONCE_SECONDS - PROOF_CLOCK_SKEW_SECONDS
  )
    throw new WalletProtocolError(400, 'invalid_proof', 'The key proof was not made now (its iat)');
  const { signer } = await issuer
    .verifyCredentialRequestJwtProof({
      issuerMetadata,
      jwt: proof,
      expectedNonce: expectedNonce.value,
      now: ctx.clock.now(),
    })
    .catch(() => {
      throw new WalletProtocolError(400, 'invalid_proof', 'The key proof is not valid');
    });
  if (signer.method !== 'jwk')
    throw new WalletProtocolError(400, 'invalid_proof', 'The key proof must carry a jwk');
  // A nonce is good once (decision 088, amended 2026-12-05): a proof seen on its way, replayed, is
  // refused. Spent only by a valid proof: one who captured the proof and holds a token of their own
  // could spend it first (for a credential bound to a key not theirs); the wallet then asks again.
  // OpenID4VCI 1.0 §8.3.1.2: the wallet asks the nonce endpoint for a new one.
  if (!(await spendNonce(ctx.db, expectedNonce)))
    throw new WalletProtocolError(
      400,
      'invalid_nonce',
      'The nonce of the key proof was used already: ask the nonce endpoint for a new one',
    );
  const claims = await claimsOf(ctx, offer.statement_id);
  // Signed and answered before the offer is marked issued: a signing that fails (a 500), or an
  // instance that stops between the two, marks nothing, and the wallet asks again with its token and
  // a new proof of any key. The answer leaves only once the mark is this request's, or its key's.
  const credential = await signCredential(key, {
    iss: issuerUrlOf(ctx),
    iat: Math.floor(ctx.clock.now().getTime() / 1000),
    vct: vctOf(ctx),
    cnf: { jwk: signer.publicJwk },
    status: { status_list: { idx: offer.id, uri: `${issuerUrlOf(ctx)}${WALLET_STATUS_LIST_PATH}` } },
    ...claims,
  });
  const answer = await walletLibraryCall('Answering the credential request', () =>
    issuer.createCredentialResponse({ credentialRequest: parsed, credentials: [{ credential }] }),
  );
  // One credential per offer, bound to one key. A wallet that lost the answer (a dropped connection,
  // an instance killed after this mark) asks again with its token and the same key, and is answered
  // the credential again: the same claims, key and status-list entry (decision 102).
  const issuance = await markIssued(ctx.db, offer.id, {
    holderKeyThumbprint: await calculateJwkThumbprint(signer.publicJwk),
    issuerKid: key.kid,
    at: ctx.clock.now().toISOString(),
  });
  // Ended by a log out everywhere that committed after the token was checked (decision 013).
  if (issuance === 'ended') throw invalidAccessToken();
  if (issuance === 'refused')
    throw new WalletProtocolError(
      400,
      'credential_request_denied',
      'The credential of this offer was issued already, to another key',
    );
  if (issuance === 'first') ctx.metrics.walletCredentials.inc();
  return answer;
}

/**
 * How many decoy digests the `_sd` array holds beside the disclosures' (RFC 9901 §4.2.5), drawn anew
 * for each credential: its length then does not say how many personal claims the statement holds
 * (a classification or an awarding institution is not on every statement).
 */
export const WALLET_DECOY_DIGESTS = { min: 1, max: 4 } as const;

/** The SD-JWT VC itself: the personal claims as disclosures, signed ES256 with `kid` (also the bench's). */
export async function signCredential(key: WalletIssuerKey, payload: SdJwtVcPayload): Promise<string> {
  const sdjwt = new SDJwtVcInstance({
    signer: await ES256.getSigner(key.privateKey.export({ format: 'jwk' })),
    signAlg: ES256.alg,
    hasher: digest,
    hashAlg: 'sha-256',
    // RFC 9901 §9.3: at least 128 bits of salt, so that a disclosure's digest cannot be guessed.
    saltGenerator: () => randomBytes(16).toString('base64url'),
  });
  const personal = WALLET_CLAIMS.filter((claim) => claim.personal && claim.name in payload).map(
    (claim) => claim.name,
  );
  return walletLibraryCall('Signing the credential', () =>
    sdjwt.issue(
      payload,
      // The library types the frame by the payload's fixed keys; ours are the claims listed in the domain.
      // The decoys are digests of random salts, with the same hash (the library's `_sd_decoy`).
      {
        _sd: personal,
        _sd_decoy: randomInt(WALLET_DECOY_DIGESTS.min, WALLET_DECOY_DIGESTS.max + 1),
      } as unknown as DisclosureFrame<SdJwtVcPayload>,
      { header: { kid: key.kid } },
    ),
  );
}

/** Housekeeping: the spent nonces past their expiry, which their signature refuses anyway. */
export async function purgeSpentNonces(ctx: AppContext): Promise<{ removed: number }> {
  return { removed: await deleteNoncesExpiredBefore(ctx.db, ctx.clock.now().toISOString()) };
}
