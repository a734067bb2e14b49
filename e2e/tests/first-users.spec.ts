import { expect, test } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  apiToken,
  createApplicant,
  createDemoStaff,
  draftAtReview,
  expectAccessible,
  expectNoSideScroll,
  logIn,
  payThroughApi,
} from '../support';
import { staffPage } from '../staff';

/**
 * What first-time users met (issue 33): the saved language follows the user, the small frictions
 * of the public pages, the applicant's words and the staff menu; at 375 and 1280 px, axe on each.
 */

const WIDTHS = [375, 1280] as const;
const password = 'Copper-kettle-2027!';

test('the saved preferred language follows the user to another browser; a language chosen before login is offered, not imposed', async ({
  browser,
  request,
}) => {
  const person = { email: `lang.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  // Saved as Italian "in another browser": through the API, as the account page saves it.
  const saved = await request.patch('/api/v1/profile', {
    headers: { authorization: `Bearer ${await apiToken(request, person)}` },
    data: { locale: 'it-IT' },
  });
  expect(saved.ok()).toBe(true);

  for (const width of WIDTHS) {
    // A fresh browser that never chose a language: the interface becomes the account's.
    const fresh = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await fresh.newPage();
    await page.goto('/auth/login');
    await logIn(page, person);
    await expect(page).toHaveURL(/\/account/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
    await expect(page.getByLabel(/^Lingua preferita/)).toHaveValue('it-IT');
    await expect(page.getByText('Italiano', { exact: true }).first()).toBeAttached();
    await expectAccessible(page);
    await fresh.close();
  }

  // English chosen on this device before logging in: Italian after it, and English offered.
  const device = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await device.newPage();
  await page.goto('/auth/login');
  await page.getByRole('combobox', { name: /Language|Lingua/ }).selectOption('en-US');
  await logIn(page, person);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
  const save = page.getByRole('button', { name: 'Salva English come lingua preferita' });
  await expect(save).toBeVisible();
  await expectAccessible(page);
  await save.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('button', { name: /as my preferred language/ })).toHaveCount(0);
  const me = await request.get('/api/v1/auth/me', {
    headers: { authorization: `Bearer ${await apiToken(request, person)}` },
  });
  expect(((await me.json()) as { data: { locale: string } }).data.locale).toBe('en-US');
  await device.close();
});

test('a visitor finds the statement check, and reads a malformed share link in a sentence', async ({
  page,
}) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The footer of every page links the public check.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Check a statement' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expectAccessible(page);
    await expectNoSideScroll(page);

    // The FAQ links the path it names.
    await page.goto('/faq');
    await page
      .getByRole('button', { name: /check|verif/i })
      .first()
      .click();
    await expect(page.getByRole('link', { name: '/verify' })).toBeVisible();
    await expectAccessible(page);

    // A share link cut short: a sentence, not "Value not valid".
    await page.goto('/verify/shared/abc');
    await expect(page.getByText(/^The portal never gave this link/)).toBeVisible();
    await expect(page.getByText('Value not valid')).toHaveCount(0);
    await expectAccessible(page);
  }
});

test('an applicant meets plain words: a thank-you page with nothing to thank for, four sort fields, a visible password toggle', async ({
  page,
  request,
}) => {
  const person = { email: `words.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  await page.goto('/auth/login');
  // The show-or-hide button of the password is reached with Tab.
  await expect(page.getByRole('button', { name: 'Show or hide the password' })).not.toHaveAttribute(
    'tabindex',
    '-1',
  );
  await logIn(page, person);
  await expect(page).toHaveURL(/\/account/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/service/new/thank-you');
    await expect(page.getByRole('heading', { level: 1, name: 'No request to show' })).toBeVisible();
    await expect(page.getByText('Request submitted')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto('/practices');
    const sort = page.getByLabel('Sort by');
    await expect(sort.locator('option')).toHaveCount(8);
    await expect(sort.locator('option', { hasText: 'Sequence' })).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSideScroll(page);
  }
});

test('an evaluator sees no applicant pages and no secretary archive in the menu, and finds request #1 by typing 1', async ({
  browser,
  request,
}) => {
  // A submitted request, so that request #1 is one staff see (the portal's first, on a fresh run).
  const person = { email: `search.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  await payThroughApi(request, person, await draftAtReview(request, person));
  const staff = createDemoStaff(dataDir(PORTAL_PORT));
  const evaluator = staff.evaluator;
  if (!evaluator) throw new Error('no demo evaluator');
  const page = await staffPage(browser, evaluator);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/staff');
    if (width < 1024) await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Your area' }).filter({ visible: true });
    await expect(menu.getByRole('link', { name: 'All' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Consent' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Terms' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: /Archive secretary/ })).toHaveCount(0);
    await expectAccessible(page);
    if (width < 1024) await page.keyboard.press('Escape');
  }
  await page.keyboard.press('/');
  await page.keyboard.type('1');
  await expect(page.getByRole('option', { name: /^#1 · / })).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});
