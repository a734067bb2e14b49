import type { WalletOffer } from '@lisbon/domain';
import { Oauth2AuthorizationServer } from '@openid4vc/oauth2';
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
const t = useTestApp();
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
});
