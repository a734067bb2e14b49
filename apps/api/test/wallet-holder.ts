import { createHash, randomBytes } from 'node:crypto';
import {
  clientAuthenticationNone,
  setGlobalConfig,
  type CallbackContext,
  type Jwk,
  type SignJwtCallback,
  type VerifyJwtCallback,
} from '@openid4vc/oauth2';
import { Openid4vciClient } from '@openid4vc/openid4vci';
import { Openid4vpClient } from '@openid4vc/openid4vp';
import { digest, ES256, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { App } from '../src/app';

/**
 * A holder's wallet built on the libraries' client side (OpenID4VCI and OpenID4VP clients,
 * @sd-jwt's holder), not on our issuer code: it resolves the offer, asks for a token with the
 * transaction code, proves its key over the issuer's nonce, keeps the SD-JWT VC, and presents it
 * with a key binding to a verifier's signed request. `fetch` reaches the portal (in-process or over
 * HTTP).
 */
export type HolderFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The wallet's HTTP calls, answered by the app in-process (the URL's path and query only). */
export const injectFetch =
  (target: App): HolderFetch =>
  async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await target.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    const isEmpty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(isEmpty ? null : response.rawPayload, { status: response.statusCode, headers });
  };

const jwkOfDid = (didUrl: string): Jwk =>
  JSON.parse(Buffer.from(didUrl.replace(/^did:jwk:/, '').split('#')[0] ?? '', 'base64url').toString()) as Jwk;

const verifyJwt: VerifyJwtCallback = async (signer, { compact }) => {
  const jwk =
    signer.method === 'jwk'
      ? signer.publicJwk
      : signer.method === 'did'
        ? jwkOfDid(signer.didUrl)
        : undefined;
  if (!jwk) return { verified: false };
  try {
    await jwtVerify(compact, await importJWK(jwk as JWK, signer.alg));
    return { verified: true, signerJwk: jwk };
  } catch {
    return { verified: false };
  }
};

export type Holder = Awaited<ReturnType<typeof createHolder>>;

