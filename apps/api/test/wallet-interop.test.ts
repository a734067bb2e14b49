import { createHash, randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { WalletCheck, WalletOffer, WalletRequest } from '@lisbon/domain';
import {
  base64url,
  calculateJwkThumbprint,
  compactVerify,
  type CryptoKey,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { dataOf } from './requests';
import { injectFetch, type HolderFetch } from './wallet-holder';
import { useWalletStatement } from './wallet-statement';

/**
 * The portal as a wallet written from the specifications alone meets it: no OpenID4VC or SD-JWT
 * library, only HTTP, `jose` for the JWS and node's hashing and zlib. The other wallet tests drive
 * the portal with the libraries its server is built on, so a reading both share would pass there;
 * here each step is what the texts say: OpenID4VCI 1.0 (§4.1 offer, §6 token, §7 nonce, §8
 * credential, §12.2 metadata, Appendix F.1 proof), RFC 8414, SD-JWT VC (§3 the credential, §5
 * jwt-vc-issuer), RFC 9901 (SD-JWT) and the Token Status List.
 */
const t = useTestApp();
const published = useWalletStatement(t);
let http: HolderFetch;

type Json = Record<string, unknown>;
const json = async (response: Response): Promise<Json> => {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as Json;
};

/**
 * The well-known URL of `identifier` for `suffix` as the specifications build it: the well-known
 * segment between the host and the identifier's path (OpenID4VCI 1.0 §12.2.2, RFC 8414 §3.1,
 * SD-JWT VC §5.1), which for an identifier without a path is the root's.
 */
const wellKnown = (identifier: string, suffix: string): string => {
  const url = new URL(identifier);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}/.well-known/${suffix}${path}`;
};

type DcqlCredentialQuery = {
  id: string;
  format: string;
  claims: { id: string; path: string[] }[];
  claim_sets?: string[][];
};

/** What the wallet keeps at the end of the issuance. */
type Received = {
  issuer: string;
  holderKey: { privateKey: CryptoKey; jwk: JWK };
  credentialIssuerMetadata: Json;
  configuration: Json;
  holderJwk: JWK;
  credential: string;
};
let received: Received;

/** A DPoP proof (RFC 9449 §4.2) of `key` for `method` `url`, and `accessToken` when it is for one. */
async function dpopProof(
  key: { privateKey: CryptoKey; jwk: JWK },
  method: string,
  url: string,
  accessToken?: string,
): Promise<string> {
  return new SignJWT({
    jti: randomUUID(),
    htm: method,
    htu: url,
    ...(accessToken && { ath: createHash('sha256').update(accessToken).digest('base64url') }),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: key.jwk })
    .setIssuedAt()
    .sign(key.privateKey);
}

/**
 * The issuance from the offer to the credential. With `dpop`, as a wallet does that finds the
 * server's dpop_signing_alg_values_supported: a DPoP proof at the token endpoint, the token used as
 * DPoP with a proof at the credential endpoint. With `clientId`, the token request names the
 * wallet (RFC 6749 §3.2.1, a public client), as many wallets do even with anonymous access.
 */
async function receive({
  dpop = false,
  clientId,
  charset = '',
}: { dpop?: boolean; clientId?: string; charset?: string } = {}): Promise<Received> {
  const offer = dataOf<WalletOffer>(
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${published.practiceId}/statement/wallet-offers`,
      headers: bearer(published.owner.token),
    }),
  );
  // §4.1: the offer by value in `credential_offer`, a JSON object.
  const offerUrl = new URL(offer.offer_url);
  expect(offerUrl.protocol).toBe('openid-credential-offer:');
  const credentialOffer = JSON.parse(offerUrl.searchParams.get('credential_offer') ?? 'null') as {
    credential_issuer: string;
    credential_configuration_ids: string[];
    grants: Record<string, { 'pre-authorized_code': string; tx_code?: Json }>;
  };
  const issuer = credentialOffer.credential_issuer;
  const grant = credentialOffer.grants['urn:ietf:params:oauth:grant-type:pre-authorized_code'];
  expect(grant?.tx_code).toMatchObject({ input_mode: 'numeric', length: offer.tx_code.length });

  // §12.2.2: the issuer metadata, whose credential_issuer is the offer's, byte for byte.
  const credentialIssuerMetadata = await json(
    await http(wellKnown(issuer, 'openid-credential-issuer'), { headers: { accept: 'application/json' } }),
  );
  expect(credentialIssuerMetadata.credential_issuer).toBe(issuer);
  const configurations = credentialIssuerMetadata.credential_configurations_supported as Record<string, Json>;
  const configurationId = credentialOffer.credential_configuration_ids[0] ?? '';
  const configuration = configurations[configurationId];
  expect(configuration?.format).toBe('dc+sd-jwt');
  expect(configuration?.proof_types_supported).toMatchObject({
    jwt: { proof_signing_alg_values_supported: expect.arrayContaining(['ES256']) },
  });
  // §12.2.4: without authorization_servers the issuer is its own, read by RFC 8414 §3.
  const authorizationServer =
    (credentialIssuerMetadata.authorization_servers as string[] | undefined)?.[0] ?? issuer;
  const serverMetadata = await json(await http(wellKnown(authorizationServer, 'oauth-authorization-server')));
  expect(serverMetadata.issuer).toBe(authorizationServer);
  expect(serverMetadata.grant_types_supported).toContain(
    'urn:ietf:params:oauth:grant-type:pre-authorized_code',
  );

  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const holderJwk = await exportJWK(publicKey);
  const holderKey = { privateKey, jwk: holderJwk };
  if (dpop) expect(serverMetadata.dpop_signing_alg_values_supported).toContain('ES256');

  // §6.1: the token request, a form with the pre-authorized code and the transaction code.
  const tokenEndpoint = String(serverMetadata.token_endpoint);
  const tokenResponse = await http(tokenEndpoint, {
    method: 'POST',
    headers: {
      'content-type': `application/x-www-form-urlencoded${charset}`,
      ...(dpop && { dpop: await dpopProof(holderKey, 'POST', tokenEndpoint) }),
    },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
      'pre-authorized_code': grant?.['pre-authorized_code'] ?? '',
      tx_code: offer.tx_code,
      ...(clientId && { client_id: clientId }),
    }).toString(),
  });
  expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
  const token = await json(tokenResponse);
  expect(String(token.token_type).toLowerCase()).toBe(dpop ? 'dpop' : 'bearer');
  const accessToken = String(token.access_token);

  // §7: a fresh c_nonce from the nonce endpoint, a POST with no body.
  const nonceResponse = await http(String(credentialIssuerMetadata.nonce_endpoint), { method: 'POST' });
  expect(nonceResponse.headers.get('cache-control')).toBe('no-store');
  const { c_nonce: cNonce } = await json(nonceResponse);
  expect(typeof cNonce).toBe('string');

  // Appendix F.1: the key proof, written by hand; a wallet that named itself says so (`iss`), and
  // some put their key's alg, use and kid in the jwk.
  const proofJwk = clientId ? { ...holderJwk, alg: 'ES256', use: 'sig', kid: 'wallet-key-1' } : holderJwk;
  const proof = await new SignJWT({ aud: issuer, nonce: cNonce, ...(clientId && { iss: clientId }) })
    .setProtectedHeader({ alg: 'ES256', typ: 'openid4vci-proof+jwt', jwk: proofJwk })
    .setIssuedAt()
    .sign(privateKey);
  // §8.2: by configuration, with `proofs` (1.0 has no single `proof`).
  const credentialEndpoint = String(credentialIssuerMetadata.credential_endpoint);
  const credentialResponse = await json(
    await http(credentialEndpoint, {
      method: 'POST',
      headers: {
        'content-type': `application/json${charset}`,
        ...(dpop
          ? {
              authorization: `DPoP ${accessToken}`,
              dpop: await dpopProof(holderKey, 'POST', credentialEndpoint, accessToken),
            }
          : { authorization: `Bearer ${accessToken}` }),
      },
      body: JSON.stringify({ credential_configuration_id: configurationId, proofs: { jwt: [proof] } }),
    }),
  );
  // §8.3: `credentials`, an array of objects each with its `credential`.
  const credentials = credentialResponse.credentials as { credential: unknown }[];
  expect(credentials).toHaveLength(1);
  const credential = credentials[0]?.credential;
  expect(typeof credential).toBe('string');
  return {
    issuer,
    holderKey,
    credentialIssuerMetadata,
    configuration: configuration ?? {},
    holderJwk,
    credential: String(credential),
  };
}

