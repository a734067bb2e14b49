import type { WalletOffer, WalletRequest } from '@lisbon/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { dataOf } from './requests';
import { createHolder, injectFetch, type HolderFetch } from './wallet-holder';
import { useWalletStatement } from './wallet-statement';

/** A browser-based wallet's page, on an origin that is not the portal's. */
const WALLET_ORIGIN = 'https://wallet.example';
const clock = new ManualClock(new Date());
const t = useTestApp({ clock });
// The wallet signs its key binding at the real time, which the verifier compares with the portal's clock.
beforeEach(() => clock.set(new Date()));
const published = useWalletStatement(t);

const offerOf = async () =>
  dataOf<WalletOffer>(
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${published.practiceId}/statement/wallet-offers`,
      headers: bearer(published.owner.token),
    }),
  );
const presentationRequest = async () =>
  dataOf<WalletRequest>(await t.app.inject({ method: 'POST', url: '/api/v1/wallet/presentations' }));

const preflight = (url: string, method: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: WALLET_ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,dpop',
    },
  });

/** The CORS headers of an answer (and whether it allows credentials, which it must not). */
const corsOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

/** Request headers a page may send without a preflight, as the Fetch standard lists them. */
const isSafelisted = (name: string, value: string) =>
  ['accept', 'accept-language', 'content-language'].includes(name) ||
  (name === 'content-type' &&
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].includes(
      value.split(';')[0]?.trim().toLowerCase() ?? '',
    ));

/**
 * The wallet's calls as a browser makes them from its page's origin: a call that is not simple is
 * preceded by a preflight that must allow its method and headers, and an answer reaches the page
 * only if it allows the origin (the Fetch standard's CORS checks, in short). Each call is noted.
 */
const browserFetch =
  (calls: string[]): HolderFetch =>
  async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // fetch() writes the standard methods in capitals, however they were given.
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const unsafe = [...headers].filter(([name, value]) => !isSafelisted(name, value)).map(([name]) => name);
    if (!['GET', 'HEAD', 'POST'].includes(method) || unsafe.length > 0) {
      const answer = await t.app.inject({
        method: 'OPTIONS',
        url: url.pathname,
        headers: {
          origin: WALLET_ORIGIN,
          'access-control-request-method': method,
          ...(unsafe.length > 0 ? { 'access-control-request-headers': unsafe.join(',') } : {}),
        },
      });
      const allowed = (name: string) =>
        String(answer.headers[name] ?? '')
          .toLowerCase()
          .split(/, */);
      const isAllowed =
        answer.statusCode === 204 &&
        answer.headers['access-control-allow-origin'] === '*' &&
        (['GET', 'POST'].includes(method) ||
          allowed('access-control-allow-methods').includes(method.toLowerCase())) &&
        unsafe.every((name) => allowed('access-control-allow-headers').includes(name));
      if (!isAllowed) throw new TypeError(`CORS preflight of ${method} ${url.pathname} refused`);
    }
    headers.set('origin', WALLET_ORIGIN);
    const response = await injectFetch(t.app)(url, { ...init, headers });
    if (response.headers.get('access-control-allow-origin') !== '*')
      throw new TypeError(`the answer to ${method} ${url.pathname} is not readable from ${WALLET_ORIGIN}`);
    calls.push(`${method} ${url.pathname.replace(/presentations\/[^/]+/, 'presentations/{id}')}`);
    return response;
  };

describe('a wallet in a browser, on another origin (CORS)', () => {
  it('takes the statement and presents it with every call made as a browser makes it: preflights allowed, answers readable', async () => {
    const calls: string[] = [];
    const wallet = await createHolder(browserFetch(calls));
    const offer = await offerOf();
    const credential = await wallet.receive(offer.offer_url, offer.tx_code, { dpop: true });
    const request = await presentationRequest();
    const answer = await wallet.present(request.request_url, credential);
    expect(answer.ok).toBe(true);
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /.well-known/openid-credential-issuer',
        'GET /.well-known/oauth-authorization-server',
        'POST /api/v1/wallet/token',
        'POST /api/v1/wallet/nonce',
        'POST /api/v1/wallet/credential',
        'GET /api/v1/wallet/presentations/{id}/request',
        'POST /api/v1/wallet/presentations/{id}/response',
      ]),
    );
  });

  it('answers each protocol endpoint’s preflight for its method and the headers the protocols send, without credentials; each answer, a refusal too, is readable with its challenge', async () => {
    const request = await presentationRequest();
    const endpoints: [string, 'GET' | 'POST'][] = [
      ['/.well-known/openid-credential-issuer', 'GET'],
      ['/.well-known/oauth-authorization-server', 'GET'],
      ['/.well-known/jwt-vc-issuer', 'GET'],
      ['/api/v1/wallet/vct/recognition-statement', 'GET'],
      ['/api/v1/wallet/status-list', 'GET'],
      ['/api/v1/wallet/nonce', 'POST'],
      ['/api/v1/wallet/token', 'POST'],
      ['/api/v1/wallet/credential', 'POST'],
      [`/api/v1/wallet/presentations/${request.id}/request`, 'GET'],
      [`/api/v1/wallet/presentations/${request.id}/response`, 'POST'],
    ];
    for (const [url, method] of endpoints) {
      const answer = await preflight(url, method);
      expect({ url, status: answer.statusCode, cors: corsOf(answer.headers) }).toEqual({
        url,
        status: 204,
        cors: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': method,
          'access-control-allow-headers': 'Authorization, DPoP, Content-Type',
          'access-control-expose-headers': 'WWW-Authenticate, Retry-After',
          'access-control-max-age': '600',
        },
      });
      // The call itself, as the browser then sends it (the POSTs without what they need: refused).
      const actual = await t.app.inject({ method, url, headers: { origin: WALLET_ORIGIN } });
      expect({ url, cors: corsOf(actual.headers) }).toEqual({
        url,
        cors: {
          'access-control-allow-origin': '*',
          'access-control-expose-headers': 'WWW-Authenticate, Retry-After',
        },
      });
    }
    // The refusal a wallet must read to know how to authenticate: its challenge is exposed.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/credential',
      headers: {
        origin: WALLET_ORIGIN,
        authorization: 'Bearer not-a-token',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(refused.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
  });

  it('opens none of the portal’s own routes: a session’s calls and the verifier page’s get no CORS header, nor a preflight', async () => {
    const offers = `/api/v1/practices/${published.practiceId}/statement/wallet-offers`;
    const request = await presentationRequest();
    const ownRoutes: [string, 'GET' | 'POST'][] = [
      [offers, 'POST'],
      ['/api/v1/auth/me', 'GET'],
      ['/api/v1/wallet/presentations', 'POST'],
      [`/api/v1/wallet/presentations/${request.id}?key=${request.result_key}`, 'GET'],
    ];
    for (const [url, method] of ownRoutes) {
      const answer = await preflight(url, method);
      expect({ url, cors: corsOf(answer.headers) }).toEqual({ url, cors: {} });
      expect(answer.statusCode).not.toBe(204);
      const actual = await t.app.inject({
        method,
        url,
        headers: { origin: WALLET_ORIGIN, ...bearer(published.owner.token) },
      });
      expect(actual.statusCode).toBeLessThan(300);
      expect({ url, cors: corsOf(actual.headers) }).toEqual({ url, cors: {} });
    }
  });
});
