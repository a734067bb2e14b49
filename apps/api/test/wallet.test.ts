import { createHash, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  WALLET_PRESENTATION_TTL_MINUTES,
  WALLET_RESULT_KEPT_HOURS,
  WALLET_STATUS_LIST_MAX_AGE_SECONDS,
  WALLET_TX_CODE_DESCRIPTION,
  type WalletCheck,
  type WalletOffer,
  type WalletRequest,
} from '@lisbon/domain';
import { digest, ES256 } from '@sd-jwt/crypto-nodejs';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import { SDJwtInstance } from '@sd-jwt/core';
import { SDJwtVcInstance, type SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import type { DisclosureFrame } from '@sd-jwt/types';
import {
  calculateJwkThumbprint,
  type CryptoKey,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JWK,
  SignJWT,
} from 'jose';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app';
import { purgeSpentDpopProofs } from '../src/modules/wallet/dpop';
import {
  purgeSpentNonces,
  signCredential,
  WALLET_DECOY_DIGESTS,
} from '../src/modules/wallet/issuance.service';
import { WALLET_OFFER_RULE } from '../src/modules/wallet/routes';
import {
  WALLET_RESULT_READS_PER_MINUTE,
  walletRequestRule,
  walletResultReadsPerAddress,
} from '../src/modules/wallet/verifier.routes';
import { purgeOldPresentations } from '../src/modules/wallet/verifier.service';
import { ManualClock } from '../src/platform/clock';
import { isJsonTooDeep } from '../src/platform/http/json-depth';
import { createRateLimiter } from '../src/platform/rate-limit/limiter';
import { assertKeyFingerprints, keySetFingerprints } from '../src/platform/signing/fingerprints';
import { revokeKey, RevocationError, signedCredentialLines } from '../src/platform/signing/revocation';
import { rotateKey, RotationError } from '../src/platform/signing/rotation';
import {
  loadWalletIssuerKey,
  newWalletKeyPem,
  recordedWalletKeys,
  walletKeyPath,
  walletPublicJwk,
  type WalletIssuerKey,
} from '../src/platform/signing/wallet-key';
import { isPostgresRun, testConfig, useTestApp } from './helper';
import { holdRow } from './locks';
import { bearer, contextFor } from './identity';
import { mintedHere } from './log-check';
import { dataOf, type Applicant } from './requests';
import type { StaffMember } from './staff';
import { publishOne, readyForIssue } from './statements';
import { createHolder, injectFetch, type Holder, type HolderFetch } from './wallet-holder';
import { useWalletStatement } from './wallet-statement';

const clock = new ManualClock(new Date());
let owner: Applicant;
let stranger: Applicant;
let practiceId: number;
let certificateId: string;
let ledgerHash: string;
let holder: Holder;
let fetchApp: HolderFetch;
/** The instance the wallets' and the third party's HTTP calls reach (another one while a test says so). */
let served: App;
let admin: StaffMember;
const METRICS_TOKEN = 'metrics-token-for-the-wallet-test-0123456789';
// The wallets of this file call from one address far more than a person's 300 a minute; the limits
// under test are the wallet's own (offers, requests and reads), or set low on an instance of their own.
const t = useTestApp({ clock, env: { METRICS_TOKEN, RATE_LIMIT_PER_MINUTE: '1000000' } });
// A wallet signs its key binding at the real time (`iat`), which the verifier compares with the
// portal's clock: each test starts with that clock at the real time, however long the ones before took.
beforeEach(() => clock.set(new Date()));

const published = useWalletStatement(t);

beforeAll(async () => {
  ({ admin, owner, practiceId } = published);
  certificateId = published.statement.certificate_id;
  ledgerHash = published.statement.ledger_hash;
  stranger = await t.applicant({ email: 'stranger@example.org', firstName: 'Maria' });
  served = t.app;
  fetchApp = (input, init) => injectFetch(served)(input, init);
  holder = await createHolder(fetchApp);
});

/** A request to the credential endpoint, as a wallet sends it (or a malformed one). */
const credentialRequest = (
  accessToken: string,
  payload: object | string,
  contentType = 'application/json',
  scheme = 'Bearer ',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/credential',
    headers: { authorization: `${scheme}${accessToken}`, 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
/** The body of a credential request with one key proof. */
const withProof = (jwt: string) => ({
  credential_configuration_id: 'recognition-statement',
  proofs: { jwt: [jwt] },
});

/** An offer as the applicant asks for it; the tests ask for more than an hour's budget, so it is spent afresh. */
async function newOffer(
  who: Applicant = owner,
  id = practiceId,
  headers: Record<string, string> = {},
  target: App = t.app,
) {
  await createRateLimiter({ db: t.database.db, clock }).reset([
    { rule: WALLET_OFFER_RULE, subject: String(who.id) },
  ]);
  const response = await target.inject({
    method: 'POST',
    url: `/api/v1/practices/${id}/statement/wallet-offers`,
    headers: { ...bearer(who.token), ...headers },
  });
  return response;
}
async function offerOf(target: App = t.app): Promise<WalletOffer> {
  const response = await newOffer(owner, practiceId, {}, target);
  if (response.statusCode !== 201) throw new Error(`offer answered ${response.statusCode}: ${response.body}`);
  return dataOf<WalletOffer>(response);
}

/**
 * A credential for a describe's tests, issued at the real time: the test run before its `beforeAll`,
 * in whatever order the tests run, may have left the clock moved on, and a credential dated in the
 * future is "not yet valid" to a third party and NOT valid to our verifier.
 */
async function credentialNow(): Promise<string> {
  clock.set(new Date());
  const offer = await offerOf();
  return holder.receive(offer.offer_url, offer.tx_code);
}

async function issuerJwks() {
  const response = await t.app.inject({ method: 'GET', url: '/.well-known/jwt-vc-issuer' });
  return response.json<{ issuer: string; jwks: { keys: (Record<string, string> & { kid: string })[] } }>()
    .jwks.keys;
}

/**
 * A third party's check: any SD-JWT VC library, given only our public metadata: the issuer's keys
 * found from the credential's `iss` at `/.well-known/jwt-vc-issuer` (SD-JWT VC §5, over HTTP from
 * the instance served), each JWT checked with the key its header names by `kid` (the credential's,
 * then the status list's), the status list from the credential's `status` entry. With `nonce`, a
 * presentation's key binding too: signed by `cnf.jwk`, over that nonce.
 */
async function thirdPartyVerify(credential: string, { nonce }: { nonce?: string } = {}) {
  const { iss } = decodeJwt(credential.split('~')[0] ?? '');
  const metadata = (await (
    await fetchApp(`${new URL(String(iss)).origin}/.well-known/jwt-vc-issuer`)
  ).json()) as { issuer: string; jwks: { keys: (JWK & { kid: string })[] } };
  if (metadata.issuer !== iss) throw new Error('the issuer metadata names another issuer');
  const verify = async (data: string, signature: string) => {
    const header = JSON.parse(Buffer.from(data.split('.')[0] ?? '', 'base64url').toString()) as {
      kid?: string;
    };
    const jwk = metadata.jwks.keys.find((key) => key.kid === header.kid);
    return jwk ? (await ES256.getVerifier(jwk))(data, signature) : false;
  };
  const verifier = new SDJwtVcInstance({
    hasher: digest,
    verifier: verify,
    statusVerifier: verify,
    statusListFetcher: async (uri) => (await fetchApp(uri)).text(),
    kbVerifier: async (data, signature, payload) => {
      const cnf = (payload as SdJwtVcPayload).cnf as { jwk?: JWK } | undefined;
      return cnf?.jwk ? (await ES256.getVerifier(cnf.jwk))(data, signature) : false;
    },
  });
  return nonce
    ? verifier.verify(credential, { keyBindingNonce: nonce, requireKeyBindings: true })
    : verifier.verify(credential);
}

/** The status list an instance serves, and one credential's bit in it (0 valid, 1 revoked). */
async function statusOf(target: App, credential: string) {
  const list = await target.inject({ method: 'GET', url: '/api/v1/wallet/status-list' });
  const { status } = decodeJwt<SdJwtVcPayload>(credential.split('~')[0] ?? '');
  const index = status?.status_list?.idx ?? -1;
  return {
    bit: getListFromStatusListJWT(list.body).getStatus(index),
    cacheControl: list.headers['cache-control'],
    payload: decodeJwt(list.body),
  };
}

async function presentationRequest(target: App = t.app): Promise<WalletRequest> {
  return dataOf<WalletRequest>(await target.inject({ method: 'POST', url: '/api/v1/wallet/presentations' }));
}
/** The outcome, read as the browser that asked reads it: with the request's key. */
async function resultOf(request: WalletRequest, target: App = t.app): Promise<WalletCheck> {
  return dataOf<WalletCheck>(
    await target.inject({
      method: 'GET',
      url: `/api/v1/wallet/presentations/${request.id}`,
      query: { key: request.result_key },
    }),
  );
}

describe('the issuer’s public documents', () => {
  it('publish the issuer metadata, the authorization server, the keys with their kid and the type metadata in both languages', async () => {
    const issuer = (
      await t.app.inject({ method: 'GET', url: '/.well-known/openid-credential-issuer' })
    ).json();
    expect(issuer.credential_issuer).toBe('http://localhost:3000');
    expect(issuer.credential_configurations_supported['recognition-statement'].format).toBe('dc+sd-jwt');
    const server = (
      await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })
    ).json();
    expect(server.grant_types_supported).toEqual(['urn:ietf:params:oauth:grant-type:pre-authorized_code']);
    const [key] = await issuerJwks();
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: expect.any(String) });
    expect(key).not.toHaveProperty('d');
    const type = (
      await t.app.inject({ method: 'GET', url: '/api/v1/wallet/vct/recognition-statement' })
    ).json();
    expect(type.display.map((entry: { locale: string; name: string }) => entry.name)).toEqual([
      'Recognition statement',
      'Attestato di riconoscimento',
    ]);
    const holderClaim = type.claims.find((claim: { path: string[] }) => claim.path[0] === 'holder_name');
    expect(holderClaim.display[1]).toMatchObject({ locale: 'it-IT', label: 'Titolare' });
  });
});

