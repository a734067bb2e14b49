import type { APIRequestContext, Page } from '@playwright/test';
import { dataDir, PAYMENT_PROVIDER, PORTAL_PORT } from '../playwright.config';
import {
  apiToken,
  createApplicant,
  draftAtReview,
  expect,
  expectAccessible,
  expectNoSideScroll,
  logIn,
  test,
} from '../support';

const REVIEW_HEADING = 'New request, step 4 of 4: Review';
/**
 * The provider's hosted page and its test cards: the sandbox's, or a contract server's for Stripe
 * and Nexi (E2E_PAYMENT_PROVIDER, decision 067). The same journeys run against each.
 */
const GATEWAY = {
  sandbox: {
    page: /\/sandbox\/checkout\/cs_sandbox_/,
    success: '4242 4242 4242 4242',
    declined: '4000 0000 0000 0002',
  },
  stripe: { page: /:\d+\/c\/pay\/cs_test_/, success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' },
  nexi: { page: /:\d+\/hpp\//, success: '4349 9401 9900 4549', declined: '4349 9401 9999 7007' },
}[PAYMENT_PROVIDER];
const SUCCESS_CARD = GATEWAY.success;
const DECLINED_CARD = GATEWAY.declined;

const newApplicant = (name: string) => ({
  email: `${name}.${Date.now()}@example.org`,
  password: 'Olive-grove-2031!',
});

/** A logged-in applicant on the review step of a draft made through the API. */
async function atReview(page: Page, request: APIRequestContext, person: { email: string; password: string }) {
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  const practiceId = await draftAtReview(request, person);
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/service/new/review');
  await expect(page.getByRole('heading', { name: REVIEW_HEADING })).toBeVisible();
  return practiceId;
}

/** The request as the API has it (status, paid_at), read with the applicant's own token. */
async function practiceOf(
  request: APIRequestContext,
  person: { email: string; password: string },
  id: number,
) {
  const token = await apiToken(request, person);
  const response = await request.get(`/api/v1/practices/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as { data: { status: string; paid_at: string | null; wizard_step: string } }
  ).data;
}

/** Billing information of an individual billed in France (no Italian fiscal code needed). */
async function fillBilling(page: Page) {
  const billing = page.getByRole('group', { name: 'Billing information' });
  await expect(billing.getByLabel(/^First name/)).toHaveValue('Amina');
  const country = billing.getByRole('combobox', { name: 'Country' });
  await country.click();
  await country.pressSequentially('fran');
  await page.getByRole('option', { name: 'France' }).click();
  await billing.getByLabel(/^Address/).fill('12 rue de la République');
  await billing.getByLabel(/^City/).fill('Lyon');
  await billing.getByLabel(/^Zip code/).fill('69002');
}

/** On the provider's hosted page: pays with a test card. */
async function payOnCheckoutPage(page: Page, card: string) {
  await expect(page).toHaveURL(GATEWAY.page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Card number/).fill(card);
  await page.getByLabel(/^Expiry date/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByLabel(/^Name on the card/).fill('Amina Haddad');
  await page.getByRole('button', { name: /^Pay €/ }).click();
}

/**
 * The sandbox's test cards on a 375 px phone in Italian, opened with the keyboard: each number on
 * one line, its focus shown as the fields show theirs, before the card's fields in Tab order.
 */
async function readTestCardsOnAPhone(page: Page) {
  await expect(page).toHaveURL(GATEWAY.page);
  const desktop = page.viewportSize();
  const language = (value: string) => ({ name: 'lisbon-language', value, domain: '127.0.0.1', path: '/' });
  await page.context().addCookies([language('it-IT')]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  const summary = page.getByText('Carte di prova', { exact: true });
  await summary.focus();
  await expect(summary).toHaveCSS('outline-width', '3px');
  await page.keyboard.press('Enter');
  const numbers = page.getByRole('cell', { name: /^\d{4} \d{4} \d{4} \d{4}$/ });
  await expect(numbers).toHaveCount(3);
  // A number's text makes one box per line it takes.
  const lines = await page.evaluate<number[]>(
    "[...document.querySelectorAll('tbody td:first-child')].map((cell) => { const range = document.createRange(); range.selectNodeContents(cell); return range.getClientRects().length; })",
  );
  expect(lines).toEqual([1, 1, 1]);
  // Read before paying: from them, Tab goes to the card's first field, Pay and Cancel after it.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Numero della carta/)).toBeFocused();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  // Pay with nothing typed: the page comes back with its problems, which take the focus (the
  // payer's was on Pay; without it the page started from its top, the problems unread).
  await page.getByRole('button', { name: /^Paga/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'C’è un problema' })).toBeFocused();
  await expectAccessible(page);
  await page.context().addCookies([language('en-US')]);
  if (desktop) await page.setViewportSize(desktop);
  // Opened again (not reloaded, which would post the form again).
  await page.goto(page.url());
}

test('an applicant pays with the success card, the request is submitted, and the invoice PDF downloads', async ({
  page,
  request,
}) => {
  const applicant = newApplicant('payer');
  test.setTimeout(120_000);
  const practiceId = await atReview(page, request, applicant);
  await expect(page.getByRole('table', { name: `Amount due for request no. ${practiceId}` })).toBeVisible();
  await expect(page.getByText(/VAT 22 %/).first()).toBeVisible();
  await expectAccessible(page);

  // Billing information, checked before anything is paid: a blank address is refused.
  await fillBilling(page);
  await page
    .getByRole('group', { name: 'Billing information' })
    .getByLabel(/^Address/)
    .fill('');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('group', { name: 'Billing information' })
    .getByLabel(/^Address/)
    .fill('12 rue de la République');
  await page.getByRole('button', { name: /^Pay €/ }).click();

  if (PAYMENT_PROVIDER === 'sandbox') await readTestCardsOnAPhone(page);
  await payOnCheckoutPage(page, SUCCESS_CARD);

  // Back on the portal: the outcome comes from the API (which asks the provider), not the redirect.
  await expect(page).toHaveURL(/\/service\/new\/thank-you\?payment=\d+/);
  await expect(page.getByText('Payment successful').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();
  await expect(page.getByText(String(practiceId), { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  const submitted = await practiceOf(request, applicant, practiceId);
  expect(submitted.status).toBe('unassigned');
  expect(submitted.paid_at).not.toBeNull();

  // My requests: no longer a draft.
  await page.getByRole('link', { name: 'My requests' }).first().click();
  await expect(page).toHaveURL(/\/practices$/);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Request no. ${practiceId}` }) });
  await expect(row.getByText('in evaluation')).toBeVisible();
  await expect(page.getByText('draft')).toHaveCount(0);
  await expectAccessible(page);

  // The account lists a receipt and an invoice for the payment.
  await page.goto('/account');
  const receipts = page.getByRole('region', { name: 'Receipts and invoices' });
  await expect(receipts.getByRole('cell', { name: 'Invoice', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(receipts.getByRole('cell', { name: 'Receipt', exact: true })).toBeVisible();
  await expectAccessible(page);

  // On a 375 px phone the table fits: its last column in view, the page no wider than the screen.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await receipts.scrollIntoViewIfNeeded();
  await expect(receipts.getByRole('columnheader', { name: 'Amount' })).toBeInViewport({ ratio: 1 });
  // The kind's column is hidden there: each row says under its number whether it is the invoice or the receipt.
  for (const kind of ['Invoice', 'Receipt'])
    await expect(receipts.getByText(kind, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expectNoSideScroll(page);
  await expectAccessible(page);
  if (desktop) await page.setViewportSize(desktop);

  // The invoice's page, and its PDF.
  // The number's link carries a visually hidden kind: reached with the keyboard, as a person would.
  await receipts.getByRole('link', { name: /^Invoice / }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice / })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Amount with VAT breakdown' })).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(500);
});

test('a declined card keeps the draft as it was, and a retry with the success card goes through', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const applicant = newApplicant('declined');
  const practiceId = await atReview(page, request, applicant);
  await fillBilling(page);
  await page.getByRole('button', { name: /^Pay €/ }).click();

  await payOnCheckoutPage(page, DECLINED_CARD);

  // Back on the review step: the failure is said, the draft and the billing information are kept.
  // Each provider says a decline its own way: the sandbox sends the payer back to the review step;
  // Nexi to the return page, which says it; Stripe keeps its page open for another card.
  if (PAYMENT_PROVIDER === 'nexi') {
    await expect(page).toHaveURL(/\/service\/new\/thank-you\?payment=\d+/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Payment failed! Try again or contact your bank.' }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: /try again/i }).click();
  } else if (PAYMENT_PROVIDER === 'stripe') {
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await expect(page).toHaveURL(/\/service\/new\/review\?payment=\d+/);
  } else {
    await expect(page).toHaveURL(/\/service\/new\/review\?payment=\d+/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Payment failed! Try again or contact your bank.' }),
    ).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: REVIEW_HEADING })).toBeVisible();
  await expect(page.getByText('Licence de physique').first()).toBeVisible();
  const billing = page.getByRole('group', { name: 'Billing information' });
  await expect(billing.getByLabel(/^Address/)).toHaveValue('12 rue de la République');
  await expect(billing.getByLabel(/^City/)).toHaveValue('Lyon');
  await expectAccessible(page);
  const declined = await practiceOf(request, applicant, practiceId);
  expect(declined).toMatchObject({ status: 'draft', paid_at: null, wizard_step: 'review' });

  // Retry: a new checkout session, paid with the success card.
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await payOnCheckoutPage(page, SUCCESS_CARD);
  await expect(page).toHaveURL(/\/service\/new\/thank-you\?payment=\d+/);
  await expect(page.getByText('Payment successful').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();
  await expectAccessible(page);
  expect((await practiceOf(request, applicant, practiceId)).status).toBe('unassigned');
});

test('while its payment page is open the draft cannot change: the step says why, and for how long at most', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const applicant = newApplicant('open');
  const practiceId = await atReview(page, request, applicant);
  await fillBilling(page);
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page).toHaveURL(GATEWAY.page);

  // The payer leaves the provider's page unpaid and goes back to the documents to delete one.
  await page.goto('/service/new/documents');
  await page
    .getByRole('table')
    .getByRole('button', { name: /^Delete/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Delete the document' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A payment for this request is in progress' }),
  ).toContainText(/its payment page closes, within \d+ min\./);
  await expectAccessible(page);
  const draft = await practiceOf(request, applicant, practiceId);
  expect(draft).toMatchObject({ status: 'draft', paid_at: null, wizard_step: 'review' });
});
