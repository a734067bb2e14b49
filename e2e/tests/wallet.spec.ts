import { createHolder } from '../../apps/api/test/wallet-holder';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import { runCli } from '../staff';
import { createApplicant, expect, expectAccessible, logIn, test } from '../support';

/**
 * The statement in a digital wallet (issue #36, decision 088), on a phone's width: the applicant
 * shows the offer (QR code, link, one-time code) and a test wallet — the OpenID4VCI and OpenID4VP
 * clients of the libraries, over HTTP — redeems it; a visitor asks for a presentation on the verify
 * page and the wallet's answer reads valid, step by step.
 */

const applicant = { email: `amina.wallet.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };

test.use({ viewport: { width: 375, height: 800 } });

test('the applicant adds the statement to a wallet, and a visitor checks the wallet’s presentation', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const dataDirectory = dataDir(PORTAL_PORT);
  await createApplicant(request, dataDirectory, applicant);
  const published = runCli(dataDirectory, ['demo:statement', '--email', applicant.email], {
    PUBLIC_URL: `http://127.0.0.1:${PORTAL_PORT}`,
  });
  const practiceId = /Published demo request #(\d+)/.exec(published)?.[1];
  expect(practiceId).toBeDefined();

  // The applicant opens the offer on the published statement.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth/login');
  await logIn(page, applicant);
  await expect(page).not.toHaveURL(/\/auth\//);
  await page.goto(`/practices/${practiceId}`);
  await page.getByRole('button', { name: 'Add to a digital wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add the statement to your digital wallet' });
  await expect(
    dialog.getByRole('img', { name: 'QR code of the credential offer for your wallet' }),
  ).toBeVisible();
  const offerUrl = (await dialog.getByTestId('wallet-offer-link').getAttribute('href')) ?? '';
  expect(offerUrl).toMatch(/^openid-credential-offer:\/\//);
  const txCode = (await dialog.getByTestId('wallet-tx-code').textContent()) ?? '';
  expect(txCode).toMatch(/^\d{6}$/);
  await expectAccessible(page);

  // A wallet scans it and types the code; as IT-Wallet wallets do, it asks for a DPoP-bound token
  // (RFC 9449), its proofs made for the portal's public URLs and checked over HTTP.
  const wallet = await createHolder(fetch);
  const credential = await wallet.receive(offerUrl, txCode, { dpop: true });
  expect(credential.split('~').length).toBeGreaterThan(3);

  // A visitor, on the verify page, asks for a presentation.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/verify');
  await visitor.getByRole('link', { name: 'Check a credential from a wallet' }).click();
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Check a credential from a wallet' }),
  ).toBeVisible();
  await expect(visitor.getByRole('img', { name: 'QR code of the request for a wallet' })).toBeVisible();
  await expect(visitor.getByText('Waiting for the wallet’s answer…')).toBeVisible();
  await expectAccessible(visitor);
  const requestUrl = (await visitor.getByTestId('wallet-request-link').getAttribute('href')) ?? '';
  expect(requestUrl).toMatch(/^openid4vp:\/\//);

  const answer = await wallet.present(requestUrl, credential);
  expect(answer.status).toBe(200);
  await expect(visitor.getByTestId('wallet-result')).toHaveText('Valid', { timeout: 15_000 });
  await expect(visitor.getByText('Record in the ledger: passed')).toBeVisible();
  await expect(visitor.getByText('Details asked for, disclosed: passed')).toBeVisible();
  await expectAccessible(visitor);

  // The page the wallet opens on its own device shows the outcome, by the response code in the
  // address's fragment; the same address without it (the QR code's id alone) shows nothing.
  const { redirect_uri: redirectUri } = (await answer.json()) as { redirect_uri: string };
  const back = new URL(redirectUri);
  const holderBrowser = await (await browser.newContext()).newPage();
  await holderBrowser.goto(`${back.pathname}${back.hash}`);
  await expect(holderBrowser.getByTestId('wallet-result')).toHaveText('Valid');
  const onlooker = await (await browser.newContext()).newPage();
  await onlooker.goto(back.pathname);
  await expect(onlooker.getByRole('alert')).toContainText('There is no check to show here.');
  await expect(onlooker.getByText(/^Holder:/)).toHaveCount(0);
  await onlooker.getByRole('link', { name: 'Make a new request' }).click();
  await expect(onlooker.getByRole('img', { name: 'QR code of the request for a wallet' })).toBeVisible();
  await expectAccessible(onlooker);
});
