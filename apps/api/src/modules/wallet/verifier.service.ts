import {
  createECDH,
  createHash,
  createHmac,
  createPrivateKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import {
  WALLET_CHECK_STEPS,
  WALLET_CLAIMS,
  WALLET_PRESENTATION_TTL_MINUTES,
  WALLET_RESULT_KEPT_HOURS,
  WALLET_STATUS_LIST_PATH,
  type WalletCheck,
  type WalletCheckStep,
  type WalletStatusReason,
  type WalletRequest,
  type WalletResultAccess,
} from '@lisbon/domain';
import { Openid4vpVerifier, parseOpenid4vpAuthorizationResponse } from '@openid4vc/openid4vp';
import { ES256, digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtInstance } from '@sd-jwt/core';
import type { SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import { calculateJwkThumbprint, compactDecrypt, decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import { isoAfter } from '../../platform/clock';
import { minted } from '../../platform/crypto';
import { WALLET_RESPONSE_MODES, type WalletResponseMode } from '../../platform/config';
import { isJwtTooDeep, parseShallowJson } from '../../platform/http/json-depth';
import {
  isWalletKeyRevoked,
  recordedWalletKey,
  type WalletIssuerKey,
} from '../../platform/signing/wallet-key';
import { statementById } from '../statements/service';
import { verifierDid, verifierDidUrl, walletCallbacks } from './callbacks';
import { issuerKeyOf } from './issuance.service';
import { walletLibraryCall } from './library-failure';
import { issuerUrlOf, vctOf, walletEndpoint } from './metadata';
import { WalletProtocolError } from './protocol-error';
import { repeatedMember } from './repeated-member';
import {
  deletePresentationsExpiredBefore,
  findPresentation,
  insertPresentation,
  isCredentialInForce,
  recordPresentation,
  replaceOpenAnswer,
} from './repository';

const QUERY_ID = 'statement';
/** A wallet's error answer whose `error` is no error code (OpenID4VP 1.0 §8.5), as kept. */
const DECLINED_OTHER = 'other';
const clientIdOf = (key: Pick<WalletIssuerKey, 'publicJwk'>) =>
  `decentralized_identifier:${verifierDid(key)}`;
/** The request object's audience with a wallet whose metadata is static (OpenID4VP 1.0 §5.8). */
const SELF_ISSUED_AUDIENCE = 'https://self-issued.me/v2';
/** How far a key binding's `iat` may run ahead of our clock. */
const CLOCK_SKEW_SECONDS = 60;

const namesAsked = (asked: (typeof WALLET_CLAIMS)[number]['asked']) =>
  WALLET_CLAIMS.filter((claim) => claim.asked === asked).map((claim) => claim.name);
const REQUIRED_CLAIMS = namesAsked('required');
const CLAIMS_IF_HELD = namesAsked('if_held');

/**
 * DCQL's claim sets (OpenID4VP 1.0 §6.4.1): the required claims with every combination of those a
 * statement may lack, the fullest first, so that a wallet discloses all its credential holds and a
 * credential without, say, a classification still answers the query.
 */
function claimSets(): string[][] {
  const combinations = CLAIMS_IF_HELD.reduce<string[][]>(
    (sets, name) => sets.flatMap((set) => [[...set, name], set]),
    [[]],
  );
  return combinations
    .sort((a, b) => b.length - a.length)
    .map((optional) => [...REQUIRED_CLAIMS, ...optional]);
}

/** The content encryptions a wallet may use for an encrypted answer (HAIP 1.0: A128GCM and A256GCM). */
const RESPONSE_ENC_VALUES = ['A128GCM', 'A256GCM'];
/** The key agreement of an encrypted answer (HAIP 1.0): ECDH-ES, on P-256. */
const RESPONSE_ENCRYPTION_ALG = 'ECDH-ES';
/** The order of P-256's group: a private key is a number from 1 to one less than it. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** A public key of the request for the answer's encryption, as its client metadata lists it. */
type EncryptionJwk = {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  use: string;
  alg: string;
};
type ResponseEncryptionKey = { privateKey: KeyObject; publicJwk: EncryptionJwk };

/**
 * The key a wallet encrypts its answer to (`direct_post.jwt`, OpenID4VP 1.0 §8.3): one per request,
 * a P-256 key derived from the issuer key and the request's id (HMAC-SHA256), so that no private key
 * is stored and any instance decrypts the answer; an answer encrypted for another request, or by
 * another deployment, is not read. A derived number outside P-256's range (about one in 2^32) is
 * derived again with the next counter.
 */
async function responseEncryptionKey(
  key: WalletIssuerKey,
  requestId: string,
): Promise<ResponseEncryptionKey> {
  const secret = Buffer.from(String(key.privateKey.export({ format: 'jwk' }).d), 'base64url');
  for (let counter = 0; ; counter += 1) {
    const d = createHmac('sha256', secret)
      .update(`lisbon wallet response encryption\0${requestId}\0${counter}`)
      .digest();
    const scalar = BigInt(`0x${d.toString('hex')}`);
    if (scalar === 0n || scalar >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    const point = ecdh.getPublicKey();
    const publicKey = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    const privateKey = createPrivateKey({ key: { ...publicKey, d: d.toString('base64url') }, format: 'jwk' });
    const kid = await calculateJwkThumbprint(publicKey);
    return { privateKey, publicJwk: { ...publicKey, kid, use: 'enc', alg: RESPONSE_ENCRYPTION_ALG } };
  }
}

/**
 * The OpenID4VP 1.0 request: DCQL for our `vct`, answered to the response URI by `direct_post`, or
 * by `direct_post.jwt` with the key to encrypt to (`encryptionJwk`) in its client metadata.
 */
function requestPayload(
  ctx: AppContext,
  key: WalletIssuerKey,
  row: { id: string; nonce: string },
  encryptionJwk?: EncryptionJwk,
) {
  const responseMode: WalletResponseMode = encryptionJwk ? 'direct_post.jwt' : 'direct_post';
  return {
    response_type: 'vp_token' as const,
    client_id: clientIdOf(key),
    response_mode: responseMode,
    response_uri: walletEndpoint(ctx, `presentations/${row.id}/response`),
    nonce: row.nonce,
    state: row.id,
    dcql_query: {
      credentials: [
        {
          id: QUERY_ID,
          format: 'dc+sd-jwt',
          meta: { vct_values: [vctOf(ctx)] },
          claims: [...REQUIRED_CLAIMS, ...CLAIMS_IF_HELD].map((name) => ({ id: name, path: [name] })),
          claim_sets: claimSets(),
        },
      ],
    },
    client_metadata: {
      client_name: ctx.config.body.name,
      vp_formats_supported: {
        'dc+sd-jwt': {
          'sd-jwt_alg_values': ['ES256'] as [string],
          'kb-jwt_alg_values': ['ES256'] as [string],
        },
      },
      // OpenID4VP 1.0 §8.3, §11.1: the key the answer is encrypted to and the encryptions taken.
      ...(encryptionJwk
        ? { jwks: { keys: [encryptionJwk] }, encrypted_response_enc_values_supported: RESPONSE_ENC_VALUES }
        : {}),
    },
  };
}

/**
 * The request object, signed when asked: it expires when the request does (`expires_at`), not ten
 * minutes after each fetch, so it never claims longer than the answer would be taken.
 */
async function signedRequest(
  ctx: AppContext,
  key: WalletIssuerKey,
  row: { id: string; nonce: string; expiresAt: string; responseMode: WalletResponseMode },
) {
  const verifier = new Openid4vpVerifier({ callbacks: { ...walletCallbacks(key) } });
  const encryption =
    row.responseMode === 'direct_post.jwt' ? await responseEncryptionKey(key, row.id) : undefined;
  // Its address names the request by its secret id: what the library throws is logged by its class only.
  return walletLibraryCall('Signing the presentation request', () =>
    verifier.createOpenId4vpAuthorizationRequest({
      authorizationRequestPayload: requestPayload(ctx, key, row, encryption?.publicJwk),
      jar: {
        requestUri: walletEndpoint(ctx, `presentations/${row.id}/request`),
        jwtSigner: { method: 'did', didUrl: verifierDidUrl(key), alg: 'ES256' },
        // `exp` is the request's own end, not ten minutes after each fetch (the library's).
        expiresInSeconds: WALLET_PRESENTATION_TTL_MINUTES * 60,
        additionalJwtPayload: {
          aud: SELF_ISSUED_AUDIENCE,
          exp: Math.floor(new Date(row.expiresAt).getTime() / 1000),
        },
      },
      now: ctx.clock.now(),
    }),
  );
}

/** A secret of ours, as handed out: 32 random bytes, base64url (on the log check's list, `minted`). */
const newSecret = () => minted(randomBytes(32).toString('base64url'));
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const isSecretOf = (hash: string | null, secret: string | undefined) =>
  hash !== null && secret !== undefined && timingSafeEqual(Buffer.from(hash), Buffer.from(hashOf(secret)));

/**
 * POST /wallet/presentations: a request for the wallet, as a QR code and a same-device link, and
 * the key the asking browser reads its outcome with (the QR code, which others may see, does not
 * carry it).
 */
export async function createPresentationRequest(ctx: AppContext): Promise<WalletRequest> {
  const key = await issuerKeyOf(ctx);
  // The id reads the outcome on a request made before keys were given: kept out of logs (`minted`).
  const row = {
    id: minted(randomBytes(18).toString('base64url')),
    nonce: randomBytes(18).toString('base64url'),
  };
  const resultKey = newSecret();
  const expiresAt = isoAfter(ctx.clock.now(), WALLET_PRESENTATION_TTL_MINUTES * 60);
  // The request keeps the mode it asks for: a change of WALLET_RESPONSE_MODE leaves it as it was made.
  const responseMode = ctx.config.walletResponseMode;
  await insertPresentation(ctx.db, {
    ...row,
    expiresAt,
    resultKeyHash: hashOf(resultKey),
    responseMode,
    issuerKid: key.kid,
  });
  const { authorizationRequest } = await signedRequest(ctx, key, { ...row, expiresAt, responseMode });
  return {
    id: row.id,
    request_url: authorizationRequest,
    // Its link names the request's secret id, which the QR library's refusal would quote.
    qr_svg: await walletLibraryCall("Drawing the verifier's request's QR code", () =>
      QRCode.toString(authorizationRequest, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    ),
    expires_at: expiresAt,
    result_key: resultKey,
  };
}

async function liveRequest(ctx: AppContext, id: string) {
  const row = await findPresentation(ctx.db, id);
  if (!row) throw new WalletProtocolError(404, 'invalid_request', 'Unknown request');
  if (row.checked_at || new Date(row.expires_at) <= ctx.clock.now())
    throw new WalletProtocolError(400, 'invalid_request', 'This request has expired or was answered already');
  return row;
}

/**
 * The response mode a request asked for, kept with it (migration 119): WALLET_RESPONSE_MODE when it
 * was made. A request made before the migration has none, and follows the setting, as then.
 */
function responseModeOf(ctx: AppContext, row: { response_mode: string | null }): WalletResponseMode {
  const stored = WALLET_RESPONSE_MODES.find((mode) => mode === row.response_mode);
  return stored ?? ctx.config.walletResponseMode;
}

/** The refusal of a request object whose request was made with an issuer key since rotated. */
const OBJECT_OF_A_ROTATED_KEY =
  'The issuer key was rotated since this request was made: its request object can no longer be signed as its link names it. Ask the verifier for a new request';

/** GET /wallet/presentations/{id}/request: the signed request object (RFC 9101), `oauth-authz-req+jwt`. */
export async function requestObject(ctx: AppContext, id: string): Promise<string> {
  const row = await liveRequest(ctx, id);
  const key = await issuerKeyOf(ctx);
  // Made with an issuer key since rotated (or another instance's, in a rolling restart): an object
  // signed now would name another client_id than the link the wallet read (OpenID4VP 1.0 §5.10), and
  // the retired key signs nothing more. A request made before the migration has no kid.
  if (row.issuer_kid !== null && row.issuer_kid !== key.kid)
    throw new WalletProtocolError(400, 'invalid_request', OBJECT_OF_A_ROTATED_KEY);
  const { jar } = await signedRequest(ctx, key, {
    ...row,
    expiresAt: row.expires_at,
    responseMode: responseModeOf(ctx, row),
  });
  if (!jar) throw new Error('the request object was not signed');
  return jar.authorizationRequestJwt;
}

type Outcome = WalletCheck['checks'][number]['outcome'];

/**
 * The issuer key a credential names by `kid` (decision 094): this instance's, or one the deployment
 * recorded at a rotation (retired keys included); null for a key the deployment never had, or
 * revoked (decision 114: this instance's own too, should it still hold a key revoked since).
 */
async function issuerJwkOf(ctx: AppContext, key: WalletIssuerKey, presentation: string): Promise<JWK | null> {
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(presentation.split('~')[0] ?? '').kid;
  } catch {
    return null;
  }
  if (typeof kid !== 'string') return null;
  if (kid === key.kid) return (await isWalletKeyRevoked(ctx.db, kid)) ? null : key.publicJwk;
  return recordedWalletKey(ctx.db, kid);
}

/**
 * SD-JWT §7.1 (RFC 9901): every disclosure presented must have its digest among the issuer-signed
 * `_sd` digests, and no digest may be met twice (a disclosure presented twice, or a digest signed
 * twice). The library leaves out an unreferenced disclosure silently; we refuse the presentation (a
 * changed value is a forged disclosure). Our credentials disclose top-level claims only.
 */
function everyDisclosureSignedOnce(presentation: string): boolean {
  const [jwt = '', ...rest] = presentation.split('~');
  const disclosures = rest.filter((part) => part.length > 0 && !part.includes('.'));
  const signed = (decodeJwt(jwt)._sd ?? []) as string[];
  const presented = disclosures.map((disclosure) =>
    createHash('sha256').update(disclosure).digest('base64url'),
  );
  const isEachOnce = (digests: string[]) => new Set(digests).size === digests.length;
  return isEachOnce(signed) && isEachOnce(presented) && presented.every((digest) => signed.includes(digest));
}

/**
 * SD-JWT §7.3: the key binding was made for this request, not kept from an earlier one: its `iat`
 * between the request's making and now (with a minute's skew), and not past its `exp` if it has one.
 */
function isFreshKeyBinding(
  kb: { iat?: unknown; exp?: unknown },
  { requestedAt, now }: { requestedAt: number; now: number },
): boolean {
  if (typeof kb.iat !== 'number') return false;
  if (kb.iat < requestedAt - CLOCK_SKEW_SECONDS || kb.iat > now + CLOCK_SKEW_SECONDS) return false;
  return kb.exp === undefined || (typeof kb.exp === 'number' && kb.exp > now);
}

/**
 * The steps of the check, each on its own: the issuer's signature over the credential and its
 * disclosures, the holder's key binding over our nonce and client id, made for this request, the
 * status list entry, the statement's record in the ledger (these four the same as the PDF's), and
 * the claims the query asks of every credential disclosed. The claims shown are those asked for
 * and those the credential always carries: a personal claim the query did not ask for (the date of
 * birth) is not kept.
 */
export async function checkPresentation(
  ctx: AppContext,
  key: WalletIssuerKey,
  {
    presentation,
    nonce,
    requestedAt,
    clientIds = [clientIdOf(key)],
  }: { presentation: string; nonce: string; requestedAt: Date; clientIds?: string[] },
): Promise<Pick<WalletCheck, 'checks' | 'claims' | 'reason'>> {
  const outcomes = new Map<WalletCheckStep, Outcome>(WALLET_CHECK_STEPS.map((step) => [step, 'not_checked']));
  const issuerJwk = await issuerJwkOf(ctx, key, presentation);
  // A key the deployment never had, or revoked: nothing verifies (the signature step fails below).
  const issuerVerifier = issuerJwk ? await ES256.getVerifier(issuerJwk) : () => false;
  // SD-JWT's own checks (signature, disclosures, key binding); `iss`, `vct` and the status are steps of ours.
  const sdjwt = new SDJwtInstance<SdJwtVcPayload>({
    hasher: digest,
    verifier: issuerVerifier,
    kbVerifier: async (data, signature, payload) => {
      const cnf = (payload as SdJwtVcPayload).cnf as { jwk?: JWK } | undefined;
      if (!cnf?.jwk) return false;
      return (await ES256.getVerifier(cnf.jwk))(data, signature);
    },
  });
  let payload: SdJwtVcPayload | undefined;
  let reason: WalletStatusReason | null = null;
  try {
    const verified = await sdjwt.verify(presentation, {
      currentDate: Math.floor(ctx.clock.now().getTime() / 1000),
    });
    // The claims of a verified SD-JWT; whether they are ours is checked on the next line.
    payload = verified.payload as SdJwtVcPayload;
    // SD-JWT VC: the issuer-signed JWT is typed dc+sd-jwt (RFC 8725 §3.11). The issuer key signs
    // other JWTs too (access tokens, c_nonces, status lists, request objects): none is a credential.
    const isOurs =
      decodeProtectedHeader(presentation.split('~')[0] ?? '').typ === 'dc+sd-jwt' &&
      payload.iss === issuerUrlOf(ctx) &&
      payload.vct === vctOf(ctx);
    outcomes.set('signature', isOurs && everyDisclosureSignedOnce(presentation) ? 'passed' : 'failed');
  } catch {
    outcomes.set('signature', 'failed');
  }
  if (payload && outcomes.get('signature') === 'passed') {
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    try {
      const { kb } = await sdjwt.verify(presentation, { keyBindingNonce: nonce, currentDate: now });
      const isBound =
        typeof kb?.payload.aud === 'string' &&
        clientIds.includes(kb.payload.aud) &&
        isFreshKeyBinding(kb.payload, { requestedAt: Math.floor(requestedAt.getTime() / 1000), now });
      outcomes.set('holder_binding', isBound ? 'passed' : 'failed');
    } catch {
      outcomes.set('holder_binding', 'failed');
    }
    // Our own credential: its entry read where the published list is built from, not the whole list
    // rebuilt and signed for one bit (a third party reads the list: docs/wallet.md).
    const entry = payload.status?.status_list;
    const isOurList = entry?.uri === `${issuerUrlOf(ctx)}${WALLET_STATUS_LIST_PATH}`;
    outcomes.set(
      'status',
      entry && isOurList && (await isCredentialInForce(ctx.db, entry.idx)) ? 'passed' : 'failed',
    );
    // The record is the statement's issue entry, whether or not the statement is still in force:
    // a superseded one fails the status step, with its reason, as the PDF check says it.
    const statement = await statementById(ctx, String(payload.statement_id));
    const hasRecord =
      statement !== undefined &&
      statement.status !== 'pending' &&
      statement.issue_hash === payload.ledger_transaction;
    outcomes.set('ledger', hasRecord ? 'passed' : 'failed');
    if (statement?.status === 'superseded' || statement?.status === 'revoked') reason = statement.status;
  }
  const claims = payload
    ? Object.fromEntries(
        WALLET_CLAIMS.filter(({ asked, personal }) => asked !== 'no' || !personal).flatMap(({ name }) => {
          const value = (payload as Record<string, unknown>)[name];
          return typeof value === 'string' || typeof value === 'number' ? [[name, value]] : [];
        }),
      )
    : {};
  if (payload) outcomes.set('claims', REQUIRED_CLAIMS.every((name) => name in claims) ? 'passed' : 'failed');
  return {
    checks: WALLET_CHECK_STEPS.map((step) => ({ step, outcome: outcomes.get(step) ?? 'not_checked' })),
    claims,
    reason,
  };
}

/**
 * What an answer tells of its holder, for the check and the metrics: `valid`; `not_valid`, a
 * credential of ours presented by its holder for this request (signature and holder binding
 * passed) that fails a later step (revoked, superseded, the claims); `declined`, the wallet's error
 * answer; `rejected`, an answer that is no holder's answer to this request: its signature fails
 * (unsigned, forged, another issuer's, malformed), its key binding is not for this request (another
 * audience or nonce, made long before), or its error is no error code.
 */
export type AnswerOutcome = 'valid' | 'not_valid' | 'declined' | 'rejected';

type StoredAnswer = { declined: string } | Pick<WalletCheck, 'checks'>;

function outcomeOf(stored: StoredAnswer): AnswerOutcome {
  if ('declined' in stored) return stored.declined === DECLINED_OTHER ? 'rejected' : 'declined';
  const failed = (step: WalletCheckStep) =>
    stored.checks.find((check) => check.step === step)?.outcome !== 'passed';
  if (failed('signature') || failed('holder_binding')) return 'rejected';
  return stored.checks.every((check) => check.outcome === 'passed') ? 'valid' : 'not_valid';
}

/**
 * How far an open answer (one that does not close the request) goes, as stored: a conclusive one (a
 * holder's NOT valid credential, or a decline) is the check's answer until a valid presentation
 * closes the request; a rejected one (junk) only until a conclusive one comes; no answer at all,
 * nothing.
 */
function openAnswerRank(result: string | null): number {
  if (result === null) return 0;
  return outcomeOf(JSON.parse(result) as StoredAnswer) === 'rejected' ? 1 : 2;
}

/** Tries of the compare-and-set below before an answer met by others at every try is left out. */
const OPEN_ANSWER_TRIES = 5;

/**
 * Records an answer that does not close the request, only in place of one that ranks lower
 * (`openAnswerRank`): the first conclusive answer stays the check's answer, with its response
 * code, and only a valid presentation replaces it; junk is kept only until a conclusive answer
 * comes. Anyone who saw the QR code can answer, so a bystander's answer must neither replace the
 * holder's (a revoked credential, a decline) nor take its response code. `kept`, `held` (the
 * request holds an answer this one does not replace: nothing changed), or `closed` once a valid
 * answer closed the request.
 */
async function recordOpenAnswer(
  ctx: AppContext,
  id: string,
  outcome: { result: string; responseCodeHash: string | null },
): Promise<'kept' | 'held' | 'closed'> {
  const rank = openAnswerRank(outcome.result);
  for (let attempt = 0; attempt < OPEN_ANSWER_TRIES; attempt += 1) {
    const row = await findPresentation(ctx.db, id);
    if (!row || row.checked_at) return 'closed';
    if (rank <= openAnswerRank(row.result)) return 'held';
    const expected = { result: row.result, responseCodeHash: row.response_code_hash };
    if (await replaceOpenAnswer(ctx.db, id, expected, outcome, ctx.clock.now().toISOString())) return 'kept';
  }
  // Another answer was recorded at each try: those are kept, and this one, no later, is left out.
  return 'held';
}

/** The refusal of an answer the request does not take (OpenID4VP 1.0 §8.2: the response endpoint's error). */
function notTaken(recorded: 'held' | 'closed'): WalletProtocolError {
  return new WalletProtocolError(
    400,
    'invalid_request',
    recorded === 'closed'
      ? 'This request was answered already'
      : 'This request holds an answer already: only a valid presentation replaces it',
  );
}

/** Records a valid answer, which closes the request: `closed` when a valid one closed it first. */
async function recordValid(
  ctx: AppContext,
  id: string,
  outcome: { result: string; responseCodeHash: string },
): Promise<'kept' | 'closed'> {
  return (await recordPresentation(ctx.db, id, outcome, ctx.clock.now().toISOString())) ? 'kept' : 'closed';
}

/**
 * The wallet's error answer (OpenID4VP 1.0 §8.5, `direct_post`): its holder declined, or it holds
 * no credential the query fits. Kept as the request's answer unless it holds a conclusive one
 * already (refused then, `recordOpenAnswer`), so that the visitor's page says so; the request
 * stays open until it expires, since anyone who saw the QR code can send one: the holder's wallet
 * may still answer, and a valid presentation replaces it.
 */
async function recordDeclined(ctx: AppContext, id: string, error: string) {
  // An error code is a short ASCII word (access_denied, …); anything else is kept as `other`.
  const code = /^[a-z_]{1,64}$/.test(error) ? error : DECLINED_OTHER;
  const stored = { declined: code };
  const recorded = await recordOpenAnswer(ctx, id, {
    result: JSON.stringify(stored),
    responseCodeHash: null,
  });
  if (recorded !== 'kept') throw notTaken(recorded);
  ctx.metrics.walletPresentations.inc({ result: outcomeOf(stored) });
  return {};
}

/** The query asks for one presentation: so a wallet that sends more, or names the query twice, is told. */
const ONE_ASKED = 'the query asks for one (multiple is false in its DCQL query, OpenID4VP 1.0)';

/**
 * The refusal of a member named twice in a `vp_token` (`repeatedMember`): the query's id, so that a
 * second presentation would be read instead of the first, or another member.
 */
const namedTwiceInVpToken = (name: string) =>
  name === QUERY_ID
    ? `The vp_token names the query ${QUERY_ID} more than once: ${ONE_ASKED}`
    : `The vp_token names ${name} more than once`;

/** A query id the wallet wrote, shown in a refusal: its first 64 characters. */
const shownId = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}...` : name);

/** The refusal of a `vp_token` key that is not the id of the request's one credential query. */
const notAskedInVpToken = (name: string) =>
  `The vp_token names the credential query ${shownId(name)}, which this request did not make: its one query is ${QUERY_ID} (OpenID4VP 1.0 section 8.1)`;

/**
 * OpenID4VP 1.0 §8.1: with DCQL, the `vp_token` is a JSON object keyed by the credential query's
 * id, whose value for each query is an array of presentations, more than one only where the query
 * says `multiple` (ours does not). The library reads a bare string (a presentation on its own, as
 * the drafts before DCQL sent it) too; a verifier that takes it, or checks the first of several,
 * reads an answer the query did not ask for. So is the query named twice in the object (JSON.parse
 * would keep the second), and so is a key that names a query the request never made (its
 * presentation would go unread). The presentation, or the refusal's description, in words that say
 * which.
 */
function onePresentationForTheQuery(vpToken: unknown): { presentation: string } | { refusal: string } {
  // Nested too deep to be read (`json-depth.ts`): refused like any other shape, before the library reads it.
  const parsed = typeof vpToken === 'string' ? parseShallowJson(vpToken) : undefined;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return {
      refusal: `The vp_token is a JSON object keyed by credential query id (${QUERY_ID}), not a presentation on its own (OpenID4VP 1.0 DCQL)`,
    };
  const repeated = repeatedMember(String(vpToken));
  if (repeated) return { refusal: namedTwiceInVpToken(repeated.name) };
  // §8.1: the vp_token's keys are the ids of the request's credential queries; another id names a
  // query this request never made, whose presentation would go unread: refused, not ignored.
  const unasked = Object.keys(parsed).find((name) => name !== QUERY_ID);
  if (unasked !== undefined) return { refusal: notAskedInVpToken(unasked) };
  const presentations: unknown = Object.hasOwn(parsed, QUERY_ID)
    ? (parsed as Record<string, unknown>)[QUERY_ID]
    : undefined;
  if (Array.isArray(presentations) && presentations.length > 1)
    return {
      refusal:
        new Set(presentations.map((presentation) => JSON.stringify(presentation))).size < presentations.length
          ? `The vp_token holds the same presentation more than once for the query ${QUERY_ID}: ${ONE_ASKED}`
          : `The vp_token holds ${presentations.length} presentations for the query ${QUERY_ID}: ${ONE_ASKED}`,
    };
  return Array.isArray(presentations) && presentations.length === 1 && typeof presentations[0] === 'string'
    ? { presentation: presentations[0] }
    : { refusal: `The vp_token holds one presentation, in an array, for the query ${QUERY_ID}` };
}

/** The refusal of an encrypted answer that the issuer key's rotation since its request made unreadable. */
const REQUEST_OF_A_ROTATED_KEY =
  "The issuer key was rotated since this request was made: an answer encrypted to the request's key of then cannot be read. Ask the verifier for a new request";

/** The refusal of a decrypted answer that holds a `response` of its own (an answer nested in the answer). */
const RESPONSE_IN_THE_RESPONSE =
  'The decrypted response holds the answer parameters (vp_token and state, or an error), not a response parameter of its own';

/**
 * The answer of `direct_post.jwt` (OpenID4VP 1.0 §8.3): a form whose one `response` is a JWE
 * encrypted to the request's key (ECDH-ES, A128GCM or A256GCM), its payload the answer's
 * parameters as a JSON object; a wallet's error answer comes so too. Decrypted with jose, it is
 * given back as the form `direct_post` sends (the `vp_token` a JSON string), to be checked exactly
 * as one. Anything else, a JWE another key or a changed byte does not decrypt included, is
 * `invalid_request`.
 */
async function decryptedAnswer(
  encryption: ResponseEncryptionKey,
  form: Record<string, unknown>,
  { isMadeWithAnotherKey }: { isMadeWithAnotherKey: boolean },
): Promise<Record<string, unknown>> {
  const jwe = form.response;
  if (typeof jwe !== 'string')
    throw new WalletProtocolError(
      400,
      'invalid_request',
      'The answer is encrypted (direct_post.jwt): a form with one response parameter, a JWE',
    );
  // The JWE's protected header is JSON that jose parses before anything decrypts.
  if (isJwtTooDeep(jwe))
    throw new WalletProtocolError(400, 'invalid_request', 'The answer is nested too deeply');
  let plaintext: Uint8Array;
  // Whether the JWE, readable, names a key other than this request's (§8.3: it names the key it
  // was encrypted to, when that key has a kid, as ours does).
  let isToAnotherKey = false;
  try {
    const { kid } = decodeProtectedHeader(jwe);
    isToAnotherKey = kid !== undefined && kid !== encryption.publicJwk.kid;
    if (isToAnotherKey) throw new Error('another key');
    ({ plaintext } = await compactDecrypt(jwe, encryption.privateKey, {
      keyManagementAlgorithms: [RESPONSE_ENCRYPTION_ALG],
      contentEncryptionAlgorithms: RESPONSE_ENC_VALUES,
    }));
  } catch {
    // The request was made with an issuer key this instance no longer holds (a rotation while it
    // was open), and the JWE is to another key than the one derived from the key in use: the key
    // the request's object offered then, which cannot be derived again (decision 094: only the
    // issuer key in use is held, private; retired ones are kept public only).
    if (isMadeWithAnotherKey && isToAnotherKey)
      throw new WalletProtocolError(400, 'invalid_request', REQUEST_OF_A_ROTATED_KEY);
    throw new WalletProtocolError(
      400,
      'invalid_request',
      "The response is not a JWE this request's key decrypts (ECDH-ES, A128GCM or A256GCM)",
    );
  }
  const text = new TextDecoder().decode(plaintext);
  const payload = parseShallowJson(text);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new WalletProtocolError(400, 'invalid_request', 'The decrypted response is not a JSON object');
  // A parameter, or a member of the vp_token object, named twice: JSON.parse would keep the second.
  const repeated = repeatedMember(text);
  if (repeated)
    throw new WalletProtocolError(
      400,
      'invalid_request',
      repeated.path.length === 0
        ? `The decrypted response names the parameter ${repeated.name} more than once`
        : repeated.path.join('.') === 'vp_token'
          ? namedTwiceInVpToken(repeated.name)
          : `The decrypted response names ${[...repeated.path, repeated.name].join('.')} more than once`,
    );
  // §8.3: the JWE is the one layer of encryption. A `response` inside it would be read by the
  // library as a JARM answer (a JWT, or a JWE for keys we never gave): refused before it is handed on.
  if (Object.hasOwn(payload, 'response'))
    throw new WalletProtocolError(400, 'invalid_request', RESPONSE_IN_THE_RESPONSE);
  // §8.3: the payload holds the parameters as JSON, the vp_token a JSON object itself, not a string
  // (a presentation on its own, or the object written out as the form of direct_post writes it).
  const { vp_token: vpToken } = payload as Record<string, unknown>;
  if (vpToken !== undefined && (typeof vpToken !== 'object' || vpToken === null || Array.isArray(vpToken)))
    throw new WalletProtocolError(
      400,
      'invalid_request',
      `The vp_token of the decrypted response is a JSON object keyed by credential query id (${QUERY_ID}), not a string`,
    );
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      name === 'vp_token' ? JSON.stringify(value) : value,
    ]),
  );
}

/**
 * The client id a key binding for this request must name as its audience: the one its request
 * object named, of the issuer key the request was made with (`issuer_kid`, migration 119). For a
 * request made with a key since rotated (decision 094) that is the retired key's, recorded public,
 * which is all a client id needs: so a `direct_post` answer to a request open across a rotation is
 * checked as it was made. The key in use is not taken for such a request, nor a retired key for a
 * request made since: no instance serves an object naming it (`requestObject` refuses a request made
 * with another key), so no wallet that read the request made such a key binding. A retired key's
 * client id is thus taken only for the requests made with it, while they are open (10 minutes).
 * Empty when the key the request was made with was never recorded, or was revoked since (decision
 * 114): nothing binds then. A request made before the migration has no kid, and takes the key in
 * use, as then.
 */
async function clientIdsOf(
  ctx: AppContext,
  key: WalletIssuerKey,
  row: { issuer_kid: string | null },
): Promise<string[]> {
  if (row.issuer_kid === null || row.issuer_kid === key.kid) return [clientIdOf(key)];
  const madeWith = await recordedWalletKey(ctx.db, row.issuer_kid);
  return madeWith ? [clientIdOf({ publicJwk: madeWith })] : [];
}

/** The refusal of an answer in both response modes at once: a deployment supports one per request. */
const ANSWER_IN_BOTH_MODES =
  'The answer is in one response mode, not both: a form with vp_token and state (direct_post) or a form with one response, a JWE (direct_post.jwt)';

/**
 * The answer of `direct_post` (OpenID4VP 1.0 §8.2): the parameters in the form itself. A form
 * with only a `response` is an answer encrypted as `direct_post.jwt` asks, which this request did
 * not ask for: told so, rather than that its state is missing.
 */
function plainAnswer(form: Record<string, unknown>): Record<string, unknown> {
  if ('response' in form && !('vp_token' in form) && !('error' in form))
    throw new WalletProtocolError(
      400,
      'invalid_request',
      'This request asked for direct_post: the answer is a form with vp_token and state, not an encrypted response',
    );
  return form;
}

/**
 * POST /wallet/presentations/{id}/response: the wallet's `direct_post` (or `direct_post.jwt`,
 * decrypted first: `decryptedAnswer`), checked and kept. A valid
 * presentation closes the request; one NOT valid is kept as its answer unless the request holds a
 * conclusive one already (`recordOpenAnswer`; refused then), and leaves it open until it expires
 * (the `state` is in the QR code: whoever saw it can answer, and must not shut the holder out), so
 * that a later valid one replaces it.
 */
export async function receivePresentation(ctx: AppContext, id: string, form: Record<string, unknown>) {
  const row = await liveRequest(ctx, id);
  // RFC 6749 §3.1: no response parameter more than once (the form parser makes a repeated one an
  // array), as the token endpoint: a second vp_token, state or response is not read instead of the first.
  const repeated = Object.keys(form).find((name) => Array.isArray(form[name]));
  if (repeated !== undefined)
    throw new WalletProtocolError(400, 'invalid_request', `The parameter ${repeated} is sent more than once`);
  // Both modes in one answer: a JWE (direct_post.jwt) beside a vp_token or an error in the clear
  // (direct_post). One of them would be read and the other dropped, whichever mode was asked: refused.
  if ('response' in form && ('vp_token' in form || 'error' in form))
    throw new WalletProtocolError(400, 'invalid_request', ANSWER_IN_BOTH_MODES);
  const key = await issuerKeyOf(ctx);
  // OpenID4VP 1.0 §8.3.1: a wallet unable to encrypt MAY send its error answer in the clear, as
  // direct_post does; a vp_token in the clear is still refused (`decryptedAnswer`). Anyone who read
  // the request could encrypt a decline to its key just as well: the clear one weakens nothing.
  const isClearError = typeof form.error === 'string' && !('vp_token' in form) && !('response' in form);
  // The mode this request asked for, whatever WALLET_RESPONSE_MODE says now.
  const body =
    responseModeOf(ctx, row) === 'direct_post.jwt' && !isClearError
      ? await decryptedAnswer(await responseEncryptionKey(key, row.id), form, {
          // A request made before the migration has no kid: the key is not known to differ.
          isMadeWithAnotherKey: row.issuer_kid !== null && row.issuer_kid !== key.kid,
        })
      : plainAnswer(form);
  if (body.state !== row.id)
    throw new WalletProtocolError(400, 'invalid_request', 'The state of the request is missing or wrong');
  if (typeof body.error === 'string') return recordDeclined(ctx, id, body.error);
  const asked = onePresentationForTheQuery(body.vp_token);
  if ('refusal' in asked) throw new WalletProtocolError(400, 'invalid_request', asked.refusal);
  const presented = asked.presentation;
  // JSON nested too deep to be parsed (`json-depth.ts`) where the libraries and this file parse the
  // presentation: its JWTs and disclosures, strings of the form, which no measure of a body opens;
  // decoded, a megabyte of one took 260–610 ms of the one thread every call shares. Only what is
  // read: a parameter the answer carries besides (a `presentation_submission`, an `id_token`) is
  // ignored unread (OpenID4VP 1.0 §8.1), and a `response` never gets this far (refused beside a
  // `vp_token`, and inside a decrypted answer).
  if (isJwtTooDeep(presented))
    throw new WalletProtocolError(400, 'invalid_request', 'The answer is nested too deeply');
  const parsed = await parseOpenid4vpAuthorizationResponse({
    // A decrypted answer (direct_post.jwt) is checked as the form of a direct_post one. Only the
    // parameters a DCQL answer has: OpenID4VP 1.0 §8.1 says to ignore any other, where the library
    // would read a presentation_submission as Presentation Exchange, or refuse an id_token.
    authorizationResponse: { vp_token: body.vp_token, state: body.state },
    authorizationRequestPayload: requestPayload(ctx, key, row),
    callbacks: walletCallbacks(key),
  }).catch(() => {
    // The wallet's answer is input: one the library cannot read is the wallet's mistake, not ours.
    throw new WalletProtocolError(400, 'invalid_request', 'The answer is not a readable vp_token');
  });
  if (parsed.type !== 'dcql')
    throw new WalletProtocolError(400, 'invalid_request', 'A DCQL answer is expected');
  const presentation = parsed.dcql.presentations[QUERY_ID]?.[0];
  if (typeof presentation !== 'string')
    throw new WalletProtocolError(400, 'invalid_request', 'The answer holds no SD-JWT VC for the query');
  // From the expiry the portal's clock set (`created_at` is the database's own clock).
  const requestedAt = new Date(
    new Date(row.expires_at).getTime() - WALLET_PRESENTATION_TTL_MINUTES * 60 * 1000,
  );
  const checked = await checkPresentation(ctx, key, {
    presentation,
    nonce: row.nonce,
    requestedAt,
    clientIds: await clientIdsOf(ctx, key, row),
  });
  const isValid = checked.checks.every((check) => check.outcome === 'passed');
  // OpenID4VP 1.0 §8.2: the browser the wallet opens reads the outcome with this code, in the
  // address's fragment, which no server and no Referer is sent.
  const responseCode = newSecret();
  const outcome = {
    result: JSON.stringify({ ...checked, is_valid: isValid }),
    responseCodeHash: hashOf(responseCode),
  };
  const recorded = isValid ? await recordValid(ctx, id, outcome) : await recordOpenAnswer(ctx, id, outcome);
  // An answer the request does not take (a valid one closed it, or it holds a conclusive answer
  // this one does not replace) is refused, and gets no response code: one that read the request
  // would show its browser the answer kept (another wallet's claims). Only the answers taken count.
  if (recorded !== 'kept') throw notTaken(recorded);
  ctx.metrics.walletPresentations.inc({ result: outcomeOf(checked) });
  return { redirect_uri: `${issuerUrlOf(ctx)}/verify/wallet/${id}#response_code=${responseCode}` };
}

/**
 * Whether this caller may read the outcome: the browser that asked (its key) or the one the
 * wallet opened (the response code). A request made before keys were given (2026-12-04) has
 * none, and is read by its id until it is deleted.
 */
const mayRead = (
  row: { result_key_hash: string | null; response_code_hash: string | null },
  access: WalletResultAccess,
) =>
  row.result_key_hash === null ||
  isSecretOf(row.result_key_hash, access.key) ||
  isSecretOf(row.response_code_hash, access.response_code);

export type PresentationRow = NonNullable<Awaited<ReturnType<typeof findPresentation>>>;

/**
 * The request, when this caller may read its outcome (its key or its wallet's response code);
 * undefined for a request unknown, deleted, or asked for without its key. Read once per call: the
 * limits of the page's polls (verifier.routes.ts) and the answer share it.
 */
export async function readablePresentation(
  ctx: AppContext,
  id: string,
  access: WalletResultAccess,
): Promise<PresentationRow | undefined> {
  const row = await findPresentation(ctx.db, id);
  return row && mayRead(row, access) ? row : undefined;
}

/** GET /wallet/presentations/{id}: what the visitor's page shows, of a request it may read. */
export function presentationResult(ctx: AppContext, row: PresentationRow): WalletCheck {
  const { id } = row;
  const hasExpired = new Date(row.expires_at) <= ctx.clock.now();
  // Still taking answers: no valid one yet (a NOT valid one or a decline does not close it), not expired.
  const isOpen = row.checked_at === null && !hasExpired;
  if (row.result) {
    const stored = JSON.parse(row.result) as
      | (Pick<WalletCheck, 'checks' | 'claims' | 'is_valid'> & Partial<Pick<WalletCheck, 'reason'>>)
      | { declined: string };
    if ('declined' in stored)
      return { id, state: 'declined', is_valid: null, is_open: isOpen, checks: [], claims: {}, reason: null };
    // A result kept before the reason was recorded (2026-12-02) has none.
    return { id, state: 'checked', ...stored, is_open: isOpen, reason: stored.reason ?? null };
  }
  const state = hasExpired ? 'expired' : 'waiting';
  return { id, state, is_valid: null, is_open: isOpen, checks: [], claims: {}, reason: null };
}

/**
 * Housekeeping: the checks whose request expired more than WALLET_RESULT_KEPT_HOURS ago are
 * deleted with the claims their wallet disclosed; their page then reads "no longer kept".
 */
export async function purgeOldPresentations(ctx: AppContext): Promise<{ removed: number }> {
  const before = isoAfter(ctx.clock.now(), -WALLET_RESULT_KEPT_HOURS * 3600);
  return { removed: await deletePresentationsExpiredBefore(ctx.db, before) };
}
