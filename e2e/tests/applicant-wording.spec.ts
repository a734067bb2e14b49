import { dataDir, PORTAL_PORT } from '../playwright.config';
import { createApplicant, draftAtReview, expect, expectAccessible, logIn, test } from '../support';
import type { Page } from '@playwright/test';

// What an applicant's pages say where a first walk found them wrong: empty lists in their own
// words, a draft's dates still to come, an unticked accreditation, the activation page once active.

const applicant = { email: `sara.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };

/** Axe on the state shown, on a phone and on a laptop. */
async function accessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
}

test('an applicant’s empty lists, draft and activation page say what is so, and pass axe at 375 and 1280 px', async ({
  page,
  request,
}) => {
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/auth/login');
  await logIn(page, applicant);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

  await page.goto('/practices');
  await expect(page.getByText('You have no requests yet.')).toBeVisible();
  await accessibleAtBothWidths(page);

  await page.goto('/documents');
  await expect(page.getByText(/^You have no requests yet\./)).toBeVisible();
  await accessibleAtBothWidths(page);

  await page.goto('/auth/activate');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the activation mail' })).toHaveCount(0);
  await accessibleAtBothWidths(page);

  const id = await draftAtReview(request, applicant);
  await page.goto(`/practices/${id}`);
  const row = (label: string) =>
    page.locator('.facts-row').filter({ has: page.getByText(label, { exact: true }) });
  await expect(row('Submitted on')).toContainText('Not yet');
  await expect(row('Paid on')).toContainText('Not yet');
  await expect(row('Awarding institution accredited')).toContainText('Not stated');
  await accessibleAtBothWidths(page);
});
