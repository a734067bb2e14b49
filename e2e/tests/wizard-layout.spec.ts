import { dataDir, PORTAL_PORT } from '../playwright.config';
import { apiToken, createApplicant, draftAtReview, expect, expectAccessible, logIn, test } from '../support';

// The qualification step's dates: boxes side by side line up, whatever their labels' length in
// the language and whether one has a hint.

const applicant = { email: `giulia.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };

test('in Italian, at 768 px and the wider breakpoints, the dates of the qualification side by side line up their boxes', async ({
  page,
  request,
}) => {
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  await draftAtReview(request, applicant);
  const token = await apiToken(request, applicant);
  const patched = await request.patch('/api/v1/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { locale: 'it-IT' },
  });
  expect(patched.ok(), await patched.text()).toBe(true);

  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/auth/login');
  await logIn(page, applicant);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/service/new/qualification');
  const dates = [/^Data d’iscrizione/, /^Data di conseguimento/, /^Data di rilascio/].map((label) =>
    page.getByRole('textbox', { name: label }),
  );
  await expect(dates[2]!).toBeVisible();
  for (const width of [768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 1024 });
    await dates[2]!.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/wizard-dates-${width}-it.png` });
    const boxes = await Promise.all(dates.map((date) => date.boundingBox()));
    const tops = boxes.map((box) => Math.round(box?.y ?? -1)).join(', ');
    // Boxes side by side (overlapping in height: the same row of the grid) have the same top.
    for (const [index, box] of boxes.entries())
      for (const other of boxes.slice(index + 1))
        if (box && other && Math.abs(box.y - other.y) < box.height)
          expect(Math.round(other.y), `${width} px: tops ${tops}`).toBe(Math.round(box.y));
  }
});

const english = { email: `maria.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };

test('at 768 px and the wider breakpoints, the programme’s boxes side by side line up, their hints under them; axe passes at 375 and 1280 px', async ({
  page,
  request,
}) => {
  await createApplicant(request, dataDir(PORTAL_PORT), english);
  await draftAtReview(request, english);
  await page.setViewportSize({ width: 1280, height: 1024 });
  await page.goto('/auth/login');
  await logIn(page, english);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/service/new/qualification');
  const name = page.getByRole('textbox', { name: /^Study programme name/ });
  const language = page.getByRole('textbox', { name: /^Language of the programme/ });
  await expect(language).toBeVisible();
  for (const width of [768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 1024 });
    await language.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/wizard-programme-${width}.png` });
    const [nameBox, languageBox] = await Promise.all([name.boundingBox(), language.boundingBox()]);
    expect(Math.round(languageBox?.y ?? -1), `${width} px`).toBe(Math.round(nameBox?.y ?? -2));
  }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 1024 });
    await expectAccessible(page);
  }
});

// The documents' drop zone speaks of dropping only where a pointer can drag a file, as the verify
// page's does (verify-file.spec.ts).
for (const device of [
  { name: 'on a phone, where nothing can be dragged', viewport: { width: 375, height: 667 }, touch: true },
  { name: 'with a mouse', viewport: { width: 1280, height: 1024 }, touch: false },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.touch, isMobile: device.touch });

    test(`the documents step ${device.touch ? 'gives the limit and the button, and asks for no drop' : 'asks to drop a file, or to use the button'}`, async ({
      page,
      request,
    }) => {
      const person = {
        email: `nadia.${device.touch}.${Date.now()}@example.org`,
        password: 'Olive-grove-2031!',
      };
      await createApplicant(request, dataDir(PORTAL_PORT), person);
      await draftAtReview(request, person);
      await page.goto('/auth/login');
      await logIn(page, person);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      await page.goto('/service/new/documents');
      await expect(page.getByRole('button', { name: 'Choose a file' })).toBeEnabled();
      await expect(page.getByText('PDF, JPEG or PNG, up to 20 MB.', { exact: true })).toBeVisible();
      const dropWords = [
        page.getByText('Drop a file here'),
        page.getByText('You can also use the button below.'),
      ];
      for (const words of dropWords) {
        if (device.touch) await expect(words).toBeHidden();
        else await expect(words).toBeVisible();
      }
      const zoneBorder = await page
        .locator('.file-drop-zone')
        .evaluate((zone) => zone.ownerDocument.defaultView!.getComputedStyle(zone).borderTopStyle);
      expect(zoneBorder).toBe(device.touch ? 'none' : 'dashed');
      await expectAccessible(page);
    });
  });
}
