import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import { demoStaff, logInStaff, runCli } from '../staff';
import {
  createApplicant,
  dayMonthYear,
  expect,
  expectAccessible,
  expectNoSideScroll,
  logIn,
  test,
} from '../support';

const applicant = { email: `amina.statement.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };
const MASKED_NAME = 'A**** H*****';
const QUALIFICATION = 'Licence de biologie';
const NOT_ORIGINAL =
  'This file is not the original statement. Any change makes a copy invalid, even re-saving it or printing it to PDF.';
/** The staff's publication line, with the day the statement was published on. */
const PUBLISHED_ON = /Statement published on ([^.]+)\./;
/** A day as the portal writes it in English: "November 26, 2026". */
const longDate = (at: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(at);

/** Saves what a button downloads and answers its bytes. */
async function downloadFrom(page: Page, name: string): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name }).click();
  return readFileSync(await (await download).path());
}

/** Hands a file to the verification widget through its keyboard-accessible button. */
async function checkFile(page: Page, button: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer });
}

test('staff publish a statement, the applicant downloads it, a visitor verifies it and a tampered copy fails; a share link opens it', async ({
  browser,
  request,
}) => {
  // Three people, five pages, each checked with axe: longer than one page's journey.
  test.setTimeout(180_000);
  const dataDirectory = dataDir(PORTAL_PORT);
  await createApplicant(request, dataDirectory, applicant);
  const practiceId = /^request (\d+)$/m.exec(
    runCli(dataDirectory, ['demo:ready-for-issue', '--email', applicant.email]),
  )?.[1];
  expect(practiceId).toBeDefined();
  const admin = demoStaff(dataDirectory).find((staff) => staff.role === 'admin');
  if (!admin) throw new Error('no demo admin');

  // Staff: the request is ready for issue; publish it from the workspace.
  const staffPage = await (await browser.newContext()).newPage();
  await logInStaff(staffPage, admin);
  await staffPage.goto(`/staff/practices/${practiceId}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: `Request no. ${practiceId}` })).toBeVisible();
  const publication = staffPage.getByRole('region', { name: 'Statement' });
  await expectAccessible(staffPage);
  // Escape closes the dialog and gives focus back to its button; then publish.
  const publish = publication.getByRole('button', { name: 'Publish the statement' });
  await publish.click();
  const dialog = staffPage.getByRole('dialog', { name: 'Publish' });
  await expect(dialog).toBeVisible();
  await staffPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(publish).toBeFocused();
  await publish.click();
  await expectAccessible(staffPage);
  const dayOfPublishing = longDate(new Date());
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(staffPage.getByText('Request published').first()).toBeVisible();
  // Pending until the job has run, and no second publish is offered meanwhile.
  await expect(publication.getByText(/Publication pending|Statement published on/)).toBeVisible();
  await expect(publication.getByRole('button', { name: 'Publish the statement' })).toHaveCount(0);
  const published = publication.getByText(PUBLISHED_ON);
  await expect(published).toBeVisible({ timeout: 20_000 });
  // Dated the day it was published: today, or the next day for a journey that crossed midnight meanwhile.
  const publishedOn = PUBLISHED_ON.exec((await published.textContent()) ?? '')?.[1] ?? '';
  expect([dayOfPublishing, longDate(new Date())]).toContain(publishedOn);
  await expectAccessible(staffPage);

  // The applicant sees the statement on the request and downloads the signed PDF.
  const applicantPage = await (await browser.newContext()).newPage();
  await applicantPage.goto('/auth/login');
  await logIn(applicantPage, applicant);
  await expect(applicantPage).not.toHaveURL(/\/auth\//);
  await applicantPage.goto(`/practices/${practiceId}`);
  const statement = applicantPage.getByRole('region', { name: 'Statement' });
  await expect(statement.getByText(QUALIFICATION).first()).toBeVisible();
  const transactionHash =
    (await statement
      .locator('code')
      .filter({ hasText: /^[0-9a-f]{64}$/ })
      .textContent()) ?? '';
  expect(transactionHash).toMatch(/^[0-9a-f]{64}$/);
  const verifyLink = statement.getByRole('link', { name: /\/verify\// });
  const certificateId = ((await verifyLink.getAttribute('href')) ?? '').split('/').pop() ?? '';
  // No chain configured here: the panel says the record is on the body's own ledger only (issue 17).
  const record = statement.getByRole('region', { name: 'Record on the blockchain' });
  await expect(record.getByText(/recorded on the issuing body’s own ledger only/)).toBeVisible();
  await expectAccessible(applicantPage);
  // On a 375 px phone the transaction hash wraps: the page stays as wide as the screen, once it has
  // re-laid out (expectNoSideScroll measures until it does).
  await applicantPage.setViewportSize({ width: 375, height: 800 });
  await expectNoSideScroll(applicantPage);
  await expectAccessible(applicantPage);
  await applicantPage.setViewportSize({ width: 1280, height: 720 });
  const pdf = await downloadFrom(applicantPage, 'Download the statement (PDF)');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // Busy (disabled) while the PDF came, the button has focus again: the next Tab goes on from it.
  await expect(applicantPage.getByRole('button', { name: 'Download the statement (PDF)' })).toBeFocused();

  // A visitor, with no login, checks the file on the verification page.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/verify/${certificateId}`);
  await expect(visitor.getByText(/This id belongs to a statement published on/)).toBeVisible();
  await expectAccessible(visitor);
  await checkFile(visitor, 'Choose a PDF file', pdf);
  const result = visitor.getByRole('status');
  await expect(result.getByText('Valid', { exact: true })).toBeVisible();
  await expect(result.getByText(MASKED_NAME)).toBeVisible();
  await expect(result.getByText(QUALIFICATION)).toBeVisible();
  await expect(result.getByText(publishedOn)).toBeVisible();
  await expect(result.getByText(transactionHash)).toBeVisible();
  const steps = result.getByRole('region', { name: 'The steps of the check' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText('Step 1: The file is the one the ledger sealed: ✓ Passed');
  await expect(steps.nth(3)).toContainText('it is not anchored on a blockchain');
  // Busy while the file was checked, the button kept the keyboard's focus.
  await expect(visitor.getByRole('button', { name: 'Check another file' })).toBeFocused();
  await expectAccessible(visitor);

  // One byte changed: NOT valid, in plain words.
  const tampered = Buffer.from(pdf);
  const middle = Math.floor(tampered.length / 2);
  tampered[middle] = (tampered[middle] ?? 0) ^ 0x01;
  await checkFile(visitor, 'Check another file', tampered);
  await expect(result.getByText('NOT valid', { exact: true })).toBeVisible();
  await expect(result.getByText(NOT_ORIGINAL)).toBeVisible();
  await expect(result.getByText(MASKED_NAME)).toHaveCount(0);
  // Which step failed, and why: the file's fingerprint is not the sealed one.
  await expect(steps.nth(0)).toContainText('✗ Failed');
  await expect(steps.nth(0)).toContainText('but the seal entry holds');
  await expectAccessible(visitor);

  // The original again: its ledger entry opens as a page in words, not as JSON (issue 14).
  await checkFile(visitor, 'Check another file', pdf);
  await expect(result.getByText('Valid', { exact: true })).toBeVisible();
  await result.getByRole('link', { name: 'See the ledger entry' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/ledger/${transactionHash}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Ledger entry' })).toBeVisible();
  await expect(visitor.getByText('This entry is intact: its hash and its signature check.')).toBeVisible();
  const recorded = visitor.getByRole('region', { name: 'What the entry records' });
  await expect(recorded.getByText('Statement id')).toBeVisible();
  await expect(recorded.getByText(certificateId)).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByLabel('Language').selectOption('it-IT');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Registrazione sul registro' })).toBeVisible();
  await expect(visitor.getByText('Codice dell’attestato')).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByLabel('Lingua').selectOption('en-US');

  // The applicant makes a share link with a last day; a visitor opens it with no login.
  const lastDay = dayMonthYear(new Date(Date.now() + 30 * 24 * 3600 * 1000));
  await statement.getByLabel('Last day the link works (dd/mm/yyyy)').fill(lastDay);
  await statement.getByRole('button', { name: 'Create a share link' }).click();
  const address = statement.getByLabel('Share link address');
  await expect(address).toBeVisible();
  const sharedUrl = (await address.textContent()) ?? '';
  expect(sharedUrl).toMatch(/\/verify\/shared\/[A-Za-z0-9_-]{43}$/);
  await expect(statement.getByRole('table', { name: 'Your share links' }).getByText('Active')).toBeVisible();
  await expectAccessible(applicantPage);

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(new URL(sharedUrl).pathname);
  await expect(guest.getByRole('heading', { level: 1, name: 'Shared statement' })).toBeVisible();
  await expect(guest.getByText(MASKED_NAME)).toBeVisible();
  await expect(guest.getByText(QUALIFICATION)).toBeVisible();
  await expect(guest.getByText(transactionHash)).toBeVisible();
  await expect(guest.getByText('Haddad')).toHaveCount(0);
  await expectAccessible(guest);
  const shared = await downloadFrom(guest, 'Download the statement (PDF)');
  expect(shared.equals(pdf)).toBe(true);
  await checkFile(guest, 'Choose a PDF file', shared);
  await expect(guest.getByRole('status').getByText('Valid', { exact: true })).toBeVisible();

  // Revoked by the applicant: the link says so plainly.
  await statement.getByRole('button', { name: /^Revoke the link/ }).click();
  await expect(statement.getByRole('table', { name: 'Your share links' }).getByText('Revoked')).toBeVisible();
  await guest.reload();
  await expect(guest.getByText('This link to the statement has been revoked by its holder.')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Download the statement (PDF)' })).toHaveCount(0);
  await expectAccessible(guest);
});
