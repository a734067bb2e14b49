import { Secret, TOTP } from 'otpauth';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  apiToken,
  createApplicant,
  dayMonthYear,
  draftAtReview,
  expect,
  expectAccessible,
  expectNoSideScroll,
  logIn,
  mailedLink,
  payThroughApi,
  test,
} from '../support';

const email = `ada.${Date.now()}@example.org`;
const password = 'Quiet-harbour-2024!';

test('an applicant registers, activates, completes the account, turns on 2FA, logs in with a code and deletes the account', async ({
  page,
}) => {
  // Register; a minor is refused first.
  await page.goto('/auth/register');
  await expectAccessible(page);
  await page.getByLabel(/^First name/).fill('Ada');
  await page.getByLabel(/^Last name/).fill('Lovelace');
  await page.getByLabel(/^Email/).fill(email);
  const minor = new Date();
  minor.setFullYear(minor.getFullYear() - 16);
  // Typed day first, as every date of the portal is (decision 060).
  await page.getByLabel('Date of birth (dd/mm/yyyy)').fill(dayMonthYear(minor));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('you must be at least 18 years old')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Date of birth/).fill('04/03/1990');
  await page.getByLabel('I have read and accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration successful' })).toBeVisible();
  await expectAccessible(page);

  // Activate from the mail written to data/e2e/<port>/mail, setting the password.
  const activation = new URL(await mailedLink(dataDir(PORTAL_PORT), email, 'activate'));
  await page.goto(activation.pathname);
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm the new password/).fill(password);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Activate the account' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByText('Account activated').first()).toBeVisible();

  // Log in: a wrong password first.
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Wrong-password-1!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expectAccessible(page);

  // Complete the account: the spec's messages first, then valid values.
  await page.getByLabel(/^Phone number/).fill('06 1234 5678');
  await page.getByLabel(/^Italian tax ID/).fill('RSSMRA85T10A562T');
  await page.getByRole('button', { name: 'Save the account details' }).click();
  await expect(page.getByText('Phone number not valid (add country code)')).toBeVisible();
  await expect(page.getByText('Invalid Tax ID Number')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Phone number/).fill('+39 06 1234 5678');
  await page.getByLabel(/^Italian tax ID/).fill('RSSMRA85T10A56NH');
  await page.getByLabel('I confirm that this tax ID is mine').check();
  const birthCountry = page.getByRole('combobox', { name: 'Country of birth' });
  await birthCountry.click();
  await birthCountry.pressSequentially('ital');
  await page.getByRole('option', { name: 'Italy' }).click();
  await page.getByRole('button', { name: 'Save the account details' }).click();
  await expect(page.getByText('Account updated').first()).toBeVisible();

  // Turn on two factors with a real TOTP code.
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page);
  const secretText = await page
    .getByRole('region', { name: 'Two-factor authentication' })
    .locator('code')
    .first()
    .textContent();
  const totp = new TOTP({ secret: Secret.fromBase32((secretText ?? '').replace(/\s+/g, '')) });
  await page
    .getByRole('region', { name: 'Two-factor authentication' })
    .getByLabel(/^Current password/)
    .fill(password);
  await page.getByLabel(/^Code/).fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();

  // Log out, log in again: the second factor is asked for.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  // The login page says so, politely.
  await expect(page.getByRole('status').filter({ hasText: 'You have logged out.' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
  await expectAccessible(page);
  // Each code works once: the next time step's code, inside the accepted window.
  await page.getByLabel(/^Code/).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/(practices|account)/);

  // Delete the account: the typed email must match.
  await page.goto('/account');
  const deletion = page.getByRole('region', { name: 'Delete account' });
  await deletion.getByLabel(/^To confirm/).fill('someone.else@example.org');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByText('The email address does not match.')).toBeVisible();
  await expectAccessible(page);
  await deletion.getByLabel(/^To confirm/).fill(email);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account deleted').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The account is gone: its credentials no longer work.
  await page.goto('/auth/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
});