describe('issuing the statement to a wallet', () => {
  it('gives the applicant an offer as a QR code, a same-device link and a one-time code; not to anyone else', async () => {
    const offer = await offerOf();
    expect(offer.offer_url).toMatch(/^openid-credential-offer:\/\/\?credential_offer=/);
    expect(offer.qr_svg).toContain('<svg');
    expect(offer.tx_code).toMatch(/^\d{6}$/);
    expect(new Date(offer.expires_at).getTime() - clock.now().getTime()).toBe(15 * 60 * 1000);
    expect(offer.offer_url).not.toContain(offer.tx_code);
    // With the offer's code it gives the credential: on the log check's list, found as a value of
    // its own although shorter than the check's floor for any other secret (decision 083).
    expect(mintedHere()).toContain(offer.tx_code);
    expect((await newOffer(stranger)).statusCode).toBe(404);
  });

  it('tells the wallet where to find the transaction code, in the language of the page that made the offer, else en-US (OpenID4VCI 1.0 §4.1.1)', async () => {
    const txCodeOf = async (headers: Record<string, string>) => {
      const { offer_url } = dataOf<WalletOffer>(await newOffer(owner, practiceId, headers));
      // As a wallet reads the offer, with the libraries' client.
      const offer = await holder.vci.resolveCredentialOffer(offer_url);
      return offer.grants?.['urn:ietf:params:oauth:grant-type:pre-authorized_code']?.tx_code;
    };
    const described = (locale: 'en-US' | 'it-IT') => ({
      input_mode: 'numeric',
      length: 6,
      description: WALLET_TX_CODE_DESCRIPTION[locale],
    });
    expect(await txCodeOf({ 'accept-language': 'it-IT' })).toEqual(described('it-IT'));
    const others: Record<string, string>[] = [
      { 'accept-language': 'en-US' },
      { 'accept-language': 'fr-FR' },
      {},
    ];
    for (const headers of others) expect(await txCodeOf(headers)).toEqual(described('en-US'));
    for (const description of Object.values(WALLET_TX_CODE_DESCRIPTION))
      expect(description.length).toBeLessThanOrEqual(300);
  });

  it('issues a key-bound SD-JWT VC with the personal claims disclosable, checkable by a third party with our public keys', async () => {
    const offer = await offerOf();
    const credential = await holder.receive(offer.offer_url, offer.tx_code);
    const [key] = await issuerJwks();
    expect(decodeProtectedHeader(credential.split('~')[0] ?? '')).toMatchObject({
      alg: 'ES256',
      kid: key?.kid,
      typ: 'dc+sd-jwt',
    });
    const verified = await thirdPartyVerify(credential);
    expect(verified.payload).toMatchObject({
      iss: 'http://localhost:3000',
      vct: 'http://localhost:3000/api/v1/wallet/vct/recognition-statement',
      cnf: { jwk: { x: holder.publicJwk.x, y: holder.publicJwk.y } },
      statement_id: certificateId,
      ledger_transaction: ledgerHash,
      holder_name: expect.any(String),
      status: {
        status_list: { idx: expect.any(Number), uri: 'http://localhost:3000/api/v1/wallet/status-list' },
      },
    });
    // The personal claims travel as disclosures: the signed part holds only their digests.
    const signedPart = JSON.parse(
      Buffer.from(credential.split('~')[0]?.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(signedPart).not.toHaveProperty('holder_name');
    expect(signedPart).toHaveProperty('statement_id', certificateId);
    expect(signedPart._sd.length).toBeGreaterThanOrEqual(4);
  });

  it('signs decoy digests beside the disclosures’ (RFC 9901 §4.2.5), as many as drawn for each credential, and the credential still verifies, for a third party and on our verifier', async () => {
    /** How many of the signed `_sd` digests no disclosure of the credential matches. */
    const decoysOf = (credential: string) => {
      const [jwt = '', ...rest] = credential.split('~');
      const disclosures = rest.filter((part) => part.length > 0);
      const signed = decodeJwt<{ _sd: string[] }>(jwt)._sd;
      const disclosed = disclosures.map((part) => createHash('sha256').update(part).digest('base64url'));
      expect(signed).toEqual(expect.arrayContaining(disclosed));
      return signed.length - disclosures.length;
    };
    const offer = await offerOf();
    const credential = await holder.receive(offer.offer_url, offer.tx_code);
    expect(decoysOf(credential)).toBeGreaterThanOrEqual(WALLET_DECOY_DIGESTS.min);
    expect(decoysOf(credential)).toBeLessThanOrEqual(WALLET_DECOY_DIGESTS.max);
    expect((await thirdPartyVerify(credential)).payload).toMatchObject({
      holder_name: expect.any(String),
      country_of_education_system: expect.any(String),
    });
    const request = await presentationRequest();
    expect((await holder.present(request.request_url, credential)).status).toBe(200);
    expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: true });
    // Its request is given back to the address, for the tests after it.
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: walletRequestRule(testConfig(t.database).walletRequestsPerAddress), subject: '127.0.0.1' },
    ]);
    // Drawn anew each time: the number does not stay the same over twenty credentials.
    const key = await foreignKey();
    const claims = (await thirdPartyVerify(credential)).payload;
    const counts = new Set<number>();
    for (let made = 0; made < 20; made += 1) counts.add(decoysOf(await signCredential(key, claims)));
    expect(counts.size).toBeGreaterThan(1);
  });

  it('dates the credential on the body’s clock, as the statement’s PDF: published 00:35 in Rome is that day', async () => {
    const published = async (at: string) =>
      t.database.db
        .updateTable('statements')
        .set({ published_at: at })
        .where('id', '=', certificateId)
        .execute();
    const { published_at: before } = await t.database.db
      .selectFrom('statements')
      .select('published_at')
      .where('id', '=', certificateId)
      .executeTakeFirstOrThrow();
    await published('2026-03-10T23:35:00.000Z');
    try {
      const offer = await offerOf();
      const credential = await holder.receive(offer.offer_url, offer.tx_code);
      expect((await thirdPartyVerify(credential)).payload).toMatchObject({ issue_date: '2026-03-11' });
    } finally {
      if (before) await published(before);
    }
  });

  it('refuses a wrong transaction code, and the right one once the offer was used', async () => {
    const offer = await offerOf();
    const wrong = offer.tx_code === '000000' ? '111111' : '000000';
    await expect(holder.accessToken(offer.offer_url, wrong)).rejects.toThrow(/Wrong transaction code/);
    await holder.accessToken(offer.offer_url, offer.tx_code);
    await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow(/already been used/);
  });

  it('answers the credential again to a wallet that lost the answer and asks with its token and the same key; another key, or a token past its five minutes, is refused (decision 102)', async () => {
    const offer = await offerOf();
    const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    const ask = async (wallet: Holder) =>
      credentialRequest(accessToken, withProof((await wallet.keyProof(issuerMetadata)).jwt));
    const signedPartOf = (response: Awaited<ReturnType<typeof ask>>) =>
      decodeJwt<SdJwtVcPayload>(
        (response.json<{ credentials: { credential: string }[] }>().credentials[0]?.credential ?? '').split(
          '~',
        )[0] ?? '',
      );
    const first = await ask(holder);
    expect(first.statusCode).toBe(200);
    // As if an instance of 1.1.0 had issued it, during a rolling upgrade: no key recorded.
    const offerRow = lastIssuedOffer;
    const issuedRow = await offerRow();
    await t.database.db
      .updateTable('wallet_offers')
      .set({ issuer_kid: null })
      .where('id', '=', issuedRow.id)
      .execute();
    // The answer never reached the wallet (a dropped connection, an instance killed after the
    // offer was marked issued): it asks again with a new proof of the same key.
    const again = await ask(holder);
    expect(again.statusCode).toBe(200);
    // Signed anew by this instance's key, which the offer now records.
    expect(issuedRow.issuer_kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await offerRow()).toEqual(issuedRow);
    expect(signedPartOf(again)).toMatchObject({
      cnf: signedPartOf(first).cnf,
      status: signedPartOf(first).status,
      statement_id: certificateId,
    });
    const otherWallet = await createHolder(fetchApp);
    const refused = await ask(otherWallet);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'credential_request_denied',
      error_description: 'The credential of this offer was issued already, to another key',
    });
    clock.advance({ minutes: 6 });
    const late = await ask(holder);
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe('invalid_token');
  });

  it('makes at most ten offers per applicant in an hour, then answers 429 RATE_LIMITED', async () => {
    const offer = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/practices/${practiceId}/statement/wallet-offers`,
        headers: bearer(owner.token),
      });
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: WALLET_OFFER_RULE, subject: String(owner.id) },
    ]);
    for (let index = 0; index < WALLET_OFFER_RULE.limit; index += 1)
      expect((await offer()).statusCode).toBe(201);
    const refused = await offer();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts only the offers made against the hour’s ten: calls refused (404 for a request with no statement) use none of them', async () => {
    const offer = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/practices/${id}/statement/wallet-offers`,
        headers: bearer(owner.token),
      });
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: WALLET_OFFER_RULE, subject: String(owner.id) },
    ]);
    // Another request of the owner's, not yet issued: no statement to put in a wallet.
    const unpublished = await readyForIssue(t.database, owner);
    const refused: number[] = [];
    for (let index = 0; index < WALLET_OFFER_RULE.limit + 2; index += 1)
      refused.push((await offer(unpublished)).statusCode);
    expect(refused).toEqual(Array(WALLET_OFFER_RULE.limit + 2).fill(404));
    const made: number[] = [];
    for (let index = 0; index < WALLET_OFFER_RULE.limit; index += 1)
      made.push((await offer(practiceId)).statusCode);
    expect(made).toEqual(Array(WALLET_OFFER_RULE.limit).fill(201));
    expect((await offer(practiceId)).statusCode).toBe(429);
  });

  it('refuses an expired offer', async () => {
    const offer = await offerOf();
    clock.advance({ minutes: 16 });
    try {
      await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow(/expired/);
    } finally {
      clock.set(new Date());
    }
  });

  it('refuses a token of the issuer’s key that does not say it is an access token (typ at+jwt)', async () => {
    const offer = await offerOf();
    const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    const { privateKey, kid } = await loadWalletIssuerKey(testConfig(t.database));
    // The same claims, the same key and audience: only the header's type differs.
    const retyped = await new SignJWT(decodeJwt(accessToken))
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .sign(privateKey);
    const { jwt } = await holder.keyProof(issuerMetadata);
    const refused = await credentialRequest(retyped, withProof(jwt));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_token');
  });

  it('refuses a key proof over a nonce that is not the issuer’s, or for another audience', async () => {
    for (const proofOptions of [{ nonce: 'made-up-nonce' }, { audience: 'https://other-issuer.example' }]) {
      const offer = await offerOf();
      const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
      const { jwt } = await holder.keyProof(issuerMetadata, proofOptions);
      const response = await credentialRequest(accessToken, withProof(jwt));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(proofOptions.nonce ? 'invalid_nonce' : 'invalid_proof');
    }
  });

  it('refuses a key proof that is not a signed JWT (unsecured, or not a JWT) as invalid_proof', async () => {
    const offer = await offerOf();
    const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    const { jwt } = await holder.keyProof(issuerMetadata);
    const [header = '', payload = ''] = jwt.split('.');
    const unsecured = [
      Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(header, 'base64url').toString()), alg: 'none' }),
      ).toString('base64url'),
      payload,
      '',
    ].join('.');
    for (const proof of [unsecured, 'abc', 42]) {
      const refused = await credentialRequest(accessToken, withProof(proof as string));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_proof' });
    }
    // The same access token still takes a valid proof, its scheme in any case (RFC 9110 §11.1).
    expect(
      (await credentialRequest(accessToken, withProof(jwt), 'application/json', 'bearer  ')).statusCode,
    ).toBe(200);
  });

  it('refuses a key proof dated a day off, and takes one dated now by the wallet’s own hand', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const credentialWith = async (issuedAt: number) => {
      const offer = await offerOf();
      const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
      const { jwt } = await holder.keyProof(issuerMetadata, { issuedAt });
      return credentialRequest(accessToken, withProof(jwt));
    };
    for (const issuedAt of [now + 86_400, now - 86_400]) {
      const refused = await credentialWith(issuedAt);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: 'invalid_proof',
        error_description: expect.stringMatching(/iat/),
      });
    }
    expect((await credentialWith(now - 30)).statusCode).toBe(200);
  });

  it('answers malformed protocol requests in the OAuth error format, never 500', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=nonsense',
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toHaveProperty('error');
    // In our words, and no parameter twice (RFC 6749 §3.2), the right code among them or not.
    const form = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    expect((await form('')).json()).toEqual({
      error: 'invalid_request',
      error_description: 'The grant_type is missing',
    });
    // RFC 6749 §5.2: a grant this server does not take is unsupported_grant_type, however complete
    // or not its parameters (the library read an authorization code's and refused them first).
    for (const grant of [
      'grant_type=authorization_code&code=abc&redirect_uri=https%3A%2F%2Fwallet.example%2Fcb',
      'grant_type=authorization_code',
      'grant_type=refresh_token&refresh_token=abc',
      'grant_type=client_credentials',
    ])
      expect((await form(grant)).json()).toEqual({
        error: 'unsupported_grant_type',
        error_description: 'Only the pre-authorized code grant is supported',
      });
    const offer = await offerOf();
    const code = new URL(offer.offer_url).searchParams.get('credential_offer') ?? '';
    const preAuthorizedCode: string =
      JSON.parse(code).grants['urn:ietf:params:oauth:grant-type:pre-authorized_code']['pre-authorized_code'];
    const twice = await form(
      new URLSearchParams([
        ['grant_type', 'urn:ietf:params:oauth:grant-type:pre-authorized_code'],
        ['pre-authorized_code', 'made-up'],
        ['pre-authorized_code', preAuthorizedCode],
        ['tx_code', offer.tx_code],
      ]).toString(),
    );
    expect(twice.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The parameter pre-authorized_code is sent more than once',
    });
    // One parameter repeated as often as the body limit (1 MiB) allows: refused like twice, without
    // holding the one thread every call shares for minutes meanwhile.
    const repeated = await form('a=&'.repeat(Math.floor((1024 * 1024) / 3)));
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The parameter a is sent more than once',
    });
    // A character no column can hold: refused in the protocol's words, not the portal's.
    const nul = await form(
      'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Apre-authorized_code&pre-authorized_code=%00',
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The request holds a character that is not accepted',
    });
    const credential = await credentialRequest('not-a-token', {});
    expect(credential.statusCode).toBe(401);
    expect(credential.json().error).toBe('invalid_token');
    const request = await presentationRequest();
    const garbage = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wallet/presentations/${request.id}/response`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'vp_token=not-json&state=x',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toHaveProperty('error');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/presentations/AAAAAAAAAAAAAAAAAAAAAAAA/request',
    });
    expect(missing.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/presentations/not%20an%20id' });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
  });
});

describe('several instances on one database', () => {
  it('redeems on a second instance an offer made on the first, once', async () => {
    const other = await t.instance();
    const offer = await offerOf();
    const wallet = await createHolder(injectFetch(other));
    const credential = await wallet.receive(offer.offer_url, offer.tx_code);
    expect((await thirdPartyVerify(credential)).payload).toMatchObject({ statement_id: certificateId });
    await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow(/already been used/);
  });
});

describe('checking a presentation from a wallet', () => {
  let credential: string;
  beforeAll(async () => {
    credential = await credentialNow();
  });

  it('is valid step by step: signature, holder binding, status, ledger record, the claims asked for', async () => {
    const request = await presentationRequest();
    expect(request.request_url).toMatch(
      /^openid4vp:\/\/\?client_id=decentralized_identifier%3Adid%3Ajwk%3A.*request_uri=/,
    );
    expect((await resultOf(request)).state).toBe('waiting');
    const answer = await holder.present(request.request_url, credential);
    expect(answer.status).toBe(200);
    const result = await resultOf(request);
    expect(result).toMatchObject({ state: 'checked', is_valid: true });
    expect(result.checks.map((check) => check.outcome)).toEqual(Array(5).fill('passed'));
    expect(result.claims).toMatchObject({ statement_id: certificateId });
    expect(result.claims).not.toHaveProperty('birth_date');
  });

  it('is checked valid by a third-party library given only our public metadata, key binding included; a wrong nonce is refused and a tampered disclosure never reaches the claims', async () => {
    const aud = 'https://admissions.university.example';
    const present = (nonce: string) =>
      holder.sdjwt.present(
        credential,
        { holder_name: true, qualification_name: true },
        { kb: { payload: { iat: Math.floor(Date.now() / 1000), aud, nonce } } },
      );
    const presentation = await present('their-nonce-1');
    const verified = await thirdPartyVerify(presentation, { nonce: 'their-nonce-1' });
    expect(verified.payload).toMatchObject({ statement_id: certificateId, holder_name: expect.any(String) });
    expect(verified.payload).not.toHaveProperty('birth_date');
    expect(verified.kb?.payload).toMatchObject({ aud, nonce: 'their-nonce-1' });
    await expect(thirdPartyVerify(presentation, { nonce: 'another-nonce' })).rejects.toThrow(/[Nn]once/);
    // Without a key binding the library refuses a presentation that must carry one.
    await expect(thirdPartyVerify(credential, { nonce: 'their-nonce-1' })).rejects.toThrow();
    // A changed disclosure matches no signed digest: the library drops it (ours refuses it, below).
    const parts = presentation.split('~');
    const index = parts.findIndex((part, at) => at > 0 && part.length > 0 && !part.includes('.'));
    const [salt, name] = JSON.parse(Buffer.from(parts[index] ?? '', 'base64url').toString()) as [
      string,
      string,
    ];
    parts[index] = Buffer.from(JSON.stringify([salt, name, 'Someone Else'])).toString('base64url');
    const tampered = await thirdPartyVerify(parts.join('~'), { nonce: 'their-nonce-1' }).catch(
      (error: Error) => error,
    );
    if (!(tampered instanceof Error))
      expect((tampered.payload as Record<string, unknown>)[name]).not.toBe('Someone Else');
  });

  it('is NOT valid when a disclosure was tampered with', async () => {
    const request = await presentationRequest();
    const forged = (presentation: string) => {
      const parts = presentation.split('~');
      const index = parts.findIndex((part, at) => at > 0 && part.length > 0 && !part.includes('.'));
      const [salt, name] = JSON.parse(Buffer.from(parts[index] ?? '', 'base64url').toString()) as [
        string,
        string,
      ];
      parts[index] = Buffer.from(JSON.stringify([salt, name, 'Someone Else'])).toString('base64url');
      return parts.join('~');
    };
    await holder.present(request.request_url, credential, forged);
    const result = await resultOf(request);
    expect(result.is_valid).toBe(false);
    expect(result.checks[0]).toEqual({ step: 'signature', outcome: 'failed' });
  });

  it('is NOT valid when a disclosure is presented twice (RFC 9901 §7.1: a digest met more than once)', async () => {
    const request = await presentationRequest();
    const doubled = (presentation: string) => {
      const parts = presentation.split('~');
      const disclosure = parts.find((part, at) => at > 0 && part.length > 0 && !part.includes('.')) ?? '';
      return [parts[0], disclosure, ...parts.slice(1)].join('~');
    };
    await holder.present(request.request_url, credential, doubled);
    const result = await resultOf(request);
    expect(result.is_valid).toBe(false);
    expect(result.checks[0]).toEqual({ step: 'signature', outcome: 'failed' });
  });

  // Withdrawal: the status `revoked` is what `lisbon statement:withdraw` sets, with its ledger entry
  // (statement-withdrawal.test.ts); set here directly, so that the statement serves the tests after.
  it('reads revoked in the status list once the statement is withdrawn (revoked), and its presentation is NOT valid at the status step', async () => {
    expect((await statusOf(t.app, credential)).bit).toBe(0);
    const earlierOffer = await offerOf();
    await t.database.db
      .updateTable('statements')
      .set({ status: 'revoked' })
      .where('id', '=', certificateId)
      .execute();
    try {
      const list = await statusOf(t.app, credential);
      expect(list.bit).toBe(1);
      expect(list.cacheControl).toBe('public, max-age=30');
      await expect(thirdPartyVerify(credential)).rejects.toThrow(/[Ss]tatus/);
      const request = await presentationRequest();
      await holder.present(request.request_url, credential);
      const result = await resultOf(request);
      expect(result.is_valid).toBe(false);
      expect(result.checks).toContainEqual({ step: 'status', outcome: 'failed' });
      expect(result.checks).toContainEqual({ step: 'signature', outcome: 'passed' });
      expect(result.checks).toContainEqual({ step: 'holder_binding', outcome: 'passed' });
      // No live statement to offer any more, and no token for an offer made before.
      expect((await newOffer()).statusCode).toBe(404);
      await expect(holder.accessToken(earlierOffer.offer_url, earlierOffer.tx_code)).rejects.toThrow(
        /no longer in force/,
      );
    } finally {
      await t.database.db
        .updateTable('statements')
        .set({ status: 'published' })
        .where('id', '=', certificateId)
        .execute();
    }
  });
});

describe('metrics', () => {
  /** The wallet's counters as /metrics reads them now (0 for a series not yet counted). */
  async function walletCounts() {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const value = (series: string) =>
      Number(new RegExp(`^${series} (\\d+)$`, 'm').exec(answer.body)?.[1] ?? 0);
    const presentations = (result: string) =>
      value(`lisbon_wallet_presentations_total\\{result="${result}"\\}`);
    return {
      offers: value('lisbon_wallet_offers_total'),
      credentials: value('lisbon_wallet_credentials_issued_total'),
      valid: presentations('valid'),
      not_valid: presentations('not_valid'),
      declined: presentations('declined'),
      rejected: presentations('rejected'),
    };
  }

  // Counted as a difference, before and after this test's own offer, credential and answers: the
  // other tests of the file count too, in whatever order they run.
  it('count the offers made, the credentials issued and the presentations checked by result', async () => {
    const before = await walletCounts();
    const offer = await offerOf();
    const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    // The credential asked for again with the same key, as by a wallet that lost the answer
    // (decision 102): answered twice, issued (and counted) once.
    const ask = async () =>
      credentialRequest(accessToken, withProof((await holder.keyProof(issuerMetadata)).jwt));
    const asked = [await ask(), await ask()];
    expect(asked.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const credential =
      asked[0]?.json<{ credentials: { credential: string }[] }>().credentials[0]?.credential ?? '';
    /** An answer to a request of its own: the credential presented with `frame`'s disclosures, or `form`. */
    const answered = async (
      answer: { frame: Record<string, boolean> } | { form: Record<string, string> },
    ) => {
      const request = await presentationRequest();
      if ('form' in answer) return answerWith(request, { ...answer.form, state: request.id });
      const object = await requestObjectOf(request);
      const presentation = await holder.sdjwt.present(credential, answer.frame, {
        kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce } },
      });
      return answerWith(request, {
        vp_token: JSON.stringify({ statement: [presentation] }),
        state: request.id,
      });
    };
    const answers = [
      // Valid: the claims every statement has.
      await answered({ frame: { holder_name: true, country_of_education_system: true } }),
      // Not valid, a holder's real outcome: the holder's name left out.
      await answered({ frame: { country_of_education_system: true } }),
      // Declined by the holder.
      await answered({ form: { error: 'access_denied' } }),
      // Junk, counted apart as rejected: an unsigned presentation.
      await answered({
        form: { vp_token: JSON.stringify({ statement: ['eyJhbGciOiJub25lIn0.eyJpc3MiOiJ4In0.~'] }) },
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const after = await walletCounts();
    expect(
      Object.fromEntries(
        Object.entries(after).map(([name, count]) => [name, count - before[name as keyof typeof before]]),
      ),
    ).toEqual({ offers: 1, credentials: 1, valid: 1, not_valid: 1, declined: 1, rejected: 1 });
    // Its requests are given back to the address, for the tests after it.
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: walletRequestRule(testConfig(t.database).walletRequestsPerAddress), subject: '127.0.0.1' },
    ]);
  });
});

describe('what a wallet sends that the portal does not take', () => {
  let credential: string;
  beforeAll(async () => {
    credential = await credentialNow();
  });

  it('refuses a key proof that carries a key attestation, with its jwk or with a kid, saying why (invalid_proof), and takes the proof without it', async () => {
    const offer = await offerOf();
    const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    // A wallet provider's attestation of the wallet's key, and a proof by that key that carries it.
    const provider = await generateKeyPair('ES256');
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const now = Math.floor(Date.now() / 1000);
    const attestation = await new SignJWT({ attested_keys: [jwk], iat: now, exp: now + 300 })
      .setProtectedHeader({ alg: 'ES256', typ: 'key-attestation+jwt', kid: 'provider' })
      .sign(provider.privateKey);
    const proofWith = async (keyHeader: object) =>
      new SignJWT({
        aud: issuerMetadata.credentialIssuer.credential_issuer,
        nonce: (await holder.vci.requestNonce({ issuerMetadata })).c_nonce,
      })
        .setProtectedHeader({
          alg: 'ES256',
          typ: 'openid4vci-proof+jwt',
          ...keyHeader,
          key_attestation: attestation,
        })
        .setIssuedAt(now)
        .sign(privateKey);
    for (const keyHeader of [{ jwk }, { kid: '0' }]) {
      const refused = await credentialRequest(accessToken, withProof(await proofWith(keyHeader)));
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        {
          error: 'invalid_proof',
          error_description:
            'Key attestations are not supported: send the jwt proof with a jwk header and no key_attestation',
        },
      ]);
    }
    const { jwt } = await holder.keyProof(issuerMetadata);
    expect((await credentialRequest(accessToken, withProof(jwt))).statusCode).toBe(200);
  });

  it('fails the signature step of a JWT our key signed with our iss and vct but not typed dc+sd-jwt (SD-JWT VC: typ MUST be dc+sd-jwt)', async () => {
    const key = await loadWalletIssuerKey(testConfig(t.database));
    const { payload } = await thirdPartyVerify(credential);
    const claims = Object.fromEntries(
      Object.entries(payload).filter(([name]) => name !== '_sd' && name !== '_sd_alg'),
    );
    const disclosable = [
      'holder_name',
      'qualification_name',
      'classification',
      'awarding_institution',
      'award_year',
      'country_of_education_system',
    ].filter((name) => name in claims);
    const signedAs = (typ: string) =>
      new SDJwtInstance({
        signer: (data: string) =>
          ES256.getSigner(key.privateKey.export({ format: 'jwk' })).then((sign) => sign(data)),
        signAlg: ES256.alg,
        hasher: digest,
        hashAlg: 'sha-256',
        saltGenerator: () => randomBytes(16).toString('base64url'),
      }).issue(claims, { _sd: disclosable } as DisclosureFrame<typeof claims>, {
        header: { kid: key.kid, typ },
      });
    const signatureOf = async (forged: string) => {
      const request = await presentationRequest();
      await holder.present(request.request_url, forged);
      return (await resultOf(request)).checks[0];
    };
    // The same claims typed dc+sd-jwt pass: only the type differs.
    expect(await signatureOf(await signedAs('dc+sd-jwt'))).toEqual({ step: 'signature', outcome: 'passed' });
    for (const typ of ['JWT', 'vc+sd-jwt', 'statuslist+jwt'])
      expect(await signatureOf(await signedAs(typ))).toEqual({ step: 'signature', outcome: 'failed' });
    // Its requests are given back to the address, for the tests after it.
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: walletRequestRule(testConfig(t.database).walletRequestsPerAddress), subject: '127.0.0.1' },
    ]);
  });

  it('fails the signature step of a credential whose header names the key to check it by (jwk, jku, x5u), names our kid over another key’s signature, a kid of half a megabyte, or alg none: only the keys the deployment holds or recorded check a credential', async () => {
    const key = await loadWalletIssuerKey(testConfig(t.database));
    const { payload } = await thirdPartyVerify(credential);
    const claims = Object.fromEntries(
      Object.entries(payload).filter(([name]) => name !== '_sd' && name !== '_sd_alg'),
    );
    const attacker = await generateKeyPair('ES256', { extractable: true });
    const attackerJwk = await exportJWK(attacker.publicKey);
    const signedBy = (privateJwk: JWK, header: Record<string, unknown>) =>
      new SDJwtInstance({
        signer: (data: string) => ES256.getSigner(privateJwk).then((sign) => sign(data)),
        signAlg: ES256.alg,
        hasher: digest,
        hashAlg: 'sha-256',
        saltGenerator: () => randomBytes(16).toString('base64url'),
      }).issue(claims, undefined, { header: { typ: 'dc+sd-jwt', ...header } });
    const attackerPrivate = await exportJWK(attacker.privateKey);
    const ours = await signedBy(key.privateKey.export({ format: 'jwk' }), { kid: key.kid });
    const [oursJwt = '', ...oursRest] = ours.split('~');
    const [, oursPayload = ''] = oursJwt.split('.');
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'dc+sd-jwt', kid: key.kid })).toString('base64url'),
      oursPayload,
      '',
    ].join('.');
    const forgeries = [
      await signedBy(attackerPrivate, { jwk: attackerJwk }),
      await signedBy(attackerPrivate, { jku: 'https://attacker.example/jwks.json', kid: 'attacker' }),
      await signedBy(attackerPrivate, { x5u: 'https://attacker.example/cert.pem', kid: 'attacker' }),
      await signedBy(attackerPrivate, { kid: key.kid, jwk: attackerJwk }),
      await signedBy(attackerPrivate, { kid: 'k'.repeat(500_000) }),
      [unsigned, ...oursRest].join('~'),
    ];
    const signatureOf = async (presented: string) => {
      const request = await presentationRequest();
      await holder.present(request.request_url, presented);
      return (await resultOf(request)).checks[0];
    };
    // The same claims signed with our key, named by its kid, pass: only the signer differs.
    expect(await signatureOf(ours)).toEqual({ step: 'signature', outcome: 'passed' });
    for (const forged of forgeries)
      expect(await signatureOf(forged)).toEqual({ step: 'signature', outcome: 'failed' });
    // Its requests are given back to the address, for the tests after it.
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: walletRequestRule(testConfig(t.database).walletRequestsPerAddress), subject: '127.0.0.1' },
    ]);
  });
});

describe('a statement superseded by an amendment', () => {
  it('reads revoked on every instance within the status list’s cache window, and its presentation is NOT valid at the status step', async () => {
    const secretary = await t.staff('secretary', { email: 'secretary@example.org' });
    const evaluator = await t.staff('evaluator', { email: 'evaluator@example.org' });
    const reviewer = await t.staff('reviewer', { email: 'reviewer@example.org' });
    const amendedId = await readyForIssue(t.database, owner, {
      assigneeId: evaluator.id,
      reviewerId: reviewer.id,
    });
    const { statement: original } = await publishOne(t.app, t.worker, {
      admin,
      owner,
      practiceId: amendedId,
    });
    const offer = dataOf<WalletOffer>(await newOffer(owner, amendedId));
    const credential = await holder.receive(offer.offer_url, offer.tx_code);
    // A second instance on the same database, with its own clock.
    const otherClock = new ManualClock(clock.now());
    const other = await t.instance({ clock: otherClock });
    try {
      expect((await statusOf(other, credential)).bit).toBe(0);
      let address = 0;
      const move = async (staff: StaffMember, action: string) => {
        address += 1;
        const answer = await t.app.inject({
          method: 'POST',
          url: `/api/v1/staff/practices/${amendedId}/transitions`,
          headers: bearer(staff.token),
          payload: { action },
          remoteAddress: `198.51.100.${address}`,
        });
        expect(answer.statusCode, `${action}: ${answer.body}`).toBe(200);
      };
      const appeal = await t.app.inject({
        method: 'POST',
        url: `/api/v1/practices/${amendedId}/appeal`,
        headers: bearer(owner.token),
        payload: { type: 'amendment', motivation: 'The major is misspelt.' },
      });
      expect(appeal.statusCode, appeal.body).toBe(201);
      await move(secretary, 'admit_appeal');
      await move(evaluator, 'send_in_review');
      await move(reviewer, 'conclude_review');
      await move(admin, 'issue_amendment');
      await t.worker.drainOnce();
      const { status } = await t.database.db
        .selectFrom('statements')
        .select('status')
        .where('id', '=', original.certificate_id)
        .executeTakeFirstOrThrow();
      expect(status).toBe('superseded');

      // The other instance, once the window a cache may hold the list has passed, serves the new bit.
      otherClock.advance({ seconds: WALLET_STATUS_LIST_MAX_AGE_SECONDS });
      const list = await statusOf(other, credential);
      expect(list.bit).toBe(1);
      expect(list.cacheControl).toBe(`public, max-age=${WALLET_STATUS_LIST_MAX_AGE_SECONDS}`);
      expect(list.payload).toMatchObject({
        ttl: WALLET_STATUS_LIST_MAX_AGE_SECONDS,
        iat: Math.floor(otherClock.now().getTime() / 1000),
      });
      served = other;
      await expect(thirdPartyVerify(credential)).rejects.toThrow(/[Ss]tatus/);
      const request = await presentationRequest(other);
      await holder.present(request.request_url, credential);
      const result = await resultOf(request, other);
      expect(result.is_valid).toBe(false);
      expect(result.checks).toContainEqual({ step: 'signature', outcome: 'passed' });
      expect(result.checks).toContainEqual({ step: 'holder_binding', outcome: 'passed' });
      expect(result.checks).toContainEqual({ step: 'status', outcome: 'failed' });
      // Its record in the ledger is intact: the status says why, in the PDF check's words.
      expect(result.checks).toContainEqual({ step: 'ledger', outcome: 'passed' });
      expect(result.reason).toBe('superseded');
    } finally {
      served = t.app;
    }
  }, 120_000);
});

/** An issuer key of our own making, as `signCredential` takes it: a foreign key, or one claiming another's `kid`. */
async function foreignKey(kid?: string): Promise<WalletIssuerKey> {
  const privateKey = createPrivateKey(newWalletKeyPem());
  const publicKey = createPublicKey(privateKey);
  const publicJwk = await walletPublicJwk(publicKey);
  const named = { ...publicJwk, kid: kid ?? publicJwk.kid };
  return { privateKey, publicKey, publicJwk: named, kid: named.kid };
}

describe('rotating the wallet issuer key (decision 094)', () => {
  it('keeps a credential issued before `keys:rotate` valid on our verifier and for a third party given the JWKS, and a check open across it, bound to the retired key’s client id, which no other check takes; a key not in the JWKS is NOT valid', async () => {
    const offer = await offerOf();
    const earlier = await holder.receive(offer.offer_url, offer.tx_code);
    const oldKid = decodeProtectedHeader(earlier.split('~')[0] ?? '').kid;
    // A check open across the rotation: its request object fetched by the wallet before it.
    const openCheck = await presentationRequest();
    const openObject = await requestObjectOf(openCheck);
    // The deployment as it started: its key set's fingerprints recorded (server.ts does it at each start).
    const before = testConfig(t.database);
    await assertKeyFingerprints(t.database.db, keySetFingerprints(before), clock);

    // `keys:rotate --key wallet`, run with the configuration that holds the new key.
    const newKeyPath = join(t.database.tempDir, 'wallet-issuer-rotated.pem');
    writeFileSync(newKeyPath, newWalletKeyPem());
    const env = { WALLET_ISSUER_KEY_PATH: newKeyPath };
    const rotate = (previousKeyFile?: string) =>
      rotateKey({
        db: t.database.db,
        config: testConfig(t.database, env),
        clock,
        name: 'wallet',
        ...(previousKeyFile ? { previousKeyFile } : {}),
      });
    await expect(rotate()).rejects.toThrow(/--previous-key-file/);
    await expect(rotate(newKeyPath)).rejects.toThrow(RotationError);
    const rotation = await rotate(walletKeyPath(before));
    expect(rotation.next).not.toBe(rotation.previous);

    const rotated = await t.instance({ env });
    served = rotated;
    try {
      // Both keys in the JWKS, the current one first; the instance not yet restarted lists both too.
      const { jwks } = (await rotated.inject({ method: 'GET', url: '/.well-known/jwt-vc-issuer' })).json<{
        jwks: { keys: JWK[] };
      }>();
      const newKid = jwks.keys[0]?.kid;
      expect(jwks.keys.map((key) => key.kid)).toEqual([newKid, oldKid]);
      expect(newKid).not.toBe(oldKid);
      expect((await issuerJwks()).map((key) => key.kid).sort()).toEqual([newKid, oldKid].sort());
      for (const key of jwks.keys) expect(key).not.toHaveProperty('d');

      // A new credential is signed with the new key.
      const next = await offerOf();
      const later = await holder.receive(next.offer_url, next.tx_code);
      expect(decodeProtectedHeader(later.split('~')[0] ?? '').kid).toBe(newKid);

      // The earlier credential: valid for a third party with the JWKS only, and on our verifier.
      expect((await thirdPartyVerify(earlier)).payload).toMatchObject({ statement_id: certificateId });
      expect((await thirdPartyVerify(later)).payload).toMatchObject({ statement_id: certificateId });
      const request = await presentationRequest(rotated);
      await holder.present(request.request_url, earlier);
      const result = await resultOf(request, rotated);
      expect(result.checks.map((check) => check.outcome)).toEqual(Array(5).fill('passed'));
      expect(result.is_valid).toBe(true);

      // A wallet's answer to a check, the earlier credential with a key binding for `aud` and `nonce`.
      const answerAfterRotation = async (
        check: WalletRequest,
        { aud, nonce }: { aud: string; nonce: string },
      ) =>
        rotated.inject({
          method: 'POST',
          url: `/api/v1/wallet/presentations/${check.id}/response`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            vp_token: JSON.stringify({
              statement: [
                await holder.sdjwt.present(
                  earlier,
                  { holder_name: true, country_of_education_system: true },
                  { kb: { payload: { iat: Math.floor(Date.now() / 1000), aud, nonce } } },
                ),
              ],
            }),
            state: check.id,
          }).toString(),
        });
      const bindingOf = async (check: WalletRequest) =>
        (await resultOf(check, rotated)).checks.find((step) => step.step === 'holder_binding')?.outcome;
      // Each check takes the client id its request object named, and no other: the check open across
      // the rotation not the new key's, a check made since not the retired key's (no instance serves
      // an object that names it for such a check, so no wallet that read the request made it).
      const sinceRotation = await presentationRequest(rotated);
      const sinceObject = await requestObjectOf(sinceRotation, rotated);
      expect(sinceObject.client_id).not.toBe(openObject.client_id);
      const newAudience = await answerAfterRotation(openCheck, {
        aud: sinceObject.client_id,
        nonce: openObject.nonce,
      });
      expect(newAudience.statusCode).toBe(200);
      expect(await bindingOf(openCheck)).toBe('failed');
      const retiredAudience = await answerAfterRotation(sinceRotation, {
        aud: openObject.client_id,
        nonce: sinceObject.nonce,
      });
      expect(retiredAudience.statusCode).toBe(200);
      expect(await bindingOf(sinceRotation)).toBe('failed');

      // The check open across the rotation: answered after it, its key binding names the client id
      // of the object the wallet read (the retired key's), and is taken for this request.
      const acrossRotation = await answerAfterRotation(openCheck, {
        aud: openObject.client_id,
        nonce: openObject.nonce,
      });
      expect(acrossRotation.statusCode).toBe(200);
      const openResult = await resultOf(openCheck, rotated);
      expect(openResult.checks.map((check) => check.outcome)).toEqual(Array(5).fill('passed'));

      // A credential signed by a key not in the JWKS, under its own kid or claiming the old key's: NOT valid.
      const { payload } = await thirdPartyVerify(earlier);
      const claims = Object.fromEntries(
        Object.entries(payload).filter(([name]) => name !== '_sd' && name !== '_sd_alg'),
      ) as SdJwtVcPayload;
      for (const key of [await foreignKey(), await foreignKey(String(oldKid))]) {
        const forged = await signCredential(key, claims);
        await expect(thirdPartyVerify(forged)).rejects.toThrow(/[Ss]ignature/);
        const check = await presentationRequest(rotated);
        await holder.present(check.request_url, forged);
        const outcome = await resultOf(check, rotated);
        expect(outcome.is_valid).toBe(false);
        expect(outcome.checks[0]).toEqual({ step: 'signature', outcome: 'failed' });
      }
    } finally {
      served = t.app;
    }
  }, 120_000);
});

/** The offer issued last, with the issuer key its row records (migration 123). */
const lastIssuedOffer = () =>
  t.database.db
    .selectFrom('wallet_offers')
    .select(['id', 'issuer_kid'])
    .where('issued_at', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

/** The deployment's wallet key records (decision 094) and its recorded wallet fingerprint, to put back. */
async function walletKeyState() {
  const rows = await t.database.db.selectFrom('wallet_issuer_keys').selectAll().execute();
  const fingerprint = await t.database.db
    .selectFrom('key_fingerprints')
    .selectAll()
    .where('name', '=', 'wallet')
    .executeTakeFirst();
  return async () => {
    await t.database.db.deleteFrom('wallet_issuer_keys').execute();
    await t.database.db.deleteFrom('key_fingerprints').where('name', '=', 'wallet').execute();
    if (rows.length > 0) await t.database.db.insertInto('wallet_issuer_keys').values(rows).execute();
    if (fingerprint) await t.database.db.insertInto('key_fingerprints').values(fingerprint).execute();
  };
}

/**
 * The deployment as it first started, with the test configuration's key and no other recorded;
 * `putBack` restores what was there before (`walletKeyState`), whichever test rotated its key.
 */
async function onlyTheConfiguredWalletKey() {
  const putBack = await walletKeyState();
  await t.database.db.deleteFrom('wallet_issuer_keys').execute();
  await t.database.db.deleteFrom('key_fingerprints').where('name', '=', 'wallet').execute();
  const config = testConfig(t.database);
  await assertKeyFingerprints(t.database.db, keySetFingerprints(config), clock);
  return { putBack, config };
}

describe('revoking a retired wallet issuer key that leaked (decision 114)', () => {
  it('lists it in the JWKS of no instance and refuses its credentials, on our verifier and for a third party, once `keys:revoke` ran; the statement’s credential asked again verifies; the current key and an unknown kid are refused, and a revoked key is never brought back', async () => {
    const { putBack, config: before } = await onlyTheConfiguredWalletKey();
    try {
      const offer = await offerOf();
      const earlier = await holder.receive(offer.offer_url, offer.tx_code);
      const oldKid = String(decodeProtectedHeader(earlier.split('~')[0] ?? '').kid);
      // Its offer records the key that signed it, in the statement that marked it issued.
      const lastIssued = lastIssuedOffer;
      expect((await lastIssued()).issuer_kid).toBe(oldKid);
      // One issued by an instance of 1.1.0 during the rolling upgrade, which records no key.
      const byOlder = await offerOf();
      await holder.receive(byOlder.offer_url, byOlder.tx_code);
      const older = await lastIssued();
      await t.database.db
        .updateTable('wallet_offers')
        .set({ issuer_kid: null })
        .where('id', '=', older.id)
        .execute();
      const issued = await t.database.db
        .selectFrom('wallet_offers')
        .select('issuer_kid')
        .where('issued_at', 'is not', null)
        .execute();

      // `keys:rotate --key wallet`, then the credential of the retired key still verifies.
      const newKeyPath = join(t.database.tempDir, 'wallet-issuer-before-revocation.pem');
      writeFileSync(newKeyPath, newWalletKeyPem());
      const env = { WALLET_ISSUER_KEY_PATH: newKeyPath };
      await rotateKey({
        db: t.database.db,
        config: testConfig(t.database, env),
        clock,
        name: 'wallet',
        previousKeyFile: walletKeyPath(before),
      });
      const rotated = await t.instance({ env });
      const jwksOf = async (instance: App) =>
        (await instance.inject({ method: 'GET', url: '/.well-known/jwt-vc-issuer' }))
          .json<{ jwks: { keys: JWK[] } }>()
          .jwks.keys.map((key) => key.kid);
      const newKid = (await jwksOf(rotated))[0];
      expect(await jwksOf(rotated)).toEqual([newKid, oldKid]);
      /** The outcome of `credential` presented to our verifier on `instance`, the one the wallet reaches. */
      const checkedOn = async (instance: App, credential: string) => {
        served = instance;
        const request = await presentationRequest(instance);
        await holder.present(request.request_url, credential);
        return resultOf(request, instance);
      };
      try {
        served = rotated;
        expect((await thirdPartyVerify(earlier)).payload).toMatchObject({ statement_id: certificateId });
        expect((await checkedOn(rotated, earlier)).is_valid).toBe(true);

        // `keys:revoke --key wallet --kid …`: the current key and a kid never recorded are refused, named.
        const revoke = (kid: string, name = 'wallet') =>
          revokeKey({ db: t.database.db, config: testConfig(t.database, env), clock, name, kid });
        await expect(revoke(String(newKid))).rejects.toThrow(
          `The wallet issuer key ${newKid} is this deployment's current key`,
        );
        await expect(revoke(String(newKid))).rejects.toThrow(/Rotate it first/);
        const unknown = (await foreignKey()).kid;
        await expect(revoke(unknown)).rejects.toThrow(
          `This deployment never recorded a wallet issuer key ${unknown}: its retired keys are ${oldKid}`,
        );
        await expect(revoke(oldKid, 'signing')).rejects.toThrow(RevocationError);
        expect(await jwksOf(rotated)).toEqual([newKid, oldKid]);

        // One credential of the new key, which the old key's count leaves out.
        served = rotated;
        const ofNewKey = await offerOf(rotated);
        await holder.receive(ofNewKey.offer_url, ofNewKey.tx_code);
        expect((await lastIssued()).issuer_kid).toBe(newKid);

        const revocation = await revoke(oldKid);
        // The credentials it signed that the portal knows of, and the one with no key recorded, the
        // only one in this file (every other was issued by this release).
        const signed = issued.filter((row) => row.issuer_kid === oldKid).length;
        expect(signed).toBeGreaterThanOrEqual(1);
        expect(revocation).toMatchObject({
          kid: oldKid,
          isRepeated: false,
          signed,
          unattributed: 1,
          inUseFrom: null,
        });
        expect(signedCredentialLines(revocation)).toEqual([
          `Credentials it signed that the portal knows of: ${signed} (wallet_offers.issuer_kid = '${oldKid}'); tell their holders to add the statement to their wallet again.`,
          expect.stringMatching(
            new RegExp(
              `^Credentials issued with no key recorded: 1 \\(issued before migration 2026-12-07-123-wallet-offers-issuer-kid, or by an instance of an older release; wallet_offers.issuer_kid is null\\)\\. .*wallet_offers.issued_at from the deployment's first credential \\(it was the first key\\) until every instance was restarted after its retirement, ${revocation.retiredAt} `,
            ),
          ),
        ]);
        // Run again, it answers the first revocation and writes nothing.
        clock.advance({ seconds: 5 });
        expect(await revoke(oldKid)).toEqual({ ...revocation, isRepeated: true });
        clock.set(new Date());

        // Listed by no instance, the one still holding the revoked key included; refused by our
        // verifier as a key never had (the signature step), and by a third party.
        for (const instance of [rotated, t.app]) expect(await jwksOf(instance)).toEqual([newKid]);
        served = rotated;
        await expect(thirdPartyVerify(earlier)).rejects.toThrow(/[Ss]ignature/);
        const result = await checkedOn(rotated, earlier);
        expect(result.is_valid).toBe(false);
        expect(result.checks[0]).toEqual({ step: 'signature', outcome: 'failed' });
        // The instance still holding the revoked key (not restarted since the rotation) signs and
        // takes nothing with it: no verifier's request, no status list, no credential offer's token.
        const stale = await Promise.all([
          newOffer(owner, practiceId, {}, t.app),
          t.app.inject({ method: 'POST', url: '/api/v1/wallet/presentations' }),
          t.app.inject({ method: 'GET', url: '/api/v1/wallet/status-list' }),
        ]);
        expect(stale.map((response) => response.statusCode)).toEqual([500, 500, 500]);
        for (const response of stale) expect(response.body).not.toContain(oldKid);

        // The holder asks for the statement’s credential again: signed by the new key, it verifies.
        served = rotated;
        const next = await offerOf(rotated);
        const later = await holder.receive(next.offer_url, next.tx_code);
        expect(decodeProtectedHeader(later.split('~')[0] ?? '').kid).toBe(newKid);
        expect((await lastIssued()).issuer_kid).toBe(newKid);
        expect((await thirdPartyVerify(later)).payload).toMatchObject({ statement_id: certificateId });
        expect((await checkedOn(rotated, later)).is_valid).toBe(true);

        // A rotation back to the revoked key is refused, and changes nothing.
        await expect(
          rotateKey({
            db: t.database.db,
            config: before,
            clock,
            name: 'wallet',
            previousKeyFile: newKeyPath,
          }),
        ).rejects.toThrow(`The new wallet issuer key ${oldKid} was revoked`);
        expect(await jwksOf(rotated)).toEqual([newKid]);
        await expect(
          assertKeyFingerprints(t.database.db, keySetFingerprints(testConfig(t.database, env)), clock),
        ).resolves.toEqual([]);
      } finally {
        served = t.app;
      }
    } finally {
      await putBack();
    }
  }, 120_000);

  it('never leaves a key both revoked and current when `keys:rotate` brings it back while `keys:revoke` runs: the one that writes its row first wins, the other is refused', async () => {
    const { putBack, config: keyA } = await onlyTheConfiguredWalletKey();
    const keyFile = (name: string) => {
      const path = join(t.database.tempDir, `wallet-issuer-race-${name}.pem`);
      writeFileSync(path, newWalletKeyPem());
      return { path, config: testConfig(t.database, { WALLET_ISSUER_KEY_PATH: path }) };
    };
    const kidOf = async (config: ReturnType<typeof testConfig>) => (await loadWalletIssuerKey(config)).kid;
    const rotate = (to: ReturnType<typeof testConfig>, previousKeyFile: string) =>
      rotateKey({ db: t.database.db, config: to, clock, name: 'wallet', previousKeyFile });
    const revoke = (config: ReturnType<typeof testConfig>, kid: string) =>
      revokeKey({ db: t.database.db, config, clock, name: 'wallet', kid });
    const recorded = async (kid: string) =>
      (await recordedWalletKeys(t.database.db)).find((record) => record.jwk.kid === kid);
    /**
     * `first`, then `second`, both writing the row of `kid`. On PostgreSQL another transaction holds
     * that row (`select … for update`): `first` waits for it, then `second` (behind `first` in the
     * row's queue), each in its own transaction having read what it reads before its write; released,
     * they write in that order. On SQLite a transaction takes the write lock as it begins
     * (`begin immediate`), so neither reads before the other committed, from two processes too: the
     * one runs, then the other, and the test shows the outcome each order must have, not the race.
     */
    const race = async <First, Second>(
      kid: string,
      first: () => Promise<First>,
      second: () => Promise<Second>,
    ) => {
      const settled = <T>(promise: Promise<T>) =>
        promise.then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
      if (!isPostgresRun) {
        const one = await settled(first());
        return [one, await settled(second())] as const;
      }
      const holding = await holdRow(t, (trx) =>
        sql`select kid from wallet_issuer_keys where kid = ${kid} for update`.execute(trx),
      );
      const one = settled(first());
      await holding.waiters(1);
      const two = settled(second());
      await holding.waiters(2);
      await holding.release();
      return [await one, await two] as const;
    };
    try {
      const b = keyFile('b');
      const [kidA, kidB] = [await kidOf(keyA), await kidOf(b.config)];
      await rotate(b.config, walletKeyPath(keyA));

      // `keys:revoke` writes A's row first; the rotation back to A, which read A as not revoked
      // before that committed, is refused once its own write of A's row is read back.
      const [revoked, broughtBack] = await race(
        kidA,
        () => revoke(b.config, kidA),
        () => rotate(keyA, b.path),
      );
      expect(revoked).toMatchObject({ value: { kid: kidA, isRepeated: false } });
      expect(broughtBack).toEqual({ error: expect.any(RotationError) });
      expect((broughtBack as { error: Error }).error.message).toContain(
        `The new wallet issuer key ${kidA} was revoked`,
      );
      expect(await recorded(kidA)).toMatchObject({
        retiredAt: expect.any(String),
        revokedAt: expect.any(String),
      });
      expect(await recorded(kidB)).toMatchObject({ retiredAt: null, revokedAt: null });
      await expect(
        assertKeyFingerprints(t.database.db, keySetFingerprints(b.config), clock),
      ).resolves.toEqual([]);

      // The rotation back to B writes B's row first; `keys:revoke`, which read B as retired before
      // that committed, revokes nothing once its write finds B current again.
      const c = keyFile('c');
      await rotate(c.config, b.path);
      const [rotated, refused] = await race(
        kidB,
        () => rotate(b.config, c.path),
        () => revoke(c.config, kidB),
      );
      expect(rotated).toMatchObject({ value: { name: 'wallet' } });
      expect(refused).toEqual({ error: expect.any(RevocationError) });
      expect((refused as { error: Error }).error.message).toContain(
        `The wallet issuer key ${kidB} is this deployment's current key`,
      );
      expect(await recorded(kidB)).toMatchObject({ retiredAt: null, revokedAt: null });
      await expect(
        assertKeyFingerprints(t.database.db, keySetFingerprints(b.config), clock),
      ).resolves.toEqual([]);
    } finally {
      await putBack();
    }
  }, 60_000);
});