export async function createHolder(fetch: HolderFetch) {
  // A test wallet talks to a portal on http://127.0.0.1; the libraries refuse http unless told.
  setGlobalConfig({ allowInsecureUrls: true });
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = (await exportJWK(publicKey)) as Jwk;
  const signJwt: SignJwtCallback = async (signer, { header, payload }) => {
    const jwt = await new SignJWT(payload).setProtectedHeader(header).sign(privateKey);
    return { jwt, signerJwk: publicJwk };
  };
  const callbacks: Partial<CallbackContext> &
    Pick<
      CallbackContext,
      | 'hash'
      | 'generateRandom'
      | 'signJwt'
      | 'verifyJwt'
      | 'clientAuthentication'
      | 'fetch'
      | 'decryptJwe'
      | 'encryptJwe'
    > = {
    fetch,
    hash: (data, alg) => createHash(alg.replace('-', '').toLowerCase()).update(data).digest(),
    generateRandom: (bytes) => randomBytes(bytes),
    clientAuthentication: clientAuthenticationNone({ clientId: 'lisbon-test-wallet' }),
    signJwt,
    verifyJwt,
    encryptJwe: () => Promise.reject(new Error('not used')),
    decryptJwe: () => Promise.resolve({ decrypted: false as const }),
  };
  const vci = new Openid4vciClient({ callbacks });
  const signer = { method: 'jwk' as const, alg: 'ES256', publicJwk };

  /**
   * The offer up to the access token, as a wallet does after the holder typed the code; with
   * `authorizationDetails`, the credentials asked for by configuration (OpenID4VCI 1.0 §6.1).
   */
  async function accessToken(
    offerUrl: string,
    txCode: string,
    { authorizationDetails, dpop }: { authorizationDetails?: object[]; dpop?: boolean } = {},
  ) {
    const offer = await vci.resolveCredentialOffer(offerUrl);
    const issuerMetadata = await vci.resolveIssuerMetadata(offer.credential_issuer);
    const { accessTokenResponse } = await vci.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer: offer,
      issuerMetadata,
      txCode,
      // With `dpop`, the wallet proves its key (RFC 9449) and asks for a token bound to it.
      ...(dpop ? { dpop: { signer } } : {}),
      ...(authorizationDetails
        ? { additionalRequestPayload: { authorization_details: authorizationDetails } }
        : {}),
    });
    return { offer, issuerMetadata, accessToken: accessTokenResponse.access_token, accessTokenResponse };
  }

  /** A key proof over `nonce` (the issuer's unless told), for `audience` (the issuer unless told). */
  async function keyProof(
    issuerMetadata: Awaited<ReturnType<typeof accessToken>>['issuerMetadata'],
    { nonce, audience, issuedAt }: { nonce?: string; audience?: string; issuedAt?: number } = {},
  ) {
    const cNonce = nonce ?? (await vci.requestNonce({ issuerMetadata })).c_nonce;
    const credentialConfigurationId =
      Object.keys(issuerMetadata.credentialIssuer.credential_configurations_supported)[0] ?? '';
    // A proof written by hand: for another audience, or dated (`iat`, seconds) when the wallet says.
    if (audience || issuedAt !== undefined) {
      const jwt = await new SignJWT({
        aud: audience ?? issuerMetadata.credentialIssuer.credential_issuer,
        nonce: cNonce,
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'openid4vci-proof+jwt', jwk: publicJwk })
        .setIssuedAt(issuedAt)
        .sign(privateKey);
      return { jwt, credentialConfigurationId };
    }
    const { jwt } = await vci.createCredentialRequestJwtProof({
      issuerMetadata,
      signer,
      nonce: cNonce,
      credentialConfigurationId,
    });
    return { jwt, credentialConfigurationId };
  }

  /**
   * The whole issuance: offer → token with the code → nonce → credential with a key proof; with
   * `dpop`, the token bound to the wallet's key and each request with a DPoP proof of it.
   */
  async function receive(
    offerUrl: string,
    txCode: string,
    { dpop }: { dpop?: boolean } = {},
  ): Promise<string> {
    const { issuerMetadata, accessToken: token } = await accessToken(offerUrl, txCode, { dpop });
    const { jwt, credentialConfigurationId } = await keyProof(issuerMetadata);
    const response = await vci
      .retrieveCredentials({
        issuerMetadata,
        accessToken: token,
        credentialConfigurationId,
        proofs: { jwt: [jwt] },
        ...(dpop ? { dpop: { signer } } : {}),
      })
      .catch((error: unknown) => {
        const detail = (error as { responseText?: string }).responseText;
        throw new Error(`${error instanceof Error ? error.message : String(error)}: ${detail ?? ''}`);
      });
    const first = response.credentialResponse.credentials?.[0];
    const credential = typeof first === 'object' && 'credential' in first ? first.credential : undefined;
    if (typeof credential !== 'string') throw new Error('no credential in the answer');
    return credential;
  }

  const sdjwt = new SDJwtVcInstance({
    hasher: digest,
    saltGenerator: generateSalt,
    kbSigner: (data: string) => signWith(privateKey, data),
    kbSignAlg: 'ES256',
  });

  /**
   * Answers a verifier's `openid4vp://` request: resolves and checks the signed request object,
   * presents the credential with the claims the DCQL query asks for and a key binding over the
   * request's nonce and client id, and posts it to the response URI. `tamper` changes the
   * presentation before it leaves (tests of a forged disclosure).
   */
  async function present(requestUrl: string, credential: string, tamper?: (presentation: string) => string) {
    const vp = new Openid4vpClient({ callbacks });
    const parsed = vp.parseOpenid4vpAuthorizationRequest({ authorizationRequest: requestUrl });
    const resolved = await vp.resolveOpenId4vpAuthorizationRequest({
      authorizationRequestPayload: parsed.params,
    });
    const request = resolved.authorizationRequestPayload as {
      nonce: string;
      client_id: string;
      response_uri: string;
      state?: string;
    };
    const presentation = await sdjwt.present(
      credential,
      {
        holder_name: true,
        qualification_name: true,
        classification: true,
        awarding_institution: true,
        award_year: true,
        country_of_education_system: true,
      },
      {
        kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: request.client_id, nonce: request.nonce } },
      },
    );
    const sent = tamper ? tamper(presentation) : presentation;
    const response = await vp.createOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: resolved.authorizationRequestPayload,
      authorizationResponsePayload: { vp_token: { statement: [sent] } },
    });
    const submitted = await vp.submitOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: resolved.authorizationRequestPayload as { response_uri: string },
      authorizationResponsePayload: response.authorizationResponsePayload,
    });
    return submitted.response;
  }

  return { publicJwk, vci, accessToken, keyProof, receive, present, sdjwt };
}

async function signWith(privateKey: CryptoKey, data: string): Promise<string> {
  const signer = await ES256.getSigner(await exportJWK(privateKey));
  return signer(data);
}
