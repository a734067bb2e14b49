import { devices } from '@playwright/test';
import { expect, expectAccessible, test } from '../support';

// The verify page's drop target speaks of dropping only where a pointer can drag a file.

const PATH = '/verify/LIS-0000-000000';

test.describe('on a phone, where nothing can be dragged', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('the page does not ask to drop the PDF: it gives the limit and the button that chooses the file', async ({
    page,
  }) => {
    await page.goto(PATH);
    await expect(page.getByRole('button', { name: 'Choose a PDF file' })).toBeEnabled();
    await expect(page.getByText('Drop the statement PDF here')).toBeHidden();
    await expect(page.getByText(/One PDF file, at most \d+ MB/)).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('with a mouse', () => {
  test.use({ viewport: devices['Desktop Chrome'].viewport });

  test('the page asks to drop the PDF on its target, or to choose it', async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByRole('button', { name: 'Choose a PDF file' })).toBeEnabled();
    await expect(page.getByText('Drop the statement PDF here')).toBeVisible();
  });
});