describe('the credential’s claims and the offer’s lifetime', () => {
  it('carries the chain’s transaction once the statement’s seal entry is anchored (final)', async () => {
    const first = await offerOf();
    const unanchored = await thirdPartyVerify(await holder.receive(first.offer_url, first.tx_code));
    expect(unanchored.payload).not.toHaveProperty('chain_transaction');
    const { seal_hash: sealHash } = await t.database.db
      .selectFrom('statements')
      .select('seal_hash')
      .where('id', '=', certificateId)
      .executeTakeFirstOrThrow();
    const { seq } = await t.database.db
      .selectFrom('ledger_entries')
      .select('seq')
      .where('hash', '=', sealHash ?? '')
      .executeTakeFirstOrThrow();
    const txHash = `0x${'ab'.repeat(32)}`;
    const anchor = await t.database.db
      .insertInto('ledger_anchors')
      .values({
        first_seq: seq,
        last_seq: seq,
        entry_count: 1,
        root: 'cd'.repeat(32),
        chain_id: 31337,
        sender: `0x${'11'.repeat(20)}`,
        status: 'final',
        confirmations_required: 1,
        nonce: 0,
        raw_tx: null,
        tx_hash: txHash,
        block_number: 7,
        block_hash: `0x${'ef'.repeat(32)}`,
        block_time: clock.now().toISOString(),
        sent_at: clock.now().toISOString(),
        final_at: clock.now().toISOString(),
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('ledger_anchor_proofs')
      .values({ entry_seq: seq, anchor_id: anchor.id, leaf_index: 0, path: '[]' })
      .execute();
    const next = await offerOf();
    const anchored = await thirdPartyVerify(await holder.receive(next.offer_url, next.tx_code));
    expect(anchored.payload).toMatchObject({ chain_transaction: txHash, statement_id: certificateId });
  });

  it('lasts WALLET_OFFER_TTL_MINUTES when configured', async () => {
    const other = await t.instance({ env: { WALLET_OFFER_TTL_MINUTES: '5' } });
    const response = await other.inject({
      method: 'POST',
      url: `/api/v1/practices/${practiceId}/statement/wallet-offers`,
      headers: bearer(owner.token),
    });
    const offer = dataOf<WalletOffer>(response);
    expect(new Date(offer.expires_at).getTime() - clock.now().getTime()).toBe(5 * 60 * 1000);
  });
});

describe('the verifier’s limits, for an office whose desks share one address', () => {
  /** An instance with a floor of 5 calls a minute per address and 3 wallet requests in 10 minutes. */
  const tightInstance = () =>
    t.instance({
      env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_REFUSAL_DELAY_MS: '0', WALLET_REQUESTS_PER_ADDRESS: '3' },
    });
  /** A client address of its own, so that no other test's counters meet this one's. */
  const freshAddress = () => `10.77.${randomBytes(1)[0]}.${(randomBytes(1)[0] ?? 0) % 250}`;

  it('counts the polls of a check’s page per request: reading one request many times uses none of the address’s budget', async () => {
    const app = await tightInstance();
    const remoteAddress = freshAddress();
    const create = () => app.inject({ method: 'POST', url: '/api/v1/wallet/presentations', remoteAddress });
    const made = await create();
    expect(made.statusCode).toBe(201);
    const request = dataOf<WalletRequest>(made);
    const read = (query: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/v1/wallet/presentations/${request.id}`, query, remoteAddress });
    // A page asking every 2 s for more than a minute: eight times the address's floor.
    const polls: number[] = [];
    for (let poll = 0; poll < 40; poll += 1) polls.push((await read({ key: request.result_key })).statusCode);
    expect(polls).toEqual(Array(40).fill(200));
    // The address still makes its requests, up to WALLET_REQUESTS_PER_ADDRESS.
    expect((await create()).statusCode).toBe(201);
    expect((await create()).statusCode).toBe(201);
    expect((await create()).statusCode).toBe(429);
    // A read without the request's key counts for the address.
    const strangers: number[] = [];
    for (let poll = 0; poll < 6; poll += 1) strangers.push((await read({})).statusCode);
    expect(strangers).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('reads one request at most WALLET_RESULT_READS_PER_MINUTE times a minute', async () => {
    // WALLET_REQUESTS_PER_ADDRESS as by default: the address's cap on keyed reads is above the request's.
    const app = await t.instance({ env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_REFUSAL_DELAY_MS: '0' } });
    const remoteAddress = freshAddress();
    const request = dataOf<WalletRequest>(
      await app.inject({ method: 'POST', url: '/api/v1/wallet/presentations', remoteAddress }),
    );
    const statuses: number[] = [];
    for (let poll = 0; poll <= WALLET_RESULT_READS_PER_MINUTE; poll += 1)
      statuses.push(
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/wallet/presentations/${request.id}`,
            query: { key: request.result_key },
            remoteAddress,
          })
        ).statusCode,
      );
    expect(statuses.slice(0, -1)).toEqual(Array(WALLET_RESULT_READS_PER_MINUTE).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });

  it('caps the reads with a key one address makes in a minute, whatever the requests: 30 for each request it may make', async () => {
    const app = await tightInstance();
    const cap = walletResultReadsPerAddress(3);
    expect(cap).toBe(90);
    const remoteAddress = freshAddress();
    const requests: WalletRequest[] = [];
    for (let made = 0; made < 3; made += 1)
      requests.push(
        dataOf<WalletRequest>(
          await app.inject({ method: 'POST', url: '/api/v1/wallet/presentations', remoteAddress }),
        ),
      );
    const read = (request: WalletRequest | undefined, from = remoteAddress) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/wallet/presentations/${request?.id ?? ''}`,
        query: { key: request?.result_key ?? '' },
        remoteAddress: from,
      });
    // Each request read fewer than WALLET_RESULT_READS_PER_MINUTE times, together the address's cap.
    const statuses: number[] = [];
    for (let poll = 0; poll < cap; poll += 1) statuses.push((await read(requests[poll % 3])).statusCode);
    expect(statuses).toEqual(Array(cap).fill(200));
    const refused = await read(requests[0]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address reads the same request: the cap is the address's, not the request's.
    expect((await read(requests[0], freshAddress())).statusCode).toBe(200);
  });

  it('names its counters in the deployment’s Redis by what they count, as the global floor names its own', async () => {
    const REDIS_URL = 'redis://127.0.0.1:6379/14';
    const app = await t.instance({ env: { REDIS_URL, RATE_LIMIT_REFUSAL_DELAY_MS: '0' } });
    const remoteAddress = freshAddress();
    const request = dataOf<WalletRequest>(
      await app.inject({ method: 'POST', url: '/api/v1/wallet/presentations', remoteAddress }),
    );
    const read = (query: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/v1/wallet/presentations/${request.id}`, query, remoteAddress });
    expect((await read({ key: request.result_key })).statusCode).toBe(200);
    expect((await read({})).statusCode).toBe(404);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = (await redis.keys('lisbon:rate:*')).filter(
        (key) => key.endsWith(`:${remoteAddress}`) || key.endsWith(`:${request.id}`),
      );
      expect(keys.sort()).toEqual(
        [
          // The global floor, for the POST.
          `lisbon:rate:address:${remoteAddress}`,
          // The route's own buckets (@fastify/rate-limit prefixes them with the route).
          `lisbon:rate:GET/api/v1/wallet/presentations/:id-address:${remoteAddress}`,
          `lisbon:rate:GET/api/v1/wallet/presentations/:id-wallet-result:${request.id}`,
          // The keyed reads of the address, whatever the request.
          `lisbon:rate:wallet-result-address:${remoteAddress}`,
        ].sort(),
      );
    } finally {
      redis.disconnect();
    }
  });
});

