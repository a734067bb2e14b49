import type { Page } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  chooseFile,
  createApplicant,
  createDemoStaff,
  draftAtDocuments,
  expect,
  expectAccessible,
  logIn,
  samplePdf,
  test,
} from '../support';
import { staffPage } from '../staff';

/**
 * A refugee whose documents of their studies stayed behind declares them unobtainable (decision
 * 119): the open explanation box, the declared item, the review and the staff's declaration box,
 * each state through axe; the applicant at 375 px, the staff at 1280 px.
 */

const password = 'Copper-kettle-2027!';
const DIPLOMA = 'Diploma or provisional certificate';
const TRANSCRIPT = 'Transcript of records';

async function upload(page: Page, type: string, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await chooseFile(page, samplePdf(name));
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 20_000 });
}

test('a refugee declares the diploma unobtainable with an explanation, submits, and staff read the declaration', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const person = { email: `unobtainable.${Date.now()}@example.org`, password, category: 'refugee' as const };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  const { id } = await draftAtDocuments(request, person);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/practices$/);
  await page.goto('/service/new/documents');
  await expect(page.getByText('Documents this service needs')).toBeVisible();
  await expect(page.getByText(/Choose “I cannot obtain this document” beside it/)).toBeVisible();
  await expectAccessible(page);

  // What a refugee can still get: the certificate of their status, their ID and the consent form.
  await upload(page, 'Refugee status certificate', 'status-certificate.pdf');
  await upload(page, 'ID card or passport', 'passport.pdf');
  await upload(page, 'Consent form', 'consent-form.pdf');
  // Those stay required: nothing offers to declare them.
  for (const kept of ['Refugee status certificate', 'ID card or passport', 'Consent form']) {
    await expect(page.getByRole('button', { name: `I cannot obtain this document ${kept}` })).toHaveCount(0);
  }

  const item = (label: string) => page.getByRole('listitem').filter({ hasText: label });
  // The diploma stayed behind: the box to say why is open, a state of the page.
  await page.getByRole('button', { name: `I cannot obtain this document ${DIPLOMA}` }).click();
  const explanation = page.getByLabel(`Why you cannot obtain “${DIPLOMA}” (optional)`);
  await expect(explanation).toBeVisible();
  await expectAccessible(page);
  await explanation.fill('The university archive in my town was destroyed.');
  await page.getByRole('button', { name: `Declare it unobtainable ${DIPLOMA}` }).click();
  await expect(item(DIPLOMA).getByText('declared unobtainable', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    item(DIPLOMA).getByText(
      'Declared unobtainable: your request goes on without it. You wrote: “The university archive in my town was destroyed.”',
    ),
  ).toBeVisible();
  await expect(
    item(DIPLOMA).getByRole('button', { name: `Withdraw the declaration ${DIPLOMA}` }),
  ).toBeVisible();
  await expectAccessible(page);

  // The transcript stayed behind too: declared without a word.
  await page.getByRole('button', { name: `I cannot obtain this document ${TRANSCRIPT}` }).click();
  await page.getByRole('button', { name: `Declare it unobtainable ${TRANSCRIPT}` }).click();
  await expect(
    item(TRANSCRIPT).getByText('Declared unobtainable: your request goes on without it.', { exact: true }),
  ).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);

  // The review takes the request without them, and it is submitted.
  await page.getByRole('button', { name: 'Continue to the review' }).click();
  const submit = page.getByRole('button', { name: 'Submit the request' });
  await expect(submit).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Request submitted' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);

  // Staff, on the request's documents, read what was declared and why.
  const secretary = createDemoStaff(dataDir(PORTAL_PORT)).secretary;
  if (!secretary) throw new Error('no demo secretary');
  const staff = await staffPage(browser, secretary);
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto(`/staff/practices/${id}?part=documents`);
  await expect(staff.getByRole('heading', { name: 'Declared unobtainable by the applicant' })).toBeVisible({
    timeout: 20_000,
  });
  // The declaration box says each explanation, or that none was given; the audit trail says it again.
  await expect(
    staff.getByText('The university archive in my town was destroyed.', { exact: true }),
  ).toBeVisible();
  await expect(staff.getByText('No explanation given.', { exact: true })).toBeVisible();
  await expectAccessible(staff);
  await staff.context().close();
});
