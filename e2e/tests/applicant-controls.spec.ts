import type { APIRequestContext, Page } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  createApplicant,
  draftAtReview,
  expect,
  expectAccessible,
  logIn,
  mailedLink,
  test,
} from '../support';

// Where an applicant's controls and pages let them down: a used activation link, the gender radios,
// the navigation's counts heard with a stray space, the first load of a page, a request that does
// not exist, the newsletter switch while it saves, a toast over the control that has the focus.

const password = 'Lantern-fish-2032!';
const person = (name: string) => ({ email: `${name}.${Date.now()}@example.org`, password });

/** Axe on the state shown, on a phone and on a laptop. */
async function accessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page);
  }
}

/** A new applicant with a draft at its review step, logged in through the login page; the draft's id. */
async function loggedInWithDraft(page: Page, request: APIRequestContext, name: string): Promise<number> {
  const applicant = person(name);
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const draftId = await draftAtReview(request, applicant);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auth/login');
  await logIn(page, applicant);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  return draftId;
}

test('a used activation link, opened logged out, says the account is active and offers to log in, in both languages', async ({
  page,
  request,
}) => {
  const applicant = person('used.link');
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const link = new URL(await mailedLink(dataDir(PORTAL_PORT), applicant.email, 'activate'));
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
  await expect(page.getByText('Token not found')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new activation mail' })).toHaveCount(0);
  await accessibleAtBothWidths(page);
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await page.getByLabel('Language').selectOption('it-IT');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Il tuo account è attivo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accedi', exact: true })).toHaveAttribute(
    'href',
    '/auth/login',
  );
});

test('the gender is one Tab stop, its choices one arrow apart (WAI-ARIA radio group)', async ({
  page,
  request,
}) => {
  await loggedInWithDraft(page, request, 'gender');
  await page.goto('/account');
  const nationality = page.getByRole('combobox', { name: /^Nationality/ });
  await nationality.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Male', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: /^Identity document number/ })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(nationality).toBeFocused();
});

test('the navigation’s count is heard right after its label, with no space before the comma', async ({
  page,
  request,
}) => {
  await loggedInWithDraft(page, request, 'counts');
  await page.goto('/account');
  await expect(page.getByRole('link', { name: 'My requests, 1 request in all', exact: true })).toBeVisible();
  await page.getByLabel('Language', { exact: true }).selectOption('it-IT');
  await expect(
    page.getByRole('link', { name: 'Le mie richieste, 1 richiesta in tutto', exact: true }),
  ).toBeVisible();
});

test('a page’s first load is in the main landmark while its profile comes', async ({ page, request }) => {
  await loggedInWithDraft(page, request, 'first.load');
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/v1/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/account');
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  // A heading heard only, where a screen reader found none.
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Loading the page' }),
  ).toHaveCount(1);
  await accessibleAtBothWidths(page);
  answer();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.unroute('**/api/v1/auth/me');
});

test('a request that does not exist, opened by its address, says it was not found with the way back, in both languages', async ({
  page,
  request,
}) => {
  const draftId = await loggedInWithDraft(page, request, 'unknown.request');
  const unknown = draftId + 100_000;
  await page.goto(`/practices/${unknown}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Request no. ${unknown} not found` }),
  ).toBeVisible();
  await accessibleAtBothWidths(page);
  await page.getByRole('link', { name: 'Go to My requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();

  await page.getByLabel('Language').selectOption('it-IT');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
  await page.goto(`/practices/${unknown}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Richiesta n. ${unknown} non trovata` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vai a Le mie richieste' })).toHaveAttribute(
    'href',
    '/practices',
  );
});

test('the newsletter switch keeps the focus while it saves, busy, and after', async ({ page, request }) => {
  await loggedInWithDraft(page, request, 'newsletter');
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/v1/profile', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/account');
  const newsletter = page.getByRole('switch', { name: /^Send me news about the services/ });
  await newsletter.focus();
  await page.keyboard.press('Space');
  // Saving: the switch shows the choice, busy, and keeps the focus (disabled, Chromium dropped it).
  await expect(newsletter).toHaveAttribute('aria-busy', 'true');
  await expect(newsletter).toBeChecked();
  await expect(newsletter).toBeFocused();
  answer();
  await expect(newsletter).toHaveAttribute('aria-busy', 'false');
  await expect(newsletter).toBeChecked();
  await expect(newsletter).toBeFocused();
  await page.unroute('**/api/v1/profile');
});

test('a toast does not cover the control that has the focus, and the page with it passes axe, on a phone and on a laptop', async ({
  page,
  request,
}) => {
  await loggedInWithDraft(page, request, 'toast');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/account');
    const newsletter = page.getByRole('switch', { name: /^Send me news about the services/ });
    await newsletter.focus();
    // The switch at the screen's bottom edge, where the toast comes.
    await newsletter.evaluate((element) => {
      const box = element.closest('.mantine-Switch-root')!.getBoundingClientRect();
      const view = element.ownerDocument.defaultView!;
      view.scrollBy({ top: box.bottom - view.innerHeight + 4, behavior: 'instant' });
    });
    await page.keyboard.press('Space');
    const toast = page.locator('.app-toasts').getByText('Account updated', { exact: true });
    await expect(toast).toBeVisible();
    // Held on the screen (a toast waits while the pointer is on it) for the checks below.
    await toast.hover();
    await expect(newsletter).toBeFocused();
    const clear = async () => {
      const control = await newsletter.evaluate((element) => {
        const box = element.closest('.mantine-Switch-root')!.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
      });
      const shown = await toast.evaluate((element) => {
        const box = element.closest('.mantine-Notification-root')!.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
      });
      const overlaps =
        control.bottom > shown.top &&
        control.top < shown.bottom &&
        control.right > shown.left &&
        control.left < shown.right;
      return !overlaps && control.bottom <= (page.viewportSize()?.height ?? 0);
    };
    await expect.poll(clear).toBe(true);
    await expectAccessible(page);
    await expect(toast).toBeVisible();
    await page.mouse.move(0, 0);
  }
});