/** The request object a wallet fetches for `request`: its payload, unverified (the wallet's tests verify it). */
async function requestObjectOf(request: WalletRequest, target: App = t.app) {
  const response = await target.inject({
    method: 'GET',
    url: `/api/v1/wallet/presentations/${request.id}/request`,
  });
  return decodeJwt<{
    aud: string;
    nonce: string;
    client_id: string;
    state: string;
    dcql_query: { credentials: { claims: { id: string }[]; claim_sets: string[][] }[] };
  }>(response.body);
}

/** A wallet's `direct_post` of a form of our own making, as a wallet that follows OpenID4VP 1.0 sends it. */
const answerWith = (request: WalletRequest, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/presentations/${request.id}/response`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('the verifier, as OpenID4VP 1.0 asks', () => {
  let credential: string;
  beforeAll(async () => {
    credential = await credentialNow();
  });

  /** The credential presented with `frame`'s disclosures and a key binding over the request's nonce. */
  async function presented(request: WalletRequest, frame: Record<string, boolean>, kb: object = {}) {
    const object = await requestObjectOf(request);
    const presentation = await holder.sdjwt.present(credential, frame, {
      kb: {
        payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce, ...kb },
      },
    });
    return answerWith(request, {
      vp_token: JSON.stringify({ statement: [presentation] }),
      state: request.id,
    });
  }
  const requiredOnly = { holder_name: true, country_of_education_system: true };

  it('signs a request object that expires with its request, however late the wallet fetches it', async () => {
    const request = await presentationRequest();
    const expiresAt = Math.floor(new Date(request.expires_at).getTime() / 1000);
    const fetched = async () =>
      decodeJwt<{ exp: number }>(
        (await t.app.inject({ method: 'GET', url: `/api/v1/wallet/presentations/${request.id}/request` }))
          .body,
      );
    expect((await fetched()).exp).toBe(expiresAt);
    clock.advance({ minutes: 7 });
    expect((await fetched()).exp).toBe(expiresAt);
  });

  it('signs its request for a wallet with static metadata (aud self-issued), asks for the claims every statement has and, by claim sets, for those it may lack', async () => {
    const object = await requestObjectOf(await presentationRequest());
    expect(object.aud).toBe('https://self-issued.me/v2');
    const [query] = object.dcql_query.credentials;
    const required = [
      'holder_name',
      'country_of_education_system',
      'statement_id',
      'issue_date',
      'ledger_transaction',
    ];
    expect(query?.claims.map((claim) => claim.id)).not.toContain('birth_date');
    expect(query?.claim_sets).toHaveLength(16);
    expect(query?.claim_sets[0]).toHaveLength(9);
    expect(query?.claim_sets.at(-1)?.sort()).toEqual([...required].sort());
    for (const set of query?.claim_sets ?? []) expect(set).toEqual(expect.arrayContaining(required));
  });

  it('ignores the answer’s parameters it does not read, a presentation_submission (one nested too deeply included) or an id_token beside the vp_token, and takes the presentation (OpenID4VP 1.0 §8.1)', async () => {
    const extras: Record<string, string>[] = [
      {
        presentation_submission: JSON.stringify({
          id: 'submission',
          definition_id: 'statement',
          descriptor_map: [{ id: 'statement', format: 'dc+sd-jwt', path: '$' }],
        }),
      },
      { id_token: 'eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJ3YWxsZXQifQ.c2ln' },
      // Nested deeper than the API parses: never parsed, so never refused either.
      { presentation_submission: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
    ];
    for (const extra of extras) {
      const request = await presentationRequest();
      const object = await requestObjectOf(request);
      const presentation = await holder.sdjwt.present(credential, requiredOnly, {
        kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce } },
      });
      const answer = await answerWith(request, {
        vp_token: JSON.stringify({ statement: [presentation] }),
        state: request.id,
        ...extra,
      });
      expect([answer.statusCode, answer.json().error_description]).toEqual([200, undefined]);
      expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: true });
    }
    // Its requests are given back to the address, for the tests after it.
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: walletRequestRule(testConfig(t.database).walletRequestsPerAddress), subject: '127.0.0.1' },
    ]);
  });

  /** What a bystander who saw the QR code can send: the request's id as `state`, and junk. */
  const JUNK_VP_TOKEN = JSON.stringify({ statement: ['eyJhbGciOiJub25lIn0.eyJpc3MiOiJ4In0.~'] });

  it('records a wallet’s error answer (the holder declined) as declined, keeps the request open, and takes a valid presentation after it', async () => {
    const request = await presentationRequest();
    const answer = await answerWith(request, { error: 'access_denied', state: request.id });
    expect(answer.statusCode).toBe(200);
    expect(await resultOf(request)).toMatchObject({
      state: 'declined',
      is_valid: null,
      is_open: true,
      claims: {},
    });
    const genuine = await presented(request, requiredOnly);
    expect(genuine.statusCode).toBe(200);
    expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: true, is_open: false });
    // Closed by the valid answer: a later decline or presentation is refused and changes nothing.
    const again = await answerWith(request, { error: 'access_denied', state: request.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_request' });
    expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: true });
  });

  it('keeps the request open after a bystander’s junk answer: the page shows it NOT valid, and the holder’s genuine answer then reads valid', async () => {
    const request = await presentationRequest();
    const junk = await answerWith(request, { vp_token: JUNK_VP_TOKEN, state: request.id });
    expect(junk.statusCode).toBe(200);
    const junkCode = new URLSearchParams(
      new URL(junk.json<{ redirect_uri: string }>().redirect_uri).hash.slice(1),
    ).get('response_code');
    const shown = await resultOf(request);
    expect(shown).toMatchObject({ state: 'checked', is_valid: false, is_open: true });
    expect(shown.checks).toContainEqual({ step: 'signature', outcome: 'failed' });
    // A flood of them keeps one answer, the first: the others are refused, and it stays open.
    for (let count = 0; count < 3; count += 1) {
      const again = await answerWith(request, { vp_token: JUNK_VP_TOKEN, state: request.id });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect((await resultOf(request)).is_open).toBe(true);

    const genuine = await presented(request, requiredOnly);
    expect(genuine.statusCode).toBe(200);
    expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: true, is_open: false });
    // The bystander's response code no longer reads the request: the holder's answer replaced theirs.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/presentations/${request.id}`,
      query: { response_code: junkCode ?? '' },
    });
    expect(read.statusCode).toBe(404);
    const late = await answerWith(request, { vp_token: JUNK_VP_TOKEN, state: request.id });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'invalid_request' });
    expect((await resultOf(request)).is_valid).toBe(true);
  });

  /** The response code of the redirect a wallet is given, or null when it is given none. */
  const responseCodeOf = (answer: { json<T>(): T }) => {
    const redirect = answer.json<{ redirect_uri?: string }>().redirect_uri;
    return redirect ? new URLSearchParams(new URL(redirect).hash.slice(1)).get('response_code') : null;
  };
  /** Runs `body` with the statement withdrawn (status revoked, as `statement:withdraw` sets it), then restores it. */
  async function whileRevoked(body: () => Promise<void>) {
    const setStatus = (status: 'revoked' | 'published') =>
      t.database.db.updateTable('statements').set({ status }).where('id', '=', certificateId).execute();
    await setStatus('revoked');
    try {
      await body();
    } finally {
      await setStatus('published');
    }
  }
  const readWithCode = (request: WalletRequest, responseCode: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/presentations/${request.id}`,
      query: { response_code: responseCode },
    });

  it('keeps the holder’s revoked credential shown over a bystander’s later decline and junk, and the holder’s response code reading it', async () => {
    await whileRevoked(async () => {
      const request = await presentationRequest();
      const genuine = await presented(request, requiredOnly);
      expect(genuine.statusCode).toBe(200);
      const holderCode = responseCodeOf(genuine) ?? '';
      // Not taken: refused, with no response code, which would show its browser the holder's claims.
      const forms: Record<string, string>[] = [{ error: 'access_denied' }, { vp_token: JUNK_VP_TOKEN }];
      for (const form of forms) {
        const refused = await answerWith(request, { ...form, state: request.id });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ error: 'invalid_request' });
        expect(refused.body).not.toContain('response_code');
      }
      const shown = await resultOf(request);
      expect(shown).toMatchObject({ state: 'checked', is_valid: false, is_open: true, reason: 'revoked' });
      expect(shown.checks).toContainEqual({ step: 'signature', outcome: 'passed' });
      expect(shown.checks).toContainEqual({ step: 'status', outcome: 'failed' });
      expect(shown.claims).toMatchObject({ statement_id: certificateId });
      const holderPage = await readWithCode(request, holderCode);
      expect(holderPage.statusCode).toBe(200);
      expect(dataOf<WalletCheck>(holderPage)).toMatchObject({ is_valid: false, reason: 'revoked' });
      clock.advance({ minutes: WALLET_PRESENTATION_TTL_MINUTES, seconds: 1 });
      expect(await resultOf(request)).toMatchObject({
        state: 'checked',
        is_valid: false,
        is_open: false,
        reason: 'revoked',
      });
    });
  });

  it('shows the holder’s revoked credential that came after a bystander’s junk, and the junk’s response code no longer reads the request', async () => {
    await whileRevoked(async () => {
      const request = await presentationRequest();
      const junk = await answerWith(request, { vp_token: JUNK_VP_TOKEN, state: request.id });
      const junkCode = responseCodeOf(junk) ?? '';
      expect(junkCode).not.toBe('');
      const genuine = await presented(request, requiredOnly);
      expect(genuine.statusCode).toBe(200);
      expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: false, reason: 'revoked' });
      expect((await readWithCode(request, responseCodeOf(genuine) ?? '')).statusCode).toBe(200);
      expect((await readWithCode(request, junkCode)).statusCode).toBe(404);
    });
  });

  it('keeps a check’s first conclusive answer: a second answer of the same kind is refused and changes nothing; only a valid presentation replaces it', async () => {
    const refusedAnswer = (answer: { statusCode: number; json(): unknown; body: string }) => {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'invalid_request' });
      expect(answer.body).not.toContain('redirect_uri');
    };
    await whileRevoked(async () => {
      // The holder presents a withdrawn statement; a second credential NOT valid (a bystander's, or
      // the same presented again) and a decline come after it: refused, and the first stays shown.
      const request = await presentationRequest();
      const genuine = await presented(request, requiredOnly);
      expect(genuine.statusCode).toBe(200);
      const holderCode = responseCodeOf(genuine) ?? '';
      refusedAnswer(await presented(request, { ...requiredOnly, qualification_name: true }));
      refusedAnswer(await answerWith(request, { error: 'access_denied', state: request.id }));
      const shown = await resultOf(request);
      expect(shown).toMatchObject({ state: 'checked', is_valid: false, is_open: true, reason: 'revoked' });
      expect(shown.claims).not.toHaveProperty('qualification_name');
      expect(dataOf<WalletCheck>(await readWithCode(request, holderCode))).toMatchObject({
        reason: 'revoked',
      });
      // A decline first: a NOT valid credential and another decline after it are refused.
      const declinedFirst = await presentationRequest();
      expect(
        (await answerWith(declinedFirst, { error: 'access_denied', state: declinedFirst.id })).statusCode,
      ).toBe(200);
      refusedAnswer(await presented(declinedFirst, requiredOnly));
      refusedAnswer(await answerWith(declinedFirst, { error: 'invalid_request', state: declinedFirst.id }));
      expect(await resultOf(declinedFirst)).toMatchObject({ state: 'declined', is_open: true });
    });
    // A key binding for another nonce is junk: it does not replace the holder's decline; the
    // holder's valid presentation does, and closes the check.
    const request = await presentationRequest();
    expect((await answerWith(request, { error: 'access_denied', state: request.id })).statusCode).toBe(200);
    refusedAnswer(await presented(request, requiredOnly, { nonce: 'another-request' }));
    expect(await resultOf(request)).toMatchObject({ state: 'declined', is_open: true });
    expect((await presented(request, requiredOnly)).statusCode).toBe(200);
    expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: true, is_open: false });
    refusedAnswer(await answerWith(request, { error: 'access_denied', state: request.id }));
    expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: true, is_open: false });
  });

  it('takes the holder’s revoked credential over a bystander’s key binding for another request (junk), and refuses that junk after it', async () => {
    await whileRevoked(async () => {
      const request = await presentationRequest();
      const replay = await presented(request, requiredOnly, { nonce: 'another-request' });
      expect(replay.statusCode).toBe(200);
      expect((await resultOf(request)).checks).toContainEqual({ step: 'holder_binding', outcome: 'failed' });
      const genuine = await presented(request, requiredOnly);
      expect(genuine.statusCode).toBe(200);
      expect(await resultOf(request)).toMatchObject({ is_valid: false, reason: 'revoked' });
      expect((await readWithCode(request, responseCodeOf(replay) ?? '')).statusCode).toBe(404);
      const late = await presented(request, requiredOnly, { nonce: 'another-request' });
      expect(late.statusCode).toBe(400);
      expect((await resultOf(request)).checks).toContainEqual({ step: 'holder_binding', outcome: 'passed' });
    });
  });

  it('counts junk answers apart in the metrics (rejected), not as a holder’s not_valid or declined', async () => {
    const counts = async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return Object.fromEntries(
        ['valid', 'not_valid', 'declined', 'rejected'].map((result) => [
          result,
          Number(
            new RegExp(`^lisbon_wallet_presentations_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(
              answer.body,
            )?.[1] ?? 0,
          ),
        ]),
      );
    };
    const before = await counts();
    // Junk, each on a request of its own: unsigned, a key binding for another nonce, for another
    // audience, an error that is no error code.
    const unsigned = await presentationRequest();
    expect((await answerWith(unsigned, { vp_token: JUNK_VP_TOKEN, state: unsigned.id })).statusCode).toBe(
      200,
    );
    expect(
      (await presented(await presentationRequest(), requiredOnly, { nonce: 'another' })).statusCode,
    ).toBe(200);
    expect(
      (await presented(await presentationRequest(), requiredOnly, { aud: 'https://another.example' }))
        .statusCode,
    ).toBe(200);
    const garbled = await presentationRequest();
    expect((await answerWith(garbled, { error: 'Not An Error!', state: garbled.id })).statusCode).toBe(200);
    // A holder's real outcomes: a decline, a valid presentation.
    const declined = await presentationRequest();
    expect((await answerWith(declined, { error: 'access_denied', state: declined.id })).statusCode).toBe(200);
    expect((await presented(await presentationRequest(), requiredOnly)).statusCode).toBe(200);
    expect(await counts()).toEqual({
      valid: (before.valid ?? 0) + 1,
      not_valid: before.not_valid,
      declined: (before.declined ?? 0) + 1,
      rejected: (before.rejected ?? 0) + 4,
    });
    // Its six requests are given back to the address, for the tests after it.
    await createRateLimiter({ db: t.database.db, clock }).reset([
      { rule: walletRequestRule(testConfig(t.database).walletRequestsPerAddress), subject: '127.0.0.1' },
    ]);
  });

  it('shows a junk answer alone as NOT valid, and the request expires as before', async () => {
    const request = await presentationRequest();
    expect((await answerWith(request, { vp_token: JUNK_VP_TOKEN, state: request.id })).statusCode).toBe(200);
    clock.advance({ minutes: WALLET_PRESENTATION_TTL_MINUTES, seconds: 1 });
    expect(await resultOf(request)).toMatchObject({ state: 'checked', is_valid: false, is_open: false });
    const late = await answerWith(request, { vp_token: JUNK_VP_TOKEN, state: request.id });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'invalid_request' });
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/presentations/${request.id}/request`,
    });
    expect(fetched.statusCode).toBe(400);
  });

  it('shows the outcome only to the browser that asked (its key) or to the page the wallet opens (the response code), 404 to anyone who saw the QR code', async () => {
    const request = await presentationRequest();
    expect(request.request_url).not.toContain(request.result_key);
    const read = (query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/v1/wallet/presentations/${request.id}`, query });
    expect((await read({})).statusCode).toBe(404);
    const answer = await presented(request, requiredOnly);
    expect(answer.statusCode).toBe(200);
    const redirect = new URL(answer.json<{ redirect_uri: string }>().redirect_uri);
    expect(redirect.pathname).toBe(`/verify/wallet/${request.id}`);
    expect(redirect.search).toBe('');
    const responseCode = new URLSearchParams(redirect.hash.slice(1)).get('response_code') ?? '';
    expect(responseCode).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const other = await presentationRequest();
    const refusedQueries: Record<string, string>[] = [
      {},
      { key: other.result_key },
      { response_code: other.result_key },
      { key: responseCode },
    ];
    for (const query of refusedQueries) {
      const refused = await read(query);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('holder_name');
    }
    const shownQueries: Record<string, string>[] = [
      { key: request.result_key },
      { response_code: responseCode },
    ];
    for (const query of shownQueries) {
      const shown = await read(query);
      expect(shown.statusCode).toBe(200);
      expect(dataOf<WalletCheck>(shown)).toMatchObject({ state: 'checked', is_valid: true });
    }
    expect((await read({ key: 'not a key' })).statusCode).toBe(422);
    // Each reads the holder's claims: secrets the log check looks for in every line (decision 083).
    expect(mintedHere()).toEqual(expect.arrayContaining([request.id, request.result_key, responseCode]));
  });

  it('reads a request made before keys were given (no key recorded) by its id, until housekeeping deletes it', async () => {
    const request = await presentationRequest();
    await t.database.db
      .updateTable('wallet_presentations')
      .set({ result_key_hash: null })
      .where('id', '=', request.id)
      .execute();
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/wallet/presentations/${request.id}` });
    expect(read.statusCode).toBe(200);
    expect(dataOf<WalletCheck>(read).state).toBe('waiting');
  });

  it('refuses an unreadable vp_token or an answer without the request’s state with 400 invalid_request, never 500, and keeps waiting', async () => {
    const request = await presentationRequest();
    const forms: Record<string, string>[] = [
      { vp_token: '{bad', state: request.id },
      { vp_token: 'eyJhbGciOiJFUzI1NiJ9.e30.sig~', state: request.id },
      { vp_token: JSON.stringify({ statement: ['x'] }) },
    ];
    for (const form of forms) {
      const answer = await answerWith(request, form);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect((await resultOf(request)).state).toBe('waiting');
  });

  it('refuses an answer the query did not ask for: a bare string, two presentations, a JSON body (400 invalid_request)', async () => {
    const request = await presentationRequest();
    const object = await requestObjectOf(request);
    const presentation = await holder.sdjwt.present(credential, requiredOnly, {
      kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce } },
    });
    for (const vpToken of [{ statement: presentation }, { statement: [presentation, presentation] }]) {
      const answer = await answerWith(request, { vp_token: JSON.stringify(vpToken), state: request.id });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'invalid_request' });
    }
    const asJson = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wallet/presentations/${request.id}/response`,
      payload: { vp_token: { statement: [presentation] }, state: request.id },
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toMatchObject({ error: 'invalid_request' });
    expect((await resultOf(request)).state).toBe('waiting');
    // The answer as the query asks it is still taken.
    const answer = await answerWith(request, {
      vp_token: JSON.stringify({ statement: [presentation] }),
      state: request.id,
    });
    expect(answer.statusCode).toBe(200);
    expect((await resultOf(request)).is_valid).toBe(true);
  });

  it('refuses a vp_token sent as the presentation on its own, not the DCQL object keyed by the query id (400 invalid_request, said so)', async () => {
    const request = await presentationRequest();
    const object = await requestObjectOf(request);
    const presentation = await holder.sdjwt.present(credential, requiredOnly, {
      kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce } },
    });
    // The holder's own valid presentation, as the drafts before DCQL sent it, and as a JSON string.
    for (const vpToken of [presentation, JSON.stringify(presentation)]) {
      const answer = await answerWith(request, { vp_token: vpToken, state: request.id });
      expect([answer.statusCode, answer.json()]).toEqual([
        400,
        {
          error: 'invalid_request',
          error_description:
            'The vp_token is a JSON object keyed by credential query id (statement), not a presentation on its own (OpenID4VP 1.0 DCQL)',
        },
      ]);
    }
    expect((await resultOf(request)).state).toBe('waiting');
  });

  it('refuses a vp_token that names a credential query the request never made, beside the statement or alone (400 invalid_request, the id named)', async () => {
    const request = await presentationRequest();
    const object = await requestObjectOf(request);
    const presentation = await holder.sdjwt.present(credential, requiredOnly, {
      kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce } },
    });
    const tokens: [Record<string, string[]>, string][] = [
      [{ statement: [presentation], diploma: [presentation] }, 'diploma'],
      [{ diploma: [presentation], statement: [presentation] }, 'diploma'],
      [{ other: [presentation] }, 'other'],
      [{ statement: [presentation], ['q'.repeat(100)]: [] }, `${'q'.repeat(64)}...`],
    ];
    for (const [vpToken, shown] of tokens) {
      const answer = await answerWith(request, { vp_token: JSON.stringify(vpToken), state: request.id });
      expect([answer.statusCode, answer.json()]).toEqual([
        400,
        {
          error: 'invalid_request',
          error_description: `The vp_token names the credential query ${shown}, which this request did not make: its one query is statement (OpenID4VP 1.0 section 8.1)`,
        },
      ]);
    }
    expect((await resultOf(request)).state).toBe('waiting');
    const taken = await answerWith(request, {
      vp_token: JSON.stringify({ statement: [presentation] }),
      state: request.id,
    });
    expect(taken.statusCode).toBe(200);
    expect((await resultOf(request)).is_valid).toBe(true);
  });

  it('tells a wallet that sends the presentation twice, in the query’s array, under the query id named twice or as a parameter sent twice, that the query asks for one (400 invalid_request)', async () => {
    const request = await presentationRequest();
    const object = await requestObjectOf(request);
    const present = (frame: Record<string, boolean>) =>
      holder.sdjwt.present(credential, frame, {
        kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce } },
      });
    const presentation = await present(requiredOnly);
    // Another presentation of the same credential: more claims disclosed.
    const other = await present({ ...requiredOnly, qualification_name: true });
    const answer = (params: [string, string][]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/wallet/presentations/${request.id}/response`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(params).toString(),
      });
    const asked = JSON.stringify({ statement: [presentation] });
    const refusals: [[string, string][], string][] = [
      [
        [
          ['vp_token', JSON.stringify({ statement: [presentation, presentation] })],
          ['state', request.id],
        ],
        'The vp_token holds the same presentation more than once for the query statement: the query asks for one (multiple is false in its DCQL query, OpenID4VP 1.0)',
      ],
      [
        [
          ['vp_token', JSON.stringify({ statement: [presentation, other] })],
          ['state', request.id],
        ],
        'The vp_token holds 2 presentations for the query statement: the query asks for one (multiple is false in its DCQL query, OpenID4VP 1.0)',
      ],
      [
        [
          [
            'vp_token',
            `{"statement":${JSON.stringify([other])},"\u0073tatement":${JSON.stringify([presentation])}}`,
          ],
          ['state', request.id],
        ],
        'The vp_token names the query statement more than once: the query asks for one (multiple is false in its DCQL query, OpenID4VP 1.0)',
      ],
      [
        [
          ['vp_token', asked],
          ['vp_token', asked],
          ['state', request.id],
        ],
        'The parameter vp_token is sent more than once',
      ],
      [
        [
          ['vp_token', asked],
          ['state', request.id],
          ['state', request.id],
        ],
        'The parameter state is sent more than once',
      ],
    ];
    for (const [params, description] of refusals) {
      const refused = await answer(params);
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        { error: 'invalid_request', error_description: description },
      ]);
    }
    expect((await resultOf(request)).state).toBe('waiting');
    // The presentation once, as the query asks, is taken.
    const taken = await answer([
      ['vp_token', asked],
      ['state', request.id],
    ]);
    expect(taken.statusCode).toBe(200);
    expect((await resultOf(request)).is_valid).toBe(true);
  });

  it('tells a wallet that answers in both response modes at once, a JWE beside its vp_token or error, that one is taken (400 invalid_request)', async () => {
    const request = await presentationRequest();
    const object = await requestObjectOf(request);
    const presentation = await holder.sdjwt.present(credential, requiredOnly, {
      kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce } },
    });
    const vpToken = JSON.stringify({ statement: [presentation] });
    const jwe = 'eyJhbGciOiJFQ0RILUVTIiwiZW5jIjoiQTI1NkdDTSJ9..iv.ciphertext.tag';
    const forms: Record<string, string>[] = [
      { vp_token: vpToken, state: request.id, response: jwe },
      { error: 'access_denied', state: request.id, response: jwe },
    ];
    for (const form of forms) {
      const refused = await answerWith(request, form);
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        {
          error: 'invalid_request',
          error_description:
            'The answer is in one response mode, not both: a form with vp_token and state (direct_post) or a form with one response, a JWE (direct_post.jwt)',
        },
      ]);
    }
    expect((await resultOf(request)).state).toBe('waiting');
    expect((await answerWith(request, { vp_token: vpToken, state: request.id })).statusCode).toBe(200);
    expect((await resultOf(request)).is_valid).toBe(true);
  });

  it('is NOT valid when the claims asked of every statement are not disclosed; a claim it did not ask for is not kept', async () => {
    const withholding = await presentationRequest();
    await presented(withholding, {});
    const withheld = await resultOf(withholding);
    expect(withheld.is_valid).toBe(false);
    expect(withheld.checks).toContainEqual({ step: 'claims', outcome: 'failed' });
    expect(withheld.checks).toContainEqual({ step: 'signature', outcome: 'passed' });
    expect(withheld.claims).not.toHaveProperty('holder_name');

    const oversharing = await presentationRequest();
    await presented(oversharing, { ...requiredOnly, birth_date: true });
    const overshared = await resultOf(oversharing);
    expect(overshared).toMatchObject({ state: 'checked', is_valid: true });
    expect(overshared.checks.map((check) => check.outcome)).toEqual(Array(5).fill('passed'));
    expect(overshared.claims).toMatchObject({ holder_name: expect.any(String), statement_id: certificateId });
    expect(overshared.claims).not.toHaveProperty('birth_date');
  });

  it('keeps a check and the claims disclosed for WALLET_RESULT_KEPT_HOURS after its request expired, then deletes it', async () => {
    const checked = await presentationRequest();
    await presented(checked, requiredOnly);
    const unanswered = await presentationRequest();
    const ctx = contextFor(t.database, clock);
    clock.advance({ minutes: WALLET_PRESENTATION_TTL_MINUTES, hours: WALLET_RESULT_KEPT_HOURS - 1 });
    expect(await purgeOldPresentations(ctx)).toEqual({ removed: 0 });
    expect(await resultOf(checked)).toMatchObject({ state: 'checked', is_valid: true });
    expect(await resultOf(unanswered)).toMatchObject({ state: 'expired' });

    clock.advance({ hours: 1, minutes: 1 });
    const fresh = await presentationRequest();
    expect((await purgeOldPresentations(ctx)).removed).toBeGreaterThanOrEqual(2);
    for (const request of [checked, unanswered]) {
      const gone = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/presentations/${request.id}`,
        query: { key: request.result_key },
      });
      expect(gone.statusCode).toBe(404);
    }
    expect(await resultOf(fresh)).toMatchObject({ state: 'waiting' });
  });

  it('fails the holder binding of a key binding made long before the request, ahead of the clock, or past its exp', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const kb of [{ iat: now - 365 * 24 * 3600 }, { iat: now + 24 * 3600 }, { exp: now - 60 }]) {
      const request = await presentationRequest();
      expect((await presented(request, requiredOnly, kb)).statusCode).toBe(200);
      const result = await resultOf(request);
      expect(result.is_valid).toBe(false);
      expect(result.checks).toContainEqual({ step: 'holder_binding', outcome: 'failed' });
    }
  });
});