/** The status of a credential read by hand from its status list (Token Status List §4.1, §8). */
async function statusOf(credential: string): Promise<number> {
  const payload = payloadOf(credential.split('~')[0] ?? '');
  const { idx, uri } = (payload.status as { status_list: { idx: number; uri: string } }).status_list;
  const response = await http(uri, { headers: { accept: 'application/statuslist+jwt' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/statuslist\+jwt/);
  const jwt = await response.text();
  // §5.1: typ statuslist+jwt, sub the referenced uri, iat, signed by the issuer.
  const header = decodeProtectedHeader(jwt);
  expect(header.typ).toBe('statuslist+jwt');
  const jwk = (await issuerKeys(String(payload.iss))).find((key) => key.kid === header.kid);
  const { payload: list } = await jwtVerify(jwt, await importJWK(jwk as JWK, header.alg), {
    typ: 'statuslist+jwt',
    subject: uri,
  });
  expect(list.iat).toEqual(expect.any(Number));
  // §4.1: the bits, compressed with DEFLATE in the ZLIB format, base64url; an entry's bits from
  // the least significant of its byte, index 0 first.
  const { bits, lst } = list.status_list as { bits: number; lst: string };
  expect([1, 2, 4, 8]).toContain(bits);
  const bytes = inflateSync(base64url.decode(lst));
  const position = idx * bits;
  expect(Math.floor(position / 8)).toBeLessThan(bytes.length);
  return ((bytes[Math.floor(position / 8)] ?? 0) >> (position % 8)) & ((1 << bits) - 1);
}

/** The issuer's keys as a verifier of an SD-JWT VC finds them: `iss` + `/.well-known/jwt-vc-issuer` (§5). */
async function issuerKeys(iss: string): Promise<JWK[]> {
  const metadata = await json(await http(wellKnown(iss, 'jwt-vc-issuer')));
  expect(metadata.issuer).toBe(iss);
  // RFC 7517 §4: public keys only.
  for (const key of (metadata.jwks as { keys: JWK[] }).keys) expect(key).not.toHaveProperty('d');
  return (metadata.jwks as { keys: JWK[] }).keys;
}

async function verifyWithIssuerKey(jws: string, iss: string) {
  const { kid, alg } = decodeProtectedHeader(jws);
  const jwk = (await issuerKeys(iss)).find((key) => key.kid === kid);
  expect(jwk, `no key ${String(kid)} in ${iss}/.well-known/jwt-vc-issuer`).toBeDefined();
  return compactVerify(jws, await importJWK(jwk as JWK, alg));
}

const payloadOf = (jws: string): Json =>
  JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')) as Json;

beforeAll(async () => {
  http = injectFetch(t.app);
  received = await receive();
}, 60_000);

describe('a wallet written from the specifications', () => {
  it('reads the authorization server metadata with the members RFC 8414 §2 requires', async () => {
    const server = await json(await http(wellKnown(received.issuer, 'oauth-authorization-server')));
    expect(server.issuer).toBe(received.issuer);
    expect(server.token_endpoint).toEqual(expect.any(String));
    // REQUIRED, whatever the grants: a typed client (a required list in its model) refuses the
    // document without it. No authorization endpoint, so no response type: the empty list.
    expect(server.response_types_supported).toEqual([]);
    // §2: authorization_endpoint only where a grant uses it; the pre-authorized code grant does not.
    expect(server.grant_types_supported).toEqual(['urn:ietf:params:oauth:grant-type:pre-authorized_code']);
    expect(server).not.toHaveProperty('authorization_endpoint');
    // A wallet that asks OpenID Connect discovery first is told there is none, and falls back.
    const oidc = await http(wellKnown(received.issuer, 'openid-configuration'), {
      headers: { accept: 'application/json' },
    });
    expect(oidc.status).toBe(404);
  });

  it('is issued the credential with DPoP, as a wallet does that the server metadata offers it to', async () => {
    const bound = await receive({ dpop: true });
    const payload = payloadOf(bound.credential.split('~')[0] ?? '');
    expect(payload.cnf).toEqual({ jwk: bound.holderJwk });
  });

  it('is issued the credential when its requests name their charset, as Ktor and others send them', async () => {
    const named = await receive({ charset: '; charset=UTF-8' });
    expect(named.credential.split('~').length).toBeGreaterThan(2);
  });

  it('is issued the credential when its token request names it by client_id, and its key proof by iss, with a jwk carrying alg, use and kid', async () => {
    // Appendix F.1: iss is the client_id where the access was not anonymous.
    const named = await receive({ clientId: 'https://wallet.example.org' });
    const payload = payloadOf(named.credential.split('~')[0] ?? '');
    const cnf = payload.cnf as { jwk: JWK };
    expect(await calculateJwkThumbprint(cnf.jwk)).toBe(await calculateJwkThumbprint(named.holderJwk));
  });

  it('verifies the issuer signature with the key jwt-vc-issuer lists, and the header SD-JWT VC asks', async () => {
    // RFC 9901 §4: the issuer-signed JWT, its disclosures, and an empty key binding after the last `~`.
    expect(received.credential.endsWith('~')).toBe(true);
    const [jws = ''] = received.credential.split('~');
    const header = decodeProtectedHeader(jws);
    // SD-JWT VC §3.2.1: typ dc+sd-jwt.
    expect(header.typ).toBe('dc+sd-jwt');
    expect(header.alg).toBe(
      (received.configuration.credential_signing_alg_values_supported as string[] | undefined)?.[0],
    );
    const payload = payloadOf(jws);
    expect(payload.iss).toBe(received.issuer);
    await verifyWithIssuerKey(jws, String(payload.iss));
  });

  it('finds each disclosure’s digest in _sd, and the claims the metadata names', async () => {
    const [jws = '', ...rest] = received.credential.split('~');
    const disclosures = rest.filter((part) => part !== '');
    const payload = payloadOf(jws);
    // RFC 9901 §4.1.1: sha-256 named (or implied).
    expect(payload._sd_alg ?? 'sha-256').toBe('sha-256');
    const digests = payload._sd as string[];
    expect(disclosures.length).toBeGreaterThan(0);
    const disclosed: Record<string, unknown> = {};
    for (const disclosure of disclosures) {
      // §4.2.1: the digest of the disclosure's base64url text as sent.
      const hash = createHash('sha256').update(disclosure, 'ascii').digest('base64url');
      expect(digests).toContain(hash);
      const [salt, name, value] = JSON.parse(Buffer.from(disclosure, 'base64url').toString('utf8')) as [
        string,
        string,
        unknown,
      ];
      // §9.3: at least 128 bits of salt.
      expect(Buffer.from(salt, 'base64url').length).toBeGreaterThanOrEqual(16);
      disclosed[name] = value;
    }
    expect(disclosed.holder_name).toBe(published.statement.certificate.holder_name);
    // SD-JWT VC §6 (claim metadata): a wallet that reads the type metadata rejects a credential whose
    // claim is disclosable where `sd` says never, or plain where it says always.
    const typeMetadata = await json(await http(String(payload.vct)));
    const typeClaims = typeMetadata.claims as { path: string[]; sd?: string; mandatory?: boolean }[];
    for (const { path, sd, mandatory } of typeClaims) {
      const name = path[0] ?? '';
      expect(path, name).toHaveLength(1);
      if (sd === 'always') expect(Object.hasOwn(payload, name), name).toBe(false);
      if (sd === 'never') expect(Object.hasOwn(disclosed, name), name).toBe(false);
      if (mandatory) expect({ ...payload, ...disclosed }, name).toHaveProperty(name);
    }
    // Every claim the metadata lists is in the credential, disclosed or plain.
    const claims = (received.configuration.credential_metadata as { claims: { path: string[] }[] }).claims;
    for (const { path } of claims.filter(({ path }) => path[0] !== 'chain_transaction'))
      expect({ ...payload, ...disclosed }, String(path[0])).toHaveProperty(path[0] ?? '');
  });

  it('has the metadata’s vct, with its type metadata, and cnf.jwk the key the proof carried', async () => {
    const payload = payloadOf(received.credential.split('~')[0] ?? '');
    expect(payload.vct).toBe(received.configuration.vct);
    const typeMetadata = await json(await http(String(payload.vct)));
    expect(typeMetadata.vct).toBe(payload.vct);
    const cnf = payload.cnf as { jwk: JWK };
    expect(await calculateJwkThumbprint(cnf.jwk)).toBe(await calculateJwkThumbprint(received.holderJwk));
    expect(cnf.jwk).toEqual(received.holderJwk);
  });

  it('presents it by OpenID4VP 1.0 as the specification says: the signed request checked against its did:jwk, the claim set chosen, a key binding over the nonce and client_id, and the verifier finds it valid', async () => {
    const asked = dataOf<WalletRequest>(
      await t.app.inject({ method: 'POST', url: '/api/v1/wallet/presentations' }),
    );
    // §5: the request by reference, the client_id beside it.
    const link = new URL(asked.request_url);
    const clientId = link.searchParams.get('client_id') ?? '';
    const requestUri = link.searchParams.get('request_uri') ?? '';
    // §5.10: GET unless request_uri_method says post.
    expect(link.searchParams.get('request_uri_method') ?? 'get').toBe('get');
    const fetched = await http(requestUri);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toMatch(/^application\/oauth-authz-req\+jwt/);
    const jar = await fetched.text();
    // RFC 9101 §10.8: typed; §5.9.3: a decentralized_identifier client signs with a key of its DID.
    const header = decodeProtectedHeader(jar);
    expect(header.typ).toBe('oauth-authz-req+jwt');
    expect(clientId.startsWith('decentralized_identifier:did:jwk:')).toBe(true);
    const did = clientId.slice('decentralized_identifier:'.length);
    expect(String(header.kid).split('#')[0]).toBe(did);
    const didJwk = JSON.parse(Buffer.from(did.slice('did:jwk:'.length), 'base64url').toString('utf8')) as JWK;
    const { payload: request } = await jwtVerify(jar, await importJWK(didJwk, header.alg));
    // RFC 9101 §6.3 / §5.10: the client_id inside is the one outside.
    expect(request.client_id).toBe(clientId);
    expect(request.response_type).toBe('vp_token');
    expect(request.response_mode).toBe('direct_post');
    const query = (request.dcql_query as { credentials: DcqlCredentialQuery[] }).credentials[0];
    expect(query?.format).toBe('dc+sd-jwt');

    // §6.4.1: the first claim set the credential can answer, and those claims alone disclosed.
    const [jws = '', ...rest] = received.credential.split('~');
    const payload = payloadOf(jws);
    const disclosures = rest.filter((part) => part !== '');
    const nameOf = (disclosure: string) =>
      (JSON.parse(Buffer.from(disclosure, 'base64url').toString('utf8')) as [string, string])[1];
    const held = new Set([...Object.keys(payload), ...disclosures.map(nameOf)]);
    const pathOf = new Map(query?.claims.map((claim) => [claim.id, claim.path[0] ?? '']));
    const chosen = (query?.claim_sets ?? [query?.claims.map((claim) => claim.id) ?? []]).find((set) =>
      set.every((id) => held.has(pathOf.get(id) ?? '')),
    );
    expect(chosen).toBeDefined();
    const names = new Set(chosen?.map((id) => pathOf.get(id)));
    const sdJwt = `${[jws, ...disclosures.filter((disclosure) => names.has(nameOf(disclosure)))].join('~')}~`;
    // RFC 9901 §4.3: the key binding JWT over the presented SD-JWT; OpenID4VP 1.0 Appendix B.3.6:
    // aud the client_id, nonce the request's.
    const { privateKey } = received.holderKey;
    const kb = await new SignJWT({
      aud: clientId,
      nonce: request.nonce,
      sd_hash: createHash('sha256').update(sdJwt, 'ascii').digest('base64url'),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'kb+jwt' })
      .setIssuedAt()
      .sign(privateKey);
    // §8.2: direct_post, a form with vp_token (a JSON object keyed by the query's id) and state.
    const answer = await http(String(request.response_uri), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        vp_token: JSON.stringify({ [query?.id ?? '']: [`${sdJwt}${kb}`] }),
        ...(typeof request.state === 'string' && { state: request.state }),
      }).toString(),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const outcome = dataOf<WalletCheck>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/presentations/${asked.id}`,
        query: { key: asked.result_key },
      }),
    );
    expect(outcome.is_valid).toBe(true);
  });

  it('resolves its status list entry, a status list JWT the issuer signed, valid, then invalid once the statement is withdrawn', async () => {
    expect(await statusOf(received.credential)).toBe(0);
    // What `lisbon statement:withdraw` sets (statement-withdrawal.test.ts), set here directly: last.
    await t.database.db
      .updateTable('statements')
      .set({ status: 'revoked' })
      .where('id', '=', published.statement.certificate_id)
      .execute();
    expect(await statusOf(received.credential)).toBe(1);
  });
});
