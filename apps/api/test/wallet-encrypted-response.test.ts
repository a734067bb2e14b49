import type { WalletCheck, WalletOffer, WalletRequest } from '@lisbon/domain';
import { CompactEncrypt, decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { assertKeyFingerprints, keySetFingerprints } from '../src/platform/signing/fingerprints';
import { rotateKey } from '../src/platform/signing/rotation';
import { newWalletKeyPem, walletKeyPath } from '../src/platform/signing/wallet-key';
import { testConfig, useTestApp } from './helper';
import { bearer } from './identity';
import { dataOf } from './requests';
import { createHolder, injectFetch, type Holder } from './wallet-holder';
import { useWalletStatement } from './wallet-statement';

/**
 * The verifier's answers encrypted (`direct_post.jwt`, OpenID4VP 1.0 §8.3, HAIP 1.0), on a
 * deployment that asks for them (WALLET_RESPONSE_MODE): the request object offers a key of its own
 * (ECDH-ES on P-256) and the encryptions taken (A128GCM, A256GCM); the wallet here, written from
 * the specification with jose, encrypts its answer to it.
 */
const clock = new ManualClock(new Date());
const t = useTestApp({ clock, env: { WALLET_RESPONSE_MODE: 'direct_post.jwt' } });
// The wallet signs its key binding at the real time, which the verifier compares with the portal's clock.
beforeEach(() => clock.set(new Date()));
const published = useWalletStatement(t);
let holder: Holder;
let credential: string;

beforeAll(async () => {
  const offer = dataOf<WalletOffer>(
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${published.practiceId}/statement/wallet-offers`,
      headers: bearer(published.owner.token),
    }),
  );
  holder = await createHolder(injectFetch(t.app));
  credential = await holder.receive(offer.offer_url, offer.tx_code);
});

type RequestObject = {
  client_id: string;
  nonce: string;
  state: string;
  response_mode: string;
  response_uri: string;
  client_metadata: {
    jwks?: { keys: (JWK & { kid: string })[] };
    encrypted_response_enc_values_supported?: string[];
  };
};

/** A request as the verify page makes it, and its request object as the wallet fetches it. */
async function newRequest() {
  const request = dataOf<WalletRequest>(
    await t.app.inject({ method: 'POST', url: '/api/v1/wallet/presentations' }),
  );
  const requestUri = new URL(request.request_url).searchParams.get('request_uri') ?? '';
  const fetched = await t.app.inject({ method: 'GET', url: new URL(requestUri).pathname });
  expect(fetched.statusCode).toBe(200);
  return { request, object: decodeJwt(fetched.body) as unknown as RequestObject };
}

/** The holder's presentation for a request: the claims asked for, a key binding over its nonce and client id. */
const presentationFor = (object: RequestObject) =>
  holder.sdjwt.present(
    credential,
    {
      holder_name: true,
      qualification_name: true,
      classification: true,
      awarding_institution: true,
      award_year: true,
      country_of_education_system: true,
    },
    { kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: object.client_id, nonce: object.nonce } } },
  );

/**
 * The answer's parameters as a JWE to `jwk` (§8.3: `alg` the key's, `kid` the key's, `enc` one
 * offered); a string is the payload's JSON text as written.
 */
async function encrypted(payload: object | string, jwk: JWK & { kid?: string }, enc = 'A256GCM') {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return new CompactEncrypt(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: 'ECDH-ES', enc, ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .encrypt(await importJWK(jwk, 'ECDH-ES'));
}

const post = (object: RequestObject, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: new URL(object.response_uri).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

const outcomeOf = async (request: WalletRequest) =>
  dataOf<WalletCheck>(
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/presentations/${request.id}?key=${request.result_key}`,
    }),
  );

/** The request's encryption key, as its client metadata offers it. */
const keyOf = (object: RequestObject) => {
  const key = object.client_metadata.jwks?.keys[0];
  if (!key) throw new Error('no encryption key offered');
  return key;
};

describe('the verifier’s encrypted answers (direct_post.jwt)', () => {
  it('offers a P-256 key for ECDH-ES and A128GCM or A256GCM, one per request, and takes a presentation encrypted to it', async () => {
    const { request, object } = await newRequest();
    expect(object.response_mode).toBe('direct_post.jwt');
    expect(object.client_metadata.encrypted_response_enc_values_supported).toEqual(['A128GCM', 'A256GCM']);
    const key = keyOf(object);
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ECDH-ES', use: 'enc' });
    expect(key).not.toHaveProperty('d');
    // Fetched again, the same key; another request has another.
    expect(keyOf((await newRequest()).object)).not.toEqual(key);
    const again = await t.app.inject({
      method: 'GET',
      url: new URL(new URL(request.request_url).searchParams.get('request_uri') ?? '').pathname,
    });
    expect(keyOf(decodeJwt(again.body) as unknown as RequestObject)).toEqual(key);

    const presentation = await presentationFor(object);
    const jwe = await encrypted(
      { vp_token: { statement: [presentation] }, state: object.state },
      key,
      'A128GCM',
    );
    const answer = await post(object, { response: jwe });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ redirect_uri: string }>().redirect_uri).toMatch(
      /\/verify\/wallet\/.+#response_code=/,
    );
    const outcome = await outcomeOf(request);
    expect([outcome.state, outcome.is_valid, outcome.is_open]).toEqual(['checked', true, false]);
    expect(outcome.checks.every((check) => check.outcome === 'passed')).toBe(true);
    expect(outcome.claims.holder_name).toBeDefined();

    // Replayed, the same JWE is refused: the request was answered.
    const replayed = await post(object, { response: jwe });
    expect([replayed.statusCode, replayed.json().error]).toEqual([400, 'invalid_request']);
    expect(replayed.json().error_description).toBe('This request has expired or was answered already');
  });

  it('refuses a changed JWE, one encrypted to another key, and an answer not encrypted, and stays open for the holder', async () => {
    const { request, object } = await newRequest();
    const key = keyOf(object);
    const presentation = await presentationFor(object);
    const payload = { vp_token: { statement: [presentation] }, state: object.state };
    const jwe = await encrypted(payload, key);
    // One byte of the ciphertext changed: the tag does not match.
    const parts = jwe.split('.');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    const tampered = [...parts.slice(0, 3), ciphertext.toString('base64url'), parts[4]].join('.');
    // A key of the wallet's own choosing, named as the request's key or not named.
    const other = await exportJWK(
      (await generateKeyPair('ECDH-ES', { crv: 'P-256', extractable: true })).publicKey,
    );
    const otherRequestKey = keyOf((await newRequest()).object);
    const refused = [
      tampered,
      await encrypted(payload, { ...other, kid: key.kid }),
      await encrypted(payload, other),
      await encrypted(payload, otherRequestKey),
      'not-a-jwe',
    ];
    for (const response of refused) {
      const answer = await post(object, { response });
      expect([answer.statusCode, answer.json().error]).toEqual([400, 'invalid_request']);
      expect(answer.json().error_description).toBe(
        "The response is not a JWE this request's key decrypts (ECDH-ES, A128GCM or A256GCM)",
      );
    }
    // The form direct_post sends, unencrypted, is not what this request asked for.
    const plain = await post(object, {
      vp_token: JSON.stringify({ statement: [presentation] }),
      state: object.state,
    });
    expect([plain.statusCode, plain.json().error]).toEqual([400, 'invalid_request']);
    // A JWE whose content is no answer: read as direct_post would read it.
    const noState = await post(object, {
      response: await encrypted({ vp_token: { statement: [presentation] } }, key),
    });
    expect([noState.statusCode, noState.json().error]).toEqual([400, 'invalid_request']);
    expect((await outcomeOf(request)).state).toBe('waiting');
    // The holder's answer, encrypted to the request's key, is still taken.
    const answer = await post(object, { response: jwe });
    expect(answer.statusCode).toBe(200);
    expect((await outcomeOf(request)).is_valid).toBe(true);
  });

  it('refuses a decrypted vp_token that is a string, not the DCQL object keyed by the query id (400 invalid_request)', async () => {
    const { request, object } = await newRequest();
    const presentation = await presentationFor(object);
    // The object written out as direct_post's form writes it, and the presentation on its own.
    for (const vpToken of [JSON.stringify({ statement: [presentation] }), presentation]) {
      const answer = await post(object, {
        response: await encrypted({ vp_token: vpToken, state: object.state }, keyOf(object)),
      });
      expect([answer.statusCode, answer.json()]).toEqual([
        400,
        {
          error: 'invalid_request',
          error_description:
            'The vp_token of the decrypted response is a JSON object keyed by credential query id (statement), not a string',
        },
      ]);
    }
    expect((await outcomeOf(request)).state).toBe('waiting');
  });

  it('tells a wallet whose decrypted answer holds the presentation twice, or names a parameter or the query twice, that the query asks for one (400 invalid_request)', async () => {
    const { request, object } = await newRequest();
    const presentation = await presentationFor(object);
    const vpToken = JSON.stringify({ statement: [presentation] });
    const refusals: [object | string, string][] = [
      [
        { vp_token: { statement: [presentation, presentation] }, state: request.id },
        'The vp_token holds the same presentation more than once for the query statement: the query asks for one (multiple is false in its DCQL query, OpenID4VP 1.0)',
      ],
      [
        `{"vp_token":{"statement":${JSON.stringify([presentation])},"statement":${JSON.stringify([presentation])}},"state":"${request.id}"}`,
        'The vp_token names the query statement more than once: the query asks for one (multiple is false in its DCQL query, OpenID4VP 1.0)',
      ],
      [
        `{"vp_token":${vpToken},"vp_token":${vpToken},"state":"${request.id}"}`,
        'The decrypted response names the parameter vp_token more than once',
      ],
    ];
    for (const [payload, description] of refusals) {
      const refused = await post(object, { response: await encrypted(payload, keyOf(object)) });
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        { error: 'invalid_request', error_description: description },
      ]);
    }
    // The form's response sent twice, as direct_post.jwt's one parameter.
    const jwe = await encrypted(
      { vp_token: { statement: [presentation] }, state: request.id },
      keyOf(object),
    );
    const twice = await t.app.inject({
      method: 'POST',
      url: new URL(object.response_uri).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['response', jwe],
        ['response', jwe],
      ]).toString(),
    });
    expect([twice.statusCode, twice.json()]).toEqual([
      400,
      { error: 'invalid_request', error_description: 'The parameter response is sent more than once' },
    ]);
    expect((await outcomeOf(request)).state).toBe('waiting');
    const taken = await post(object, { response: jwe });
    expect(taken.statusCode).toBe(200);
    expect((await outcomeOf(request)).is_valid).toBe(true);
  });

  it('refuses a decrypted vp_token that names a credential query the request never made (400 invalid_request, the id named)', async () => {
    const { request, object } = await newRequest();
    const presentation = await presentationFor(object);
    const refused = await post(object, {
      response: await encrypted(
        { vp_token: { statement: [presentation], diploma: [presentation] }, state: request.id },
        keyOf(object),
      ),
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        error: 'invalid_request',
        error_description:
          'The vp_token names the credential query diploma, which this request did not make: its one query is statement (OpenID4VP 1.0 section 8.1)',
      },
    ]);
    expect((await outcomeOf(request)).state).toBe('waiting');
    const taken = await post(object, {
      response: await encrypted(
        { vp_token: { statement: [presentation] }, state: request.id },
        keyOf(object),
      ),
    });
    expect(taken.statusCode).toBe(200);
    expect((await outcomeOf(request)).is_valid).toBe(true);
  });

  it('refuses a decrypted answer that holds a response of its own, before the library reads it as JARM (400 invalid_request)', async () => {
    const { request, object } = await newRequest();
    const presentation = await presentationFor(object);
    const vpToken = { statement: [presentation] };
    const nested = await encrypted({ vp_token: vpToken, state: request.id }, keyOf(object));
    const payloads: object[] = [
      { vp_token: vpToken, state: request.id, response: nested },
      { response: nested, state: request.id },
      { response: nested },
      { error: 'access_denied', state: request.id, response: 'x' },
    ];
    for (const payload of payloads) {
      const refused = await post(object, { response: await encrypted(payload, keyOf(object)) });
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        {
          error: 'invalid_request',
          error_description:
            'The decrypted response holds the answer parameters (vp_token and state, or an error), not a response parameter of its own',
        },
      ]);
    }
    expect((await outcomeOf(request)).state).toBe('waiting');
    expect((await post(object, { response: nested })).statusCode).toBe(200);
    expect((await outcomeOf(request)).is_valid).toBe(true);
  });

  it('tells a wallet that answers in both response modes at once, a vp_token in the clear beside its JWE, that one is taken (400 invalid_request)', async () => {
    const { request, object } = await newRequest();
    const presentation = await presentationFor(object);
    const jwe = await encrypted(
      { vp_token: { statement: [presentation] }, state: request.id },
      keyOf(object),
    );
    const clears: Record<string, string>[] = [
      { vp_token: JSON.stringify({ statement: [presentation] }), state: request.id },
      { error: 'access_denied', state: request.id },
    ];
    for (const clear of clears) {
      const refused = await post(object, { response: jwe, ...clear });
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        {
          error: 'invalid_request',
          error_description:
            'The answer is in one response mode, not both: a form with vp_token and state (direct_post) or a form with one response, a JWE (direct_post.jwt)',
        },
      ]);
    }
    expect((await outcomeOf(request)).state).toBe('waiting');
    expect((await post(object, { response: jwe })).statusCode).toBe(200);
    expect((await outcomeOf(request)).is_valid).toBe(true);
  });

  it('refuses a JWE whose protected header is nested too deeply before jose parses it', async () => {
    const { request, object } = await newRequest();
    const header = Buffer.from('['.repeat(10_000) + ']'.repeat(10_000)).toString('base64url');
    const answer = await post(object, { response: `${header}..iv.ciphertext.tag` });
    expect([answer.statusCode, answer.json().error]).toEqual([400, 'invalid_request']);
    expect(answer.json().error_description).toBe('The answer is nested too deeply');
    expect((await outcomeOf(request)).state).toBe('waiting');
  });

  it('keeps each request’s response mode when WALLET_RESPONSE_MODE changes while it is open, and checks its answer against it', async () => {
    // This deployment asks for encrypted answers; the same deployment restarted with direct_post.
    const plainInstance = await t.instance({ env: { WALLET_RESPONSE_MODE: 'direct_post' } });
    const fetchObject = async (request: WalletRequest) => {
      const requestUri = new URL(request.request_url).searchParams.get('request_uri') ?? '';
      const fetched = await plainInstance.inject({ method: 'GET', url: new URL(requestUri).pathname });
      expect(fetched.statusCode).toBe(200);
      return decodeJwt(fetched.body) as unknown as RequestObject;
    };
    const answerAt = (object: RequestObject, form: Record<string, string>) =>
      plainInstance.inject({
        method: 'POST',
        url: new URL(object.response_uri).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });

    // A request made for an encrypted answer is fetched and answered so after the change.
    const encryptedRequest = dataOf<WalletRequest>(
      await t.app.inject({ method: 'POST', url: '/api/v1/wallet/presentations' }),
    );
    const object = await fetchObject(encryptedRequest);
    expect(object.response_mode).toBe('direct_post.jwt');
    const presentation = await presentationFor(object);
    const plainForm = { vp_token: JSON.stringify({ statement: [presentation] }), state: object.state };
    const plain = await answerAt(object, plainForm);
    expect([plain.statusCode, plain.json().error]).toEqual([400, 'invalid_request']);
    const jwe = await encrypted(
      { vp_token: { statement: [presentation] }, state: object.state },
      keyOf(object),
    );
    expect((await answerAt(object, { response: jwe })).statusCode).toBe(200);
    expect((await outcomeOf(encryptedRequest)).is_valid).toBe(true);

    // A request made for a form is answered by a form here, where the setting asks for encryption.
    const plainRequest = dataOf<WalletRequest>(
      await plainInstance.inject({ method: 'POST', url: '/api/v1/wallet/presentations' }),
    );
    const fetched = await t.app.inject({
      method: 'GET',
      url: new URL(new URL(plainRequest.request_url).searchParams.get('request_uri') ?? '').pathname,
    });
    const plainObject = decodeJwt(fetched.body) as unknown as RequestObject;
    expect(plainObject.response_mode).toBe('direct_post');
    expect(plainObject.client_metadata.jwks).toBeUndefined();
    const otherPresentation = await presentationFor(plainObject);
    // An encrypted answer to it is told what the request asked for.
    const misdirected = await post(plainObject, {
      response: await encrypted(
        { vp_token: { statement: [otherPresentation] }, state: plainObject.state },
        keyOf(object),
      ),
    });
    expect([misdirected.statusCode, misdirected.json()]).toEqual([
      400,
      {
        error: 'invalid_request',
        error_description:
          'This request asked for direct_post: the answer is a form with vp_token and state, not an encrypted response',
      },
    ]);
    const answer = await post(plainObject, {
      vp_token: JSON.stringify({ statement: [otherPresentation] }),
      state: plainObject.state,
    });
    expect(answer.statusCode).toBe(200);
    expect((await outcomeOf(plainRequest)).is_valid).toBe(true);

    // A request made before its mode was kept (migration 119) follows the setting, as then.
    const { request: older } = await newRequest();
    await t.database.db
      .updateTable('wallet_presentations')
      .set({ response_mode: null, issuer_kid: null })
      .where('id', '=', older.id)
      .execute();
    expect((await fetchObject(older)).response_mode).toBe('direct_post');
  });

  it('tells a request made before an issuer key rotation, fetched or answered encrypted after it, why it cannot be (a request made after is answered)', async () => {
    const { request, object } = await newRequest();
    // The deployment after `keys:rotate --key wallet` and a restart: another issuer key (decision 094).
    const before = testConfig(t.database);
    await assertKeyFingerprints(t.database.db, keySetFingerprints(before), clock);
    const keyPath = join(t.database.tempDir, 'wallet-issuer-rotated-encrypted.pem');
    writeFileSync(keyPath, newWalletKeyPem());
    const env = { WALLET_ISSUER_KEY_PATH: keyPath };
    await rotateKey({
      db: t.database.db,
      config: testConfig(t.database, { ...t.env, ...env }),
      clock,
      name: 'wallet',
      previousKeyFile: walletKeyPath(before),
    });
    const rotated = await t.instance({ env });
    const answerAt = (target: RequestObject, form: Record<string, string>) =>
      rotated.inject({
        method: 'POST',
        url: new URL(target.response_uri).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    // Fetched before the rotation: its key was derived from the retired issuer key, which no instance holds.
    const presentation = await presentationFor(object);
    const payload = { vp_token: { statement: [presentation] }, state: object.state };
    const refused = await answerAt(object, { response: await encrypted(payload, keyOf(object)) });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        error: 'invalid_request',
        error_description:
          "The issuer key was rotated since this request was made: an answer encrypted to the request's key of then cannot be read. Ask the verifier for a new request",
      },
    ]);
    expect((await outcomeOf(request)).state).toBe('waiting');
    // A JWE that is no answer to this request is still told so, whatever the rotation.
    const junk = await answerAt(object, { response: 'not-a-jwe' });
    expect(junk.json().error_description).toBe(
      "The response is not a JWE this request's key decrypts (ECDH-ES, A128GCM or A256GCM)",
    );

    // Fetched after it, its object would be signed by the key in use, whose client_id is not the
    // one the QR code's link names: refused, told why.
    const requestUri = new URL(request.request_url).searchParams.get('request_uri') ?? '';
    const refetched = await rotated.inject({ method: 'GET', url: new URL(requestUri).pathname });
    expect([refetched.statusCode, refetched.json()]).toEqual([
      400,
      {
        error: 'invalid_request',
        error_description:
          'The issuer key was rotated since this request was made: its request object can no longer be signed as its link names it. Ask the verifier for a new request',
      },
    ]);
    expect((await outcomeOf(request)).state).toBe('waiting');
    // A request made after the rotation is fetched and answered.
    const next = dataOf<WalletRequest>(
      await rotated.inject({ method: 'POST', url: '/api/v1/wallet/presentations' }),
    );
    const nextUri = new URL(next.request_url).searchParams.get('request_uri') ?? '';
    const nextObject = decodeJwt(
      (await rotated.inject({ method: 'GET', url: new URL(nextUri).pathname })).body,
    ) as unknown as RequestObject;
    const again = await presentationFor(nextObject);
    const answer = await answerAt(nextObject, {
      response: await encrypted(
        { vp_token: { statement: [again] }, state: nextObject.state },
        keyOf(nextObject),
      ),
    });
    expect(answer.statusCode).toBe(200);
    expect((await outcomeOf(next)).is_valid).toBe(true);
  });

  it('records a wallet’s encrypted error answer as declined', async () => {
    const { request, object } = await newRequest();
    const answer = await post(object, {
      response: await encrypted({ error: 'access_denied', state: object.state }, keyOf(object)),
    });
    expect(answer.statusCode).toBe(200);
    const outcome = await outcomeOf(request);
    expect([outcome.state, outcome.is_open]).toEqual(['declined', true]);
  });

  it('records as declined a wallet’s error answer sent in the clear, as a wallet unable to encrypt may (OpenID4VP 1.0 §8.3.1), and still refuses a vp_token in the clear', async () => {
    const { request, object } = await newRequest();
    const presentation = await presentationFor(object);
    const plain = await post(object, {
      vp_token: JSON.stringify({ statement: [presentation] }),
      state: object.state,
    });
    expect([plain.statusCode, plain.json().error_description]).toEqual([
      400,
      'The answer is encrypted (direct_post.jwt): a form with one response parameter, a JWE',
    ]);
    // Its state is still checked, as an encrypted answer's.
    const wrongState = await post(object, { error: 'access_denied', state: 'another' });
    expect([wrongState.statusCode, wrongState.json().error_description]).toEqual([
      400,
      'The state of the request is missing or wrong',
    ]);
    expect((await outcomeOf(request)).state).toBe('waiting');
    const answer = await post(object, {
      error: 'access_denied',
      error_description: 'The holder declined',
      state: object.state,
    });
    expect([answer.statusCode, answer.json()]).toEqual([200, {}]);
    const outcome = await outcomeOf(request);
    expect([outcome.state, outcome.is_open]).toEqual(['declined', true]);
  });
});