describe('the issuer’s refusals, as OpenID4VCI 1.0 names them', () => {
  const printableAscii = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;

  it('names each malformed credential request by its code, in one line of plain ASCII', async () => {
    const offer = await offerOf();
    const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    const { jwt } = await holder.keyProof(issuerMetadata);
    const [header = '', , signature = ''] = jwt.split('.');
    const withoutNonce = `${header}.${Buffer.from(JSON.stringify({ aud: 'http://localhost:3000', iat: Math.floor(Date.now() / 1000) })).toString('base64url')}.${signature}`;
    const cases: [object | string, string][] = [
      [{ credential_configuration_id: 'nope', proofs: { jwt: [jwt] } }, 'unknown_credential_configuration'],
      [{ credential_identifier: 'x', proofs: { jwt: [jwt] } }, 'unknown_credential_identifier'],
      [
        { credential_configuration_id: 'recognition-statement', proof: { proof_type: 'jwt', jwt } },
        'invalid_credential_request',
      ],
      [
        { credential_configuration_id: 'recognition-statement', proofs: { jwt: [jwt, jwt] } },
        'invalid_credential_request',
      ],
      [{ credential_configuration_id: 'recognition-statement' }, 'invalid_proof'],
      // The metadata offers no encrypted answer: a wallet asking for one is told so, not answered in clear.
      [
        {
          credential_configuration_id: 'recognition-statement',
          proofs: { jwt: [jwt] },
          credential_response_encryption: {
            jwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' },
            enc: 'A128GCM',
          },
        },
        'invalid_encryption_parameters',
      ],
      [
        { credential_configuration_id: 'recognition-statement', proofs: { jwt: [withoutNonce] } },
        'invalid_proof',
      ],
      [
        {
          credential_configuration_id: 'recognition-statement',
          proofs: { jwt: [`${jwt.slice(0, -4)}AAAA`] },
        },
        'invalid_proof',
      ],
      ['{"credential_configuration_id":', 'invalid_credential_request'],
    ];
    for (const [payload, error] of cases) {
      const response = await credentialRequest(accessToken, payload);
      expect({ payload, status: response.statusCode, error: response.json().error }).toEqual({
        payload,
        status: 400,
        error,
      });
      expect(response.json().error_description).toMatch(printableAscii);
    }
    // JSON nested deeper than any input, refused before it is parsed, in the endpoint's format.
    const deep = await credentialRequest(accessToken, `${'['.repeat(500_000)}${']'.repeat(500_000)}`);
    expect([deep.statusCode, deep.json()]).toEqual([
      400,
      { error: 'invalid_credential_request', error_description: 'The request body is nested too deeply' },
    ]);
    // A body of a type no parser reads keeps its status (415), in the endpoint's format.
    const unreadable = await credentialRequest(accessToken, 'proofs=x', 'text/plain');
    expect([unreadable.statusCode, unreadable.json().error]).toEqual([415, 'invalid_credential_request']);
    // None of them spent the offer: the credential still comes with a good request.
    const good = await credentialRequest(accessToken, withProof(jwt));
    expect(good.statusCode).toBe(200);
  });

  it('salts each disclosure with 128 bits (RFC 9901 §9.3)', async () => {
    const offer = await offerOf();
    const issued = await holder.receive(offer.offer_url, offer.tx_code);
    for (const disclosure of issued.split('~').slice(1).filter(Boolean)) {
      const [salt] = JSON.parse(Buffer.from(disclosure, 'base64url').toString()) as [string];
      expect(Buffer.from(salt, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
  });

  it('answers a nonce to an empty POST however the wallet’s HTTP client labels it (OpenID4VCI 1.0 §7.1)', async () => {
    const asSent = [
      {},
      { headers: { 'content-type': 'application/json' } },
      { headers: { 'content-type': 'application/json' }, payload: '{}' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ];
    for (const request of asSent) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/wallet/nonce', ...request });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      // OpenID4VCI 1.0 §7.2: c_nonce, and nothing else (no c_nonce_expires_in, which 1.0 dropped).
      expect(Object.keys(response.json())).toEqual(['c_nonce']);
      expect(typeof response.json<{ c_nonce?: unknown }>().c_nonce).toBe('string');
    }
  });

  it('tells a request without an access token only the schemes, Bearer and DPoP with its algorithms, with no error (RFC 6750 §3.1, RFC 9449 §7.1); a bad token is told invalid_token', async () => {
    const bare = await t.app.inject({ method: 'POST', url: '/api/v1/wallet/credential', payload: {} });
    // A scheme the endpoint does not take is no access token either ("an unsupported authentication method").
    const basic = await credentialRequest('d2FsbGV0OnNlY3JldA==', {}, 'application/json', 'Basic ');
    for (const response of [bare, basic]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toEqual(['Bearer', 'DPoP algs="ES256"']);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe('');
    }
    const wrong = await credentialRequest('not-a-token', {});
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'invalid_token']);
    expect(wrong.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const wrongAsDpop = await credentialRequest('not-a-token', {}, 'application/json', 'DPoP ');
    expect([wrongAsDpop.statusCode, wrongAsDpop.json().error]).toEqual([401, 'invalid_token']);
    expect(wrongAsDpop.headers['www-authenticate']).toBe('DPoP error="invalid_token", algs="ES256"');
  });

  it('checks the access token before it reads the body: no token, or a bad one, is a 401 whatever the body', async () => {
    const bodies: [string, string][] = [
      ['{"credential_configuration_id":', 'application/json'],
      [`${'['.repeat(500_000)}${']'.repeat(500_000)}`, 'application/json'],
      ['proofs=x', 'text/plain'],
    ];
    for (const [payload, contentType] of bodies) {
      const bare = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/credential',
        headers: { 'content-type': contentType },
        payload,
      });
      expect([bare.statusCode, bare.body]).toEqual([401, '']);
      expect(bare.headers['www-authenticate']).toEqual(['Bearer', 'DPoP algs="ES256"']);
      const wrong = await credentialRequest('not-a-token', payload, contentType);
      expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'invalid_token']);
      expect(wrong.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });

  it('takes the token request as a form only; a missing transaction code is invalid_request and costs no attempt', async () => {
    const offer = await offerOf();
    const code = new URL(offer.offer_url).searchParams.get('credential_offer') ?? '';
    const preAuthorizedCode = (
      JSON.parse(code) as { grants: Record<string, { 'pre-authorized_code': string }> }
    ).grants['urn:ietf:params:oauth:grant-type:pre-authorized_code']?.['pre-authorized_code'];
    const grant = {
      grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
      'pre-authorized_code': preAuthorizedCode ?? '',
    };
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/token',
      payload: { ...grant, tx_code: offer.tx_code },
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json().error).toBe('invalid_request');
    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    for (let tries = 0; tries < 6; tries += 1) {
      const missing = await form(grant);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('invalid_request');
    }
    const good = await form({ ...grant, tx_code: offer.tx_code });
    expect(good.statusCode).toBe(200);
  });

  it('lets no more than five transaction codes be tried, even all at once', async () => {
    const offer = await offerOf();
    const wrong = offer.tx_code === '000000' ? '111111' : '000000';
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, () => holder.accessToken(offer.offer_url, wrong)),
    );
    const reasons = answers.map((answer) =>
      answer.status === 'rejected' ? String(answer.reason) : 'granted',
    );
    expect(reasons.filter((reason) => /Wrong transaction code/.test(reason))).toHaveLength(5);
    expect(reasons.filter((reason) => /Too many wrong transaction codes/.test(reason))).toHaveLength(7);
    await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow(/Too many/);
  });
});

