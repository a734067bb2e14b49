import type { WalletOffer } from '@lisbon/domain';
import { Oauth2AuthorizationServer } from '@openid4vc/oauth2';
import { Openid4vciError, Openid4vciIssuer } from '@openid4vc/openid4vci';
import { Openid4vpVerifier } from '@openid4vc/openid4vp';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { WALLET_OFFER_RULE } from '../src/modules/wallet/routes';
import { createRateLimiter } from '../src/platform/rate-limit/limiter';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { logLines } from './log-lines';
import { dataOf } from './requests';
import { useWalletStatement } from './wallet-statement';

/**
 * A wallet library that throws where the portal builds or answers (a bug, a version that refuses
 * what the last one took) may quote what it was given: a pre-authorized code, a presentation
 * request's secret id. The 500 is logged with a fixed description and the error's class only,
 * and answers none of it.
 */
const { lines, entries, stream } = logLines<{
  msg: string;
  err?: { type?: string; message?: string; libraryError?: string; call?: string };
}>();
const t = useTestApp({ env: { LOG_LEVEL: 'trace' }, logTo: stream });
const published = useWalletStatement(t);

afterEach(() => {
  vi.restoreAllMocks();
});

const newOffer = () =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/practices/${published.practiceId}/statement/wallet-offers`,
    headers: bearer(published.owner.token),
  });

const PRE_AUTHORIZED = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

/** The 500's log line: the library's class, a fixed description, and `secret` in no line at all. */
function expectLoggedWithout(secret: string, libraryError: string) {
  expect(secret.length).toBeGreaterThan(5);
  expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  const failed = entries().filter((entry) => entry.msg === 'request failed');
  expect(failed.at(-1)?.err).toMatchObject({ type: 'WalletLibraryFailure', libraryError });
}

describe('a wallet library that throws', () => {
  it('while building an offer: a 500 whose log line and answer hold no pre-authorized code', async () => {
    let code = '';
    vi.spyOn(Openid4vciIssuer.prototype, 'createCredentialOffer').mockImplementation(async (options) => {
      code = String(options.grants?.[PRE_AUTHORIZED]?.['pre-authorized_code']);
      throw new Openid4vciError(`Invalid grants: pre-authorized_code '${code}' is refused`);
    });
    const answer = await newOffer();
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ code: 'api_error' });
    expect(answer.body).not.toContain(code);
    expectLoggedWithout(code, 'Openid4vciError');
  });

  it("while drawing an offer's QR code: nothing saved, so no status list entry is taken, and the next offer is made", async () => {
    const offers = () =>
      t.database.db
        .selectFrom('wallet_offers')
        .select('id')
        .where('user_id', '=', published.owner.id)
        .execute();
    const before = (await offers()).length;
    vi.spyOn(QRCode, 'toString').mockImplementationOnce(() => {
      throw new RangeError('The amount of data is too big to be stored in a QR Code');
    });
    const answer = await newOffer();
    expect(answer.statusCode).toBe(500);
    expect(await offers()).toHaveLength(before);
    expect((await newOffer()).statusCode).toBe(201);
    expect(await offers()).toHaveLength(before + 1);
  });

  it('while building offers, again and again: none of the 500s uses up the hour’s offers, as none was saved', async () => {
    const bucket = { rule: WALLET_OFFER_RULE, subject: String(published.owner.id) };
    const limiter = createRateLimiter({ db: t.database.db, clock: t.clock });
    await limiter.reset([bucket]);
    onTestFinished(() => limiter.reset([bucket]));
    vi.spyOn(QRCode, 'toString').mockImplementation(() => {
      throw new RangeError('The amount of data is too big to be stored in a QR Code');
    });
    for (let call = 0; call <= WALLET_OFFER_RULE.limit; call += 1) {
      expect((await newOffer()).statusCode).toBe(500);
    }
    vi.restoreAllMocks();
    expect(await limiter.count(bucket)).toBe(0);
    expect((await newOffer()).statusCode).toBe(201);
  });

  it('while signing the access token: a 500 whose log line and answer hold no pre-authorized code', async () => {
    const offer = dataOf<WalletOffer>(await newOffer());
    const grant = new URL(offer.offer_url).searchParams.get('credential_offer') ?? '';
    const code: string = JSON.parse(grant).grants[PRE_AUTHORIZED]['pre-authorized_code'];
    vi.spyOn(Oauth2AuthorizationServer.prototype, 'createAccessTokenResponse').mockImplementation(
      async () => {
        throw new TypeError(`Cannot read the grant of '${code}' with tx_code ${offer.tx_code}`);
      },
    );
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: PRE_AUTHORIZED,
        'pre-authorized_code': code,
        tx_code: offer.tx_code,
      }).toString(),
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain(code);
    expectLoggedWithout(code, 'TypeError');
    expect(lines.filter((line) => line.includes(offer.tx_code))).toEqual([]);
  });

  it("while signing a presentation request: a 500 whose log line and answer hold no request's id", async () => {
    let requestUri = '';
    vi.spyOn(Openid4vpVerifier.prototype, 'createOpenId4vpAuthorizationRequest').mockImplementation(
      async (options) => {
        requestUri = String(options.jar?.requestUri);
        throw new Error(`The request_uri ${requestUri} is not accepted`);
      },
    );
    const answer = await t.app.inject({ method: 'POST', url: '/api/v1/wallet/presentations' });
    expect(answer.statusCode).toBe(500);
    const id = requestUri.split('/').at(-2) ?? '';
    expect(answer.body).not.toContain(id);
    expectLoggedWithout(id, 'Error');
  });

  it("while drawing a presentation request's QR code: a 500 whose log line and answer hold no request's id", async () => {
    let link = '';
    vi.spyOn(QRCode, 'toString').mockImplementation((text) => {
      link = String(text);
      throw new RangeError(`The amount of data is too big to be stored in a QR Code: ${text}`);
    });
    const answer = await t.app.inject({ method: 'POST', url: '/api/v1/wallet/presentations' });
    expect(answer.statusCode).toBe(500);
    const id = new URL(new URL(link).searchParams.get('request_uri') ?? '').pathname.split('/').at(-2) ?? '';
    expect(answer.body).not.toContain(id);
    expectLoggedWithout(id, 'RangeError');
  });
});
