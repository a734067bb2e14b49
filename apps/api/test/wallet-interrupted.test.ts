import { WALLET_TX_CODE_ATTEMPTS, type WalletOffer } from '@lisbon/domain';
import { Oauth2AuthorizationServer } from '@openid4vc/oauth2';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { dataOf } from './requests';
import { createHolder, injectFetch, type Holder } from './wallet-holder';
import { useWalletStatement } from './wallet-statement';

/**
 * An issuance that fails on our side (a signing that throws, an instance stopped between two steps)
 * spends nothing of the holder's: the wallet asks again and is answered, and an offer still gives
 * one credential.
 */
const METRICS_TOKEN = 'metrics-token-for-the-interrupted-wallet-test-0123';
const t = useTestApp({ env: { METRICS_TOKEN } });
const published = useWalletStatement(t);
let holder: Holder;

beforeAll(async () => {
  holder = await createHolder(injectFetch(t.app));
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function newOffer(): Promise<WalletOffer> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/practices/${published.practiceId}/statement/wallet-offers`,
    headers: bearer(published.owner.token),
  });
  expect(response.statusCode).toBe(201);
  return dataOf<WalletOffer>(response);
}

/** The credentials the portal counts as issued, as /metrics reads them now. */
async function credentialsIssued(): Promise<number> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return Number(/^lisbon_wallet_credentials_issued_total (\d+)$/m.exec(answer.body)?.[1] ?? 0);
}

/** A credential request with a new proof of `wallet`'s key over a new nonce. */
async function askCredential(wallet: Holder, accessToken: string, issuerMetadata: IssuerMetadata) {
  const { jwt } = await wallet.keyProof(issuerMetadata);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/credential',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    payload: { credential_configuration_id: 'recognition-statement', proofs: { jwt: [jwt] } },
  });
}
type IssuerMetadata = Awaited<ReturnType<Holder['accessToken']>>['issuerMetadata'];

describe('an issuance interrupted on our side', () => {
  it('leaves the offer usable when its access token could not be signed: the wallet asks again with the same codes', async () => {
    const offer = await newOffer();
    vi.spyOn(Oauth2AuthorizationServer.prototype, 'createAccessTokenResponse').mockRejectedValueOnce(
      new TypeError('the signer failed'),
    );
    await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow();
    const { accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Redeemed once, by the request that was answered.
    await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow(/already been used/);
  });

  it('takes none of the offer’s attempts for a right code whose token could not be signed: more retries than attempts still get a token', async () => {
    const offer = await newOffer();
    const signing = vi.spyOn(Oauth2AuthorizationServer.prototype, 'createAccessTokenResponse');
    for (let failure = 0; failure < WALLET_TX_CODE_ATTEMPTS; failure += 1)
      signing.mockRejectedValueOnce(new TypeError('the signer failed'));
    for (let failure = 0; failure < WALLET_TX_CODE_ATTEMPTS; failure += 1)
      await expect(holder.accessToken(offer.offer_url, offer.tx_code)).rejects.toThrow(/status 500/);
    const { accessToken } = await holder.accessToken(offer.offer_url, offer.tx_code);
    expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('marks nothing issued when the credential could not be signed: the wallet asks again, with a new key too, and the offer still gives one credential', async () => {
    const offer = await newOffer();
    const { accessToken, issuerMetadata } = await holder.accessToken(offer.offer_url, offer.tx_code);
    const before = await credentialsIssued();
    vi.spyOn(SDJwtVcInstance.prototype, 'issue').mockRejectedValueOnce(new TypeError('the signer failed'));
    expect((await askCredential(holder, accessToken, issuerMetadata)).statusCode).toBe(500);
    // The wallet made a new key for its second try (as a wallet may after a failure): it is answered.
    const newKey = await createHolder(injectFetch(t.app));
    const answered = await askCredential(newKey, accessToken, issuerMetadata);
    expect(answered.statusCode).toBe(200);
    expect(answered.json<{ credentials: { credential: string }[] }>().credentials).toHaveLength(1);
    expect(await credentialsIssued()).toBe(before + 1);
    // One credential per offer: the key of the failed try is now refused.
    const refused = await askCredential(holder, accessToken, issuerMetadata);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'credential_request_denied' });
  });
});