describe('asking for the credential by authorization_details (OpenID4VCI 1.0 §6)', () => {
  const asked = (configuration: string) => [
    { type: 'openid_credential', credential_configuration_id: configuration },
  ];
  /** The offer's token request as a form, with `authorization_details` as the wallet sent it. */
  const tokenRequest = (offer: WalletOffer, authorizationDetails: string) => {
    const code: string = JSON.parse(new URL(offer.offer_url).searchParams.get('credential_offer') ?? '')
      .grants['urn:ietf:params:oauth:grant-type:pre-authorized_code']['pre-authorized_code'];
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
        'pre-authorized_code': code,
        tx_code: offer.tx_code,
        authorization_details: authorizationDetails,
      }).toString(),
    });
  };

  it('advertises the type in the authorization server metadata (RFC 9396 §10)', async () => {
    const server = (
      await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })
    ).json();
    expect(server.authorization_details_types_supported).toEqual(['openid_credential']);
  });

  it('grants the configuration the offer names, answers its credential identifier, and issues by that identifier only', async () => {
    const offer = await offerOf();
    const { issuerMetadata, accessToken, accessTokenResponse } = await holder.accessToken(
      offer.offer_url,
      offer.tx_code,
      { authorizationDetails: asked('recognition-statement') },
    );
    expect(accessTokenResponse.authorization_details).toEqual([
      {
        type: 'openid_credential',
        credential_configuration_id: 'recognition-statement',
        credential_identifiers: [expect.any(String)],
      },
    ]);
    const identifier = (
      accessTokenResponse.authorization_details?.[0]?.credential_identifiers as string[]
    )[0];
    const proofs = { jwt: [(await holder.keyProof(issuerMetadata)).jwt] };
    const byConfiguration = await credentialRequest(accessToken, withProof(proofs.jwt[0] ?? ''));
    expect(byConfiguration.statusCode).toBe(400);
    expect(byConfiguration.json().error).toBe('invalid_credential_request');
    const byOtherIdentifier = await credentialRequest(accessToken, {
      credential_identifier: 'another',
      proofs,
    });
    expect(byOtherIdentifier.statusCode).toBe(400);
    expect(byOtherIdentifier.json().error).toBe('unknown_credential_identifier');
    const issued = await credentialRequest(accessToken, { credential_identifier: identifier, proofs });
    expect(issued.statusCode).toBe(200);
    const credential =
      issued.json<{ credentials: { credential: string }[] }>().credentials[0]?.credential ?? '';
    expect((await thirdPartyVerify(credential)).payload).toMatchObject({ statement_id: certificateId });
  });

  it('refuses a configuration the offer does not grant, or details it cannot read, with 400 invalid_authorization_details, costing no attempt', async () => {
    const offer = await offerOf();
    for (const details of [
      JSON.stringify(asked('another-credential')),
      JSON.stringify([{ type: 'payment_initiation', credential_configuration_id: 'recognition-statement' }]),
      JSON.stringify([]),
      'not json',
    ]) {
      const refused = await tokenRequest(offer, details);
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.json()).toMatchObject({ error: 'invalid_authorization_details' });
    }
    expect(
      (await tokenRequest(offer, JSON.stringify(asked('another-credential')))).json().error_description,
    ).toBe('The offer does not grant the credential configuration another-credential');
    // The offer is neither spent nor one attempt poorer: the right request still gets its token.
    const granted = await tokenRequest(offer, JSON.stringify(asked('recognition-statement')));
    expect(granted.statusCode).toBe(200);
    expect(granted.json().authorization_details[0].credential_configuration_id).toBe('recognition-statement');
  });
});

