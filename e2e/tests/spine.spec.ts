import { MAINTENANCE_PORT } from '../playwright.config';
import { expect, expectAccessible, test } from '../support';

test('a visitor reads the home page, switches to Italian, reads the FAQ and meets a not-found page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Recognition of foreign qualifications' }),
  ).toBeVisible();
  await expect(page.getByText(/^For qualifications from the 55 states that signed/)).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Language').selectOption('it-IT');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Riconoscimento dei titoli di studio esteri' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
  await expectAccessible(page);

  // The choice survives a reload.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Riconoscimento dei titoli di studio esteri' }),
  ).toBeVisible();

  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Domande frequenti' })).toBeVisible();
  await expect(page.getByText('Che cosa posso fare su questo portale?')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Lingua').selectOption('en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByText('What can I do on this portal?')).toBeVisible();
  await page.getByText('What can I do on this portal?').click();
  await expectAccessible(page);

  // Every "contact us" leads to the contact page, linked from the footer.
  await page
    .getByRole('navigation', { name: 'Useful links' })
    .getByRole('link', { name: 'Contact us' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByText('Opening hours', { exact: true })).toBeVisible();
  // The demo's hours, configured in English, written in the page's language.
  await expect(page.getByText('Mon–Fri 09:00–13:00 (Central European Time)')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
});

test('a deep link loads the app and sends a visitor without a session to the login page', async ({
  page,
}) => {
  await page.goto('/practices/12');
  await expect(page).toHaveURL(/\/auth\/login/);
  await expectAccessible(page);
});

test('with maintenance on, any page lands on /maintenance', async ({ page }) => {
  const base = `http://127.0.0.1:${MAINTENANCE_PORT}`;
  // The home page's HTML is the build's, but the app shows /maintenance: rendered anew, not
  // hydrated over another page's HTML (React would report a mismatch, which fails the journey).
  for (const path of ['/', '/faq', '/practices/3']) {
    await page.goto(base + path);
    await expect(page).toHaveURL(`${base}/maintenance`);
    await expect(page.getByRole('heading', { level: 1, name: 'System upgrade' })).toBeVisible();
    await expect(page.getByText('Please try again shortly')).toBeVisible();
  }
  await expectAccessible(page);
});

test('a page opens at its top, Back returns to where the page before was, and a page loaded afresh never takes another’s position (the router’s scroll restoration)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const footerLink = page
    .getByRole('navigation', { name: 'Useful links' })
    .getByRole('link', { name: 'Home' });
  const home = page.getByRole('heading', { level: 1, name: 'Recognition of foreign qualifications' });
  const faq = page.getByRole('heading', { level: 1, name: 'Frequently asked questions' });

  // Both pages are loaded afresh: the router gives their entries the same key.
  await page.goto('/');
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
  await page.goto('/faq');
  await expect(faq).toBeInViewport();
  expect(await page.evaluate<number>('window.scrollY')).toBe(0);

  await footerLink.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate<number>('window.scrollY');
  expect(scrolled).toBeGreaterThan(0);

  await footerLink.click();
  await expect(home).toBeVisible();
  // The home page is tall enough to have kept the old position: it opens at its top all the same.
  expect(
    await page.evaluate<number>('document.documentElement.scrollHeight - window.innerHeight'),
  ).toBeGreaterThan(scrolled);
  await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(0);

  await page.goBack();
  await expect(faq).toBeVisible();
  await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(scrolled);
});

test('a visitor who scrolls the home page before the app has taken it over stays where they scrolled; a reload opens at the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  // The texts the app waits for before it hydrates the build's HTML are held: the page shows,
  // and the visitor scrolls down to the footer, as on a slow phone.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/en-US-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const footerLink = page
    .getByRole('navigation', { name: 'Useful links' })
    .getByRole('link', { name: 'Home' });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
  release();
  // The page's own boundary hydrated (React's mark on its heading), the router's first restore done.
  // Polled with evaluate: waitForFunction's polling compiles its text with `new Function`, which
  // the portal's Content-Security-Policy refuses.
  await expect
    .poll(() =>
      page.evaluate<boolean>(
        `Object.keys(document.querySelector('#main-content h1') ?? {}).some((key) => key.startsWith('__reactFiber$'))`,
      ),
    )
    .toBe(true);
  await expect(page.getByLabel('Language')).toBeEnabled();
  // What they were reading is still on the screen (the browser's scroll anchoring may move the
  // position by what the app adds above it).
  await expect(footerLink).toBeInViewport();
  await page.unroute(/\/assets\/en-US-[^/]+\.js$/);

  // A reload opens at the top, as the router's rule says: the position the browser itself gives
  // back to the reloaded HTML is not taken for the visitor's scroll.
  await page.reload();
  await expect(page.getByLabel('Language')).toBeEnabled();
  await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(0);
});

test('a page opened by a link takes focus at its heading, so a screen reader says where it led; a page loaded afresh keeps the browser’s', async ({
  page,
}) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  expect(await page.evaluate<string>('document.activeElement.tagName')).toBe('BODY');

  const contact = page
    .getByRole('navigation', { name: 'Useful links' })
    .getByRole('link', { name: 'Contact us' });
  await contact.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeFocused();
  // The next Tab starts on the new page, not at the footer the link was in (once the page's
  // details have come: before, the footer is what follows the heading).
  await expect(page.getByText('Opening hours', { exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate<boolean>('document.getElementById("main-content").contains(document.activeElement)'),
  ).toBe(true);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeFocused();
  await expectAccessible(page);
  // A reload is the browser's load: its focus is left alone, on a page first reached by a link too.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  expect(await page.evaluate<string>('document.activeElement.tagName')).toBe('BODY');
});
