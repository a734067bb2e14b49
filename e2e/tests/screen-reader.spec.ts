import { dataDir, PORTAL_PORT } from '../playwright.config';
import { createApplicant, draftAtReview, expect, expectAccessible, logIn, test } from '../support';

/**
 * What a screen reader hears where an applicant works: the logged-in area's groups of links as
 * named lists behind buttons that say whether they are open, no image with no name beside a select,
 * a show-or-hide button per password named after it, and the billing fields that must be filled
 * heard as required, in en-US and it-IT.
 */

const password = 'Reed-warbler-2029!';

test('a screen reader hears the area’s groups as named lists, each password’s own toggle and the required billing fields, in English and in Italian', async ({
  page,
  request,
}) => {
  const person = { email: `hears.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await expect(page.getByRole('navigation', { name: 'Your area' })).toMatchAriaSnapshot(`
    - navigation "Your area":
      - button "Requests" [expanded]
      - list "Requests":
        - listitem:
          - link /^My requests/
        - listitem:
          - link "Archive"
        - listitem:
          - link "Service"
        - listitem:
          - link "Delivery"
      - button "Account" [expanded]
      - list "Account":
        - listitem:
          - link "Profile"
        - listitem:
          - link "Documents"
      - link "Help"
      - button "Logout"
  `);
  await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Change password' })).toMatchAriaSnapshot(`
    - region "Change password":
      - textbox "Current password"
      - button "Show or hide “Current password”"
      - textbox "New password"
      - button "Show or hide “New password”"
      - textbox "Confirm the new password"
      - button "Show or hide “Confirm the new password”"
  `);
  await expectAccessible(page);

  await draftAtReview(request, person);
  await page.goto('/service/new/review');
  await expect(page.getByRole('heading', { level: 1, name: /step 4 of 4: Review/ })).toBeVisible();
  const billing = page.getByRole('group', { name: 'Billing information' });
  for (const name of ['First name(s)', 'Last name(s)', 'Address', 'City', 'Zip code']) {
    await expect(billing.getByRole('textbox', { name, exact: true })).toHaveJSProperty('required', true);
  }
  await expect(billing.getByRole('combobox', { name: 'Country' })).toHaveJSProperty('required', true);
  await expect(billing.getByRole('textbox', { name: 'Province' })).toHaveJSProperty('required', false);
  await expect(billing.getByRole('img')).toHaveCount(0);

  await page.getByLabel('Language').selectOption('it-IT');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
  await page.goto('/account');
  await expect(page.getByRole('navigation', { name: 'La tua area' })).toMatchAriaSnapshot(`
    - navigation "La tua area":
      - button "Richieste" [expanded]
      - list "Richieste":
        - listitem:
          - link /^Le mie richieste/
      - button "Account" [expanded]
      - list "Account":
        - listitem:
          - link "Profilo"
  `);
  await expect(page.getByRole('region', { name: 'Cambia password' })).toMatchAriaSnapshot(`
    - region "Cambia password":
      - textbox "Password attuale"
      - button "Mostra o nascondi “Password attuale”"
      - textbox "Nuova password"
      - button "Mostra o nascondi “Nuova password”"
  `);
  await expect(page.getByRole('button', { name: 'Richieste' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Richieste' }).click();
  await expect(page.getByRole('button', { name: 'Richieste' })).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page);
});