test('deleting an account with a paid request in progress first says what happens, in a dialog that passes axe', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = { email: `leaving.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  const practiceId = await draftAtReview(request, person);
  await payThroughApi(request, person, practiceId);
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/(practices|account)/);
  await page.goto('/account');

  const deletion = page.getByRole('region', { name: 'Delete account' });
  await deletion.getByLabel(/^To confirm/).fill(person.email);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Delete the account and close your requests in progress?',
  });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(new RegExp(`^Request no\\. ${practiceId} \\(.+\\): will be closed$`)),
  ).toBeVisible();
  await expect(dialog.getByText('Statements already published stay valid.')).toBeVisible();
  // The open dialog, on a desktop and on a 375 px phone (issue 14).
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Cancel keeps everything, and gives focus back to the button; confirming deletes the account.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(deletion.getByRole('button', { name: 'Delete my account' })).toBeFocused();
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('button', { name: 'Delete the account and close the requests' }).click();
  await expect(page.getByText('Account deleted').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('logging out everywhere ends the session of another device and keeps this one, through a dialog that passes axe', async ({
  page,
  request,
}) => {
  const person = { email: `everywhere.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  // Another device's session: a phone left logged in.
  const phone = await apiToken(request, person);
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/(practices|account)/);
  await page.goto('/account');

  const section = page.getByRole('region', { name: 'Log out everywhere' });
  await section.getByRole('button', { name: 'Log out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out on every device?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Current password/)).toBeFocused();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await dialog.getByLabel(/^Current password/).fill(person.password);
  await dialog.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(
    page.getByText('Every session of your account has ended. You are still logged in here.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const phoneCall = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${phone}` } });
  expect(phoneCall.status()).toBe(401);
  // This device goes on, under its new session, after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page).toHaveURL(/\/account/);
});

test('an unknown reset link says Token not found on opening, without the form, and offers a new one', async ({
  page,
}) => {
  await page.goto(`/auth/reset-password/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Token not found' })).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
    'href',
    '/auth/recover-password',
  );
  await expectAccessible(page);
});

test('on a 375 px phone the registration form puts one name a line, at full width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/auth/register');
  const first = await page.getByLabel(/^First name/).boundingBox();
  const last = await page.getByLabel(/^Last name/).boundingBox();
  const email = await page.getByLabel(/^Email/).boundingBox();
  expect(first && last && email).toBeTruthy();
  if (!first || !last || !email) return;
  expect(last.y).toBeGreaterThan(first.y);
  expect(first.width).toBe(email.width);
  expect(last.width).toBe(email.width);
  await expectNoSideScroll(page);
  await expectAccessible(page);
});

test('in Italian the birth date is asked as gg/mm/aaaa, and a date typed month first is refused', async ({
  page,
}) => {
  await page.goto('/auth/register');
  await page.getByLabel('Language').selectOption('it-IT');
  const birthDate = page.getByLabel('Data di nascita (gg/mm/aaaa)');
  await expect(birthDate).toHaveAttribute('type', 'text');
  await birthDate.fill('12/31/1990');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText('Data non valida')).toBeVisible();
  await expect(birthDate).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await birthDate.fill('31/12/1990');
  await expect(page.getByText('Data non valida')).toHaveCount(0);
  await page.getByLabel('Lingua').selectOption('en-US');
  await expect(page.getByLabel('Date of birth (dd/mm/yyyy)')).toHaveValue('31/12/1990');
});

test('the refugee registration shows its own terms', async ({ page }) => {
  await page.goto('/auth/register/refugee');
  await expectAccessible(page);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await expectAccessible(page);
});

test('at every breakpoint a logged-in page shows its content, and the navigation closes where a burger opens it', async ({
  page,
  request,
}) => {
  const person = { email: `widths.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/(practices|account)/);

  /** The page heading is visible and the topmost element at its centre, not under the navigation. */
  const expectContentInView = async () => {
    // The page's, not the first load's ("Loading the page", heard only).
    const heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Profile' });
    await expect(heading).toBeVisible();
    const onTop = await heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = element.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top);
    });
    expect(onTop, `the heading is covered at ${page.viewportSize()?.width} px`).toBe(true);
  };

  // The spec's breakpoints, a phone, and either side of the navigation breakpoint.
  for (const width of [375, 600, 1023, 1024, 1025, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account');
    await expectContentInView();
    const burger = page.getByRole('button', { name: 'Open navigation' });
    if (width < 1024) {
      await expect(page.getByRole('navigation', { name: 'Your area' })).toBeHidden();
      await burger.click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('link', { name: 'My requests' })).toBeVisible();
      await expectAccessible(page);
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(drawer).toBeHidden();
      // Focus back on the burger, the drawer's first opening too; and again after Escape.
      await expect(burger).toBeFocused();
      await burger.click();
      await expect(drawer.getByRole('link', { name: 'My requests' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(burger).toBeFocused();
      await expectContentInView();
    } else {
      await expect(burger).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Your area' })).toBeVisible();
      await expectAccessible(page);
    }
  }
});