describe('a c_nonce is good once (decision 088, amended 2026-12-05)', () => {
  /** The credential request of one key proof, as an eavesdropper would replay it, to an instance. */
  const sendTo = (target: App, accessToken: string, jwt: string) =>
    target.inject({
      method: 'POST',
      url: '/api/v1/wallet/credential',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify(withProof(jwt)),
    });

  it('refuses a key proof whose nonce was used, as invalid_nonce, on any instance, even sent at once; a new nonce is taken', async () => {
    const other = await t.instance();
    const offer = await offerOf();
    const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    const { jwt } = await holder.keyProof(issuerMetadata);
    const both = await Promise.all([sendTo(t.app, accessToken, jwt), sendTo(other, accessToken, jwt)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((response) => response.statusCode === 400)?.json()).toEqual({
      error: 'invalid_nonce',
      error_description: 'The nonce of the key proof was used already: ask the nonce endpoint for a new one',
    });
    for (const target of [t.app, other]) {
      const replayed = await sendTo(target, accessToken, jwt);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().error).toBe('invalid_nonce');
    }
    // The wallet itself asks the nonce endpoint again, and is answered again (decision 102).
    const { jwt: fresh } = await holder.keyProof(issuerMetadata);
    expect((await sendTo(other, accessToken, fresh)).statusCode).toBe(200);
  });

  it('forgets a spent nonce at housekeeping once it expired, when its signature refuses it anyway', async () => {
    const offer = await offerOf();
    const { issuerMetadata, accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    const { jwt } = await holder.keyProof(issuerMetadata);
    expect((await sendTo(t.app, accessToken, jwt)).statusCode).toBe(200);
    const { jti } = decodeJwt(String(decodeJwt(jwt).nonce));
    const spent = () =>
      t.database.db.selectFrom('wallet_spent_nonces').select('jti').where('jti', '=', String(jti)).execute();
    const ctx = contextFor(t.database, clock);
    await purgeSpentNonces(ctx);
    expect(await spent()).toHaveLength(1);
    clock.advance({ minutes: 5, seconds: 1 });
    expect((await purgeSpentNonces(ctx)).removed).toBeGreaterThanOrEqual(1);
    expect(await spent()).toHaveLength(0);
  });
});

describe('DPoP-bound access tokens (RFC 9449; decision 088, amended 2026-12-05)', () => {
  const TOKEN_URL = 'http://localhost:3000/api/v1/wallet/token';
  const CREDENTIAL_URL = 'http://localhost:3000/api/v1/wallet/credential';
  type DpopKey = { privateKey: CryptoKey; publicJwk: JWK };
  const newDpopKey = async (): Promise<DpopKey> => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    return { privateKey, publicJwk: await exportJWK(publicKey) };
  };
  /** A DPoP proof as a wallet makes it (RFC 9449 §4.2), or changed where a test says. */
  const proofOf = (
    key: DpopKey,
    {
      htm = 'POST',
      htu,
      accessToken,
      ath = accessToken && createHash('sha256').update(accessToken).digest('base64url'),
      iat = Math.floor(clock.now().getTime() / 1000),
      jwk = key.publicJwk,
      typ = 'dpop+jwt',
    }: {
      htm?: string;
      htu: string;
      accessToken?: string;
      ath?: string;
      iat?: number;
      jwk?: JWK;
      typ?: string;
    },
  ) =>
    new SignJWT({ htm, htu, ...(ath ? { ath } : {}), jti: randomBytes(16).toString('base64url') })
      .setProtectedHeader({ alg: 'ES256', typ, jwk })
      .setIssuedAt(iat)
      .sign(key.privateKey);
  const tokenRequest = (offer: WalletOffer, dpop?: string, target: App = t.app, txCode = offer.tx_code) => {
    const code = JSON.parse(new URL(offer.offer_url).searchParams.get('credential_offer') ?? '{}');
    return target.inject({
      method: 'POST',
      url: '/api/v1/wallet/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(dpop ? { dpop } : {}) },
      payload: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
        'pre-authorized_code':
          code.grants['urn:ietf:params:oauth:grant-type:pre-authorized_code']['pre-authorized_code'],
        tx_code: txCode,
      }).toString(),
    });
  };
  /** A token bound to `key`, and the issuer metadata a key proof is made for. */
  const boundToken = async (key: DpopKey) => {
    const offer = await offerOf();
    const response = await tokenRequest(offer, await proofOf(key, { htu: TOKEN_URL }));
    expect(response.statusCode).toBe(200);
    const issuerMetadata = await holder.vci.resolveIssuerMetadata('http://localhost:3000');
    return { accessToken: response.json<{ access_token: string }>().access_token, issuerMetadata };
  };
  const dpopCredentialRequest = async (
    accessToken: string,
    keyProofJwt: string,
    dpop: string | undefined,
    target: App = t.app,
  ) =>
    target.inject({
      method: 'POST',
      url: '/api/v1/wallet/credential',
      headers: {
        authorization: `DPoP ${accessToken}`,
        'content-type': 'application/json',
        ...(dpop ? { dpop } : {}),
      },
      payload: JSON.stringify(withProof(keyProofJwt)),
    });

  it('advertises the DPoP algorithms in the authorization server metadata', async () => {
    const server = (
      await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })
    ).json();
    expect(server.dpop_signing_alg_values_supported).toEqual(['ES256']);
  });

  it('binds the token of a wallet that proves a key (token_type DPoP, cnf.jkt) and issues the credential with a proof of it', async () => {
    const offer = await offerOf();
    const { accessTokenResponse } = await holder.accessToken(offer.offer_url, offer.tx_code, { dpop: true });
    expect(accessTokenResponse.token_type).toBe('DPoP');
    // A credential for the statement: a secret the log check looks for in every line (decision 083).
    expect(mintedHere()).toContain(accessTokenResponse.access_token);
    expect(decodeJwt(accessTokenResponse.access_token).cnf).toEqual({
      jkt: await calculateJwkThumbprint(holder.publicJwk as JWK),
    });
    // The whole flow with the libraries' client: DPoP at the token and the credential endpoints.
    const again = await offerOf();
    const credential = await holder.receive(again.offer_url, again.tx_code, { dpop: true });
    expect((await thirdPartyVerify(credential)).payload.statement_id).toBe(certificateId);
  });

  it('still gives a wallet that sends no proof a Bearer token and its credential, though DPoP is advertised', async () => {
    const server = (
      await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })
    ).json();
    expect(server.dpop_signing_alg_values_supported).toContain('ES256');
    const offer = await offerOf();
    const { issuerMetadata, accessToken, accessTokenResponse } = await holder.accessToken(
      offer.offer_url,
      offer.tx_code,
    );
    expect(accessTokenResponse.token_type).toBe('Bearer');
    expect(decodeJwt(accessToken)).not.toHaveProperty('cnf');
    const { jwt } = await holder.keyProof(issuerMetadata);
    expect((await credentialRequest(accessToken, withProof(jwt))).statusCode).toBe(200);
  });

  it('refuses a bad proof at the token endpoint as invalid_dpop_proof (400), and the offer stays good', async () => {
    const key = await newDpopKey();
    const offer = await offerOf();
    const bad = [
      await proofOf(key, { htu: 'http://localhost:3000/api/v1/wallet/credential' }),
      await proofOf(key, { htu: TOKEN_URL, htm: 'GET' }),
      await proofOf(key, { htu: TOKEN_URL, typ: 'JWT' }),
      await proofOf(key, { htu: TOKEN_URL, iat: Math.floor(clock.now().getTime() / 1000) - 600 }),
      await proofOf(key, { htu: TOKEN_URL, jwk: await exportJWK(key.privateKey) }),
      await proofOf(key, { htu: TOKEN_URL, jwk: (await newDpopKey()).publicJwk }),
      'not-a-jwt',
    ];
    for (const proof of bad) {
      const refused = await tokenRequest(offer, proof);
      expect(refused.statusCode, proof).toBe(400);
      expect(refused.json().error).toBe('invalid_dpop_proof');
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
    // The query is no part of the htu (RFC 9449 §4.3): the offer was not spent by the refusals.
    const good = await tokenRequest(offer, await proofOf(key, { htu: `${TOKEN_URL}?x=1` }));
    expect(good.statusCode).toBe(200);
    expect(good.json().token_type).toBe('DPoP');
  });

  it('spends a proof at the token endpoint before it reads the offer: a wallet that mistyped its transaction code asks again with a new proof and gets its token; the same proof again is refused and costs no attempt', async () => {
    const key = await newDpopKey();
    const offer = await offerOf();
    const wrongCode = String((Number(offer.tx_code) + 1) % 10 ** 6).padStart(6, '0');
    const proof = await proofOf(key, { htu: TOKEN_URL });
    const mistyped = await tokenRequest(offer, proof, t.app, wrongCode);
    expect([mistyped.statusCode, mistyped.json()]).toEqual([
      400,
      { error: 'invalid_grant', error_description: 'Wrong transaction code' },
    ]);
    // The same proof again, with the right code or not: a wallet that kept it, or whoever saw it on its way.
    for (const code of [offer.tx_code, wrongCode]) {
      const again = await tokenRequest(offer, proof, t.app, code);
      expect([again.statusCode, again.json()]).toEqual([
        400,
        { error: 'invalid_dpop_proof', error_description: 'The DPoP proof was used already' },
      ]);
    }
    // Refused before the offer was read, they took none of its five attempts: one was used, four are left.
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      const wrong = await tokenRequest(offer, await proofOf(key, { htu: TOKEN_URL }), t.app, wrongCode);
      expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Wrong transaction code' });
    }
    // The wallet sends its request again with a new proof, as RFC 9449 §4.2 has each proof carry a jti of its own.
    const token = await tokenRequest(offer, await proofOf(key, { htu: TOKEN_URL }));
    expect(token.statusCode).toBe(200);
    expect(token.json().token_type).toBe('DPoP');
  });

  it('refuses a bound token used as Bearer, or with no proof (401, WWW-Authenticate DPoP)', async () => {
    const key = await newDpopKey();
    const { accessToken, issuerMetadata } = await boundToken(key);
    const { jwt } = await holder.keyProof(issuerMetadata);
    const asBearer = await credentialRequest(accessToken, withProof(jwt));
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json().error).toBe('invalid_token');
    expect(asBearer.headers['www-authenticate']).toBe('DPoP error="invalid_token", algs="ES256"');
    // Even with a good proof beside it: the scheme says how the token is used.
    const withBoth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/credential',
      headers: {
        authorization: `Bearer ${accessToken}`,
        dpop: await proofOf(key, { htu: CREDENTIAL_URL, accessToken }),
        'content-type': 'application/json',
      },
      payload: JSON.stringify(withProof(jwt)),
    });
    expect(withBoth.statusCode).toBe(401);
    const noProof = await dpopCredentialRequest(accessToken, jwt, undefined);
    expect(noProof.statusCode).toBe(401);
    expect(noProof.json().error).toBe('invalid_dpop_proof');
    expect(noProof.headers['www-authenticate']).toBe('DPoP error="invalid_dpop_proof", algs="ES256"');
    // The key proof's nonce was not spent by the refusals: the right request takes it.
    const good = await dpopCredentialRequest(
      accessToken,
      jwt,
      await proofOf(key, { htu: CREDENTIAL_URL, accessToken }),
    );
    expect(good.statusCode).toBe(200);
  });

  it('refuses a proof of another key, for another token (ath) or another request as invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    const { accessToken, issuerMetadata } = await boundToken(key);
    const { jwt } = await holder.keyProof(issuerMetadata);
    const other = await newDpopKey();
    const refusedProofs = [
      await proofOf(other, { htu: CREDENTIAL_URL, accessToken }),
      await proofOf(key, {
        htu: CREDENTIAL_URL,
        ath: createHash('sha256').update('another').digest('base64url'),
      }),
      await proofOf(key, { htu: CREDENTIAL_URL }),
      await proofOf(key, { htu: TOKEN_URL, accessToken }),
    ];
    for (const proof of refusedProofs) {
      const refused = await dpopCredentialRequest(accessToken, jwt, proof);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe('invalid_dpop_proof');
      expect(refused.headers['www-authenticate']).toBe('DPoP error="invalid_dpop_proof", algs="ES256"');
    }
  });

  it('takes a proof once, on any instance (a replay is invalid_dpop_proof), and forgets it at housekeeping past its window', async () => {
    const key = await newDpopKey();
    const { accessToken, issuerMetadata } = await boundToken(key);
    const proof = await proofOf(key, { htu: CREDENTIAL_URL, accessToken });
    const other = await t.instance();
    const { jwt } = await holder.keyProof(issuerMetadata);
    expect((await dpopCredentialRequest(accessToken, jwt, proof)).statusCode).toBe(200);
    const { jwt: fresh } = await holder.keyProof(issuerMetadata);
    for (const target of [t.app, other]) {
      const replayed = await dpopCredentialRequest(accessToken, fresh, proof, target);
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toEqual({
        error: 'invalid_dpop_proof',
        error_description: 'The DPoP proof was used already',
      });
    }
    // A new proof of the same key is taken (the credential answered again, decision 102).
    const newProof = await proofOf(key, { htu: CREDENTIAL_URL, accessToken });
    expect((await dpopCredentialRequest(accessToken, fresh, newProof, other)).statusCode).toBe(200);
    const spent = () => t.database.db.selectFrom('wallet_spent_dpop_proofs').select('id').execute();
    const ctx = contextFor(t.database, clock);
    // This test's three proofs (the token's and two taken here) are kept while their iat is good.
    await purgeSpentDpopProofs(ctx);
    expect((await spent()).length).toBeGreaterThanOrEqual(3);
    clock.advance({ minutes: 2, seconds: 1 });
    expect((await purgeSpentDpopProofs(ctx)).removed).toBeGreaterThanOrEqual(3);
    expect(await spent()).toHaveLength(0);
  });

  it('spends a proof sent with a body it cannot read, so that no one who saw it uses it with a body of their own; a new proof is taken', async () => {
    const key = await newDpopKey();
    const { accessToken, issuerMetadata } = await boundToken(key);
    const proof = await proofOf(key, { htu: CREDENTIAL_URL, accessToken });
    const unreadable = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/credential',
      headers: { authorization: `DPoP ${accessToken}`, 'content-type': 'application/json', dpop: proof },
      payload: '{"proofs":',
    });
    expect([unreadable.statusCode, unreadable.json().error]).toEqual([400, 'invalid_credential_request']);
    // The token and the proof, seen on their way (a proxy's log), sent again with a good body.
    const { jwt } = await holder.keyProof(issuerMetadata);
    const replayed = await dpopCredentialRequest(accessToken, jwt, proof);
    expect([replayed.statusCode, replayed.json()]).toEqual([
      401,
      { error: 'invalid_dpop_proof', error_description: 'The DPoP proof was used already' },
    ]);
    // The wallet sends its request again with a new proof, as RFC 9449 §4.2 has it do for every request.
    const newProof = await proofOf(key, { htu: CREDENTIAL_URL, accessToken });
    expect((await dpopCredentialRequest(accessToken, jwt, newProof)).statusCode).toBe(200);
  });
});

