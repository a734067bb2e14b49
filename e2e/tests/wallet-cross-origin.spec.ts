import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import { runCli } from '../staff';
import { apiToken, createApplicant, expect, test } from '../support';

/**
 * A wallet that runs in a browser (decision 088, "a wallet in a browser"): its page, served from
 * another origin (another port), calls the portal's protocol endpoints with `fetch`, and Chromium
 * itself makes the CORS checks (preflights, `Access-Control-Allow-Origin`, exposed headers) and the
 * `Cross-Origin-Resource-Policy: same-origin` check every answer of the portal carries. The
 * protocol endpoints answer it; the portal's own routes do not.
 */

const applicant = { email: `amina.webwallet.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };
const PORTAL = `http://127.0.0.1:${PORTAL_PORT}`;

/** The wallet's page: an origin of its own, with nothing on it but a title. */
let walletSite: Server;
let walletOrigin: string;

test.beforeAll(async () => {
  walletSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>A web wallet</title><main>Wallet</main></html>');
  });
  await new Promise<void>((resolve) => walletSite.listen(0, '127.0.0.1', resolve));
  walletOrigin = `http://127.0.0.1:${(walletSite.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => walletSite.close(resolve));
});

/** What a `fetch` from the page got: its status and the parts it may read, or the browser's refusal. */
type Fetched = { status: number; body: string; challenge: string | null } | { refused: string };

test('a wallet’s page on another origin reads the metadata, gets a nonce and a token, and cannot call the portal’s own routes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const dataDirectory = dataDir(PORTAL_PORT);
  await createApplicant(request, dataDirectory, applicant);
  const published = runCli(dataDirectory, ['demo:statement', '--email', applicant.email], {
    PUBLIC_URL: PORTAL,
  });
  const practiceId = /Published demo request #(\d+)/.exec(published)?.[1];
  expect(practiceId).toBeDefined();
  const session = await apiToken(request, applicant);
  const made = await request.post(`/api/v1/practices/${practiceId}/statement/wallet-offers`, {
    headers: { authorization: `Bearer ${session}` },
  });
  expect(made.status()).toBe(201);
  const offer = ((await made.json()) as { data: { offer_url: string; tx_code: string } }).data;
  const credentialOffer = JSON.parse(
    new URL(offer.offer_url).searchParams.get('credential_offer') ?? '{}',
  ) as {
    grants: Record<string, { 'pre-authorized_code': string }>;
  };
  const preAuthorizedCode =
    credentialOffer.grants['urn:ietf:params:oauth:grant-type:pre-authorized_code']?.['pre-authorized_code'] ??
    '';

  await page.goto(walletOrigin);
  expect(new URL(page.url()).origin).not.toBe(PORTAL);
  /** A `fetch` made by the wallet's page, as its script would make it. */
  const fetchFromWallet = (
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    page.evaluate(
      async ({ url, init }): Promise<Fetched> => {
        try {
          const response = await fetch(url, { ...init, mode: 'cors' });
          return {
            status: response.status,
            body: await response.text(),
            challenge: response.headers.get('www-authenticate'),
          };
        } catch (error) {
          return { refused: String(error) };
        }
      },
      { url: `${PORTAL}${url}`, init },
    );
  const json = (fetched: Fetched) => {
    expect(fetched).not.toHaveProperty('refused');
    return JSON.parse((fetched as { body: string }).body) as Record<string, unknown>;
  };

  // Every answer carries `Cross-Origin-Resource-Policy: same-origin`: the browser keeps it from
  // another origin's no-cors loads (an <img>, a <script>, fetch without CORS), and only from those
  // (the Fetch standard's CORP check passes any request made with CORS, as a wallet's are).
  const noCors = await page.evaluate(async (url) => {
    try {
      await fetch(url, { mode: 'no-cors' });
      return 'loaded';
    } catch {
      return 'blocked';
    }
  }, `${PORTAL}/.well-known/openid-credential-issuer`);
  expect(noCors).toBe('blocked');

  // The issuer's metadata and the authorization server's, read across origins.
  const metadata = await fetchFromWallet('/.well-known/openid-credential-issuer');
  expect(metadata).toMatchObject({ status: 200 });
  expect(json(metadata).credential_issuer).toBe(PORTAL);
  const server = await fetchFromWallet('/.well-known/oauth-authorization-server');
  expect(json(server).token_endpoint).toBe(`${PORTAL}/api/v1/wallet/token`);

  // A nonce: a POST with JSON's content type, which the browser sends only after a preflight.
  const nonce = await fetchFromWallet('/api/v1/wallet/nonce', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  expect(nonce).toMatchObject({ status: 200 });
  expect(typeof json(nonce).c_nonce).toBe('string');

  // The token request, a form, with the offer's code and the one-time code the holder types.
  const token = await fetchFromWallet('/api/v1/wallet/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
      'pre-authorized_code': preAuthorizedCode,
      tx_code: offer.tx_code,
    }).toString(),
  });
  expect(token).toMatchObject({ status: 200 });
  const accessToken = json(token).access_token;
  expect(typeof accessToken).toBe('string');

  // The credential endpoint with that token (Authorization and JSON: preflighted), refused for
  // want of a key proof, and the page reads why; without a token, it reads the challenge.
  const withoutProof = await fetchFromWallet('/api/v1/wallet/credential', {
    method: 'POST',
    headers: { authorization: `Bearer ${String(accessToken)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ credential_configuration_id: 'recognition-statement' }),
  });
  expect(withoutProof).toMatchObject({ status: 400 });
  expect(json(withoutProof).error).toBe('invalid_proof');
  const withoutToken = await fetchFromWallet('/api/v1/wallet/credential', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(withoutToken).toMatchObject({ status: 401, challenge: 'Bearer, DPoP algs="ES256"' });

  // The portal's own routes are not the wallet's to call: with the applicant's session (a
  // preflight no answer allows) or as a simple GET (an answer that allows no other origin), the
  // browser hands the page nothing.
  const withSession = await fetchFromWallet('/api/v1/auth/session', {
    headers: { authorization: `Bearer ${session}` },
  });
  expect(withSession).toHaveProperty('refused');
  expect(await fetchFromWallet('/api/v1/auth/session')).toHaveProperty('refused');
  expect(
    await fetchFromWallet(`/api/v1/practices/${practiceId}/statement/wallet-offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
    }),
  ).toHaveProperty('refused');
});
