import type { Locator } from '@playwright/test';
import { expect, test } from '../support';

// A page's h1 is spaced from what follows it once: by its stack's gap, or by its own margin where
// it stands in a block with its intro, never by both.

const gapBetween = async (above: Locator, below: Locator) => {
  const [top, bottom] = await Promise.all([above.boundingBox(), below.boundingBox()]);
  if (!top || !bottom) throw new Error('not on screen');
  return Math.round(bottom.y - (top.y + top.height));
};

test('the login page’s heading is as far from its intro as the stack spaces the rest', async ({ page }) => {
  await page.goto('/auth/login');
  const heading = page.getByRole('heading', { level: 1, name: 'Log in' });
  const intro = heading.locator('xpath=following-sibling::*[1]');
  // The e2e project has no DOM types: the browser's getComputedStyle, typed here.
  const stackGap = await heading
    .locator('xpath=..')
    .evaluate(
      (stack) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { rowGap: string } }).getComputedStyle(
          stack,
        ).rowGap,
    );
  expect(stackGap).toBe('16px');
  expect(await gapBetween(heading, intro)).toBe(16);
});

test('the verify page’s heading, in a block with its intro, keeps its own margin', async ({ page }) => {
  await page.goto('/verify/LIS-0000-000000');
  const heading = page.getByRole('heading', { level: 1, name: 'Verify a statement' });
  const intro = heading.locator('xpath=following-sibling::*[1]');
  expect(await gapBetween(heading, intro)).toBe(16);
});