describe('JSON nested too deep inside the JWTs a wallet sends (decision 046, amended 2026-12-06)', () => {
  const deepJson = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  const deep = Buffer.from(deepJson).toString('base64url');
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = b64({ alg: 'ES256', typ: 'JWT' });
  /** Every text JSON.parse is given while `run` runs: none may be nested deeper than the API reads. */
  async function parsedWhile(run: () => Promise<void>) {
    const parse = JSON.parse;
    const texts: string[] = [];
    const spy = vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver) => {
      texts.push(String(text));
      return parse(text, reviver) as unknown;
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return texts.filter((text) => isJsonTooDeep(text));
  }

  it('refuses a key proof, or the nonce it carries, nested too deeply, before parsing them', async () => {
    const offer = await offerOf();
    const { accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    const iat = Math.floor(clock.now().getTime() / 1000);
    const tooDeep = await parsedWhile(async () => {
      for (const proof of [`${deep}.${b64({ iat })}.sig`, `${header}.${deep}.sig`]) {
        const refused = await credentialRequest(accessToken, withProof(proof));
        expect([refused.statusCode, refused.json()]).toEqual([
          400,
          { error: 'invalid_proof', error_description: 'The key proof is nested too deeply' },
        ]);
      }
      const deepNonce = `${header}.${b64({ iat, nonce: `${deep}.e30.sig` })}.sig`;
      const refused = await credentialRequest(accessToken, withProof(deepNonce));
      expect([refused.statusCode, refused.json().error]).toEqual([400, 'invalid_nonce']);
    });
    expect(tooDeep).toEqual([]);
  });

  it('refuses a DPoP proof or an access token nested too deeply, before parsing them', async () => {
    const tooDeep = await parsedWhile(async () => {
      const dpop = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: `${deep}.${header}.sig` },
        payload: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
          'pre-authorized_code': 'any',
          tx_code: '123456',
        }).toString(),
      });
      expect([dpop.statusCode, dpop.json()]).toEqual([
        400,
        { error: 'invalid_dpop_proof', error_description: 'The DPoP proof is nested too deeply' },
      ]);
      for (const token of [`${deep}.e30.sig`, `${header}.${deep}.sig`]) {
        const refused = await credentialRequest(token, withProof('a.b.c'));
        expect([refused.statusCode, refused.json().error]).toEqual([401, 'invalid_token']);
      }
    });
    expect(tooDeep).toEqual([]);
  });

  it('refuses an answer whose presentation is nested too deeply, before parsing it, and one with a JARM response beside it, and keeps waiting', async () => {
    const request = await presentationRequest();
    const asked = (presentation: string, more: Record<string, string> = {}) =>
      answerWith(request, {
        vp_token: JSON.stringify({ statement: [presentation] }),
        state: request.id,
        ...more,
      });
    const shallow = `${header}.${b64({ iss: 'x' })}.sig`;
    const nested = 'The answer is nested too deeply';
    const answers: [() => ReturnType<typeof asked>, string][] = [
      [() => asked(`${deep}.e30.sig~`), nested],
      [() => asked(`${header}.${deep}.sig~`), nested],
      [() => asked(`${shallow}~${deep}~`), nested],
      [() => asked(`${shallow}~${b64(['salt', 'name', 'value'])}~${header}.${deep}.sig`), nested],
      // A JARM response beside the vp_token is an answer in both response modes: refused before either is read.
      [
        () => asked(`${shallow}~`, { response: `${deep}.e30.sig` }),
        'The answer is in one response mode, not both: a form with vp_token and state (direct_post) or a form with one response, a JWE (direct_post.jwt)',
      ],
    ];
    const tooDeep = await parsedWhile(async () => {
      for (const [answer, description] of answers) {
        const refused = await answer();
        expect([refused.statusCode, refused.json()]).toEqual([
          400,
          { error: 'invalid_request', error_description: description },
        ]);
      }
    });
    expect(tooDeep).toEqual([]);
    expect((await resultOf(request)).state).toBe('waiting');
  });
});
