import type { Page } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  apiToken,
  createApplicant,
  createDemoStaff,
  draftAtReview,
  expect,
  expectAccessible,
  expectInLandmarks,
  expectNoSideScroll,
  logIn,
  payThroughApi,
  test,
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
    // With no request yet the login opens the account, which names what it still lacks (decision 085).
    await expect(page.getByText('Il tuo account non è ancora completo')).toBeVisible();
    await page.getByRole('link', { name: 'Numero di telefono' }).click();
    await expect(page.getByRole('textbox', { name: /^Numero di telefono/ })).toBeFocused();
    await expectAccessible(page);
    // The device forgets its language (storage entry and cookie) but keeps the session: the page
    // starts in the browser's English, then takes the account's language again.
    await page.evaluate(() => localStorage.removeItem('lisbon.language'));
    await fresh.clearCookies({ name: 'lisbon-language' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
    await expect(page.getByLabel(/^Lingua preferita/)).toHaveValue('it-IT');
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

test('a first visit from an Italian browser opens in Italian, on a deep link as on the pre-rendered pages; a choice made wins', async ({
  browser,
}) => {
  for (const width of WIDTHS) {
    const italian = await browser.newContext({ locale: 'it-IT', viewport: { width, height: 800 } });
    const page = await italian.newPage();
    // A deep link the build did not pre-render: the shell in the browser's language (decision 099).
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
    await expect(page.getByRole('heading', { level: 1, name: 'Domande frequenti' })).toBeVisible();
    await expectAccessible(page);
    // Chosen English on this device: the next first page comes in English.
    await page.getByRole('combobox', { name: /Lingua|Language/ }).selectOption('en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await page.goto('/auth/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await italian.close();
  }
});

test('a visitor finds the statement check, and reads a malformed share link in a sentence', async ({
  page,
}) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
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
  await expect(page.getByRole('button', { name: 'Show or hide “Password”' })).not.toHaveAttribute(
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

test('an evaluator sees no applicant pages and no secretary archive in the menu, and finds a request by typing its number', async ({
  browser,
  request,
}) => {
  // A submitted request staff see, found by its number alone (whatever other journeys ran before: an
  // earlier journey's draft may hold no. 1, and staff never see a draft).
  const person = { email: `search.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  const practiceId = await draftAtReview(request, person);
  await payThroughApi(request, person, practiceId);
  const staff = createDemoStaff(dataDir(PORTAL_PORT));
  const evaluator = staff.evaluator;
  if (!evaluator) throw new Error('no demo evaluator');
  const page = await staffPage(browser, evaluator);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/staff');
    if (width < 1024) await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Your area' }).filter({ visible: true });
    // The list of every request has one name, in the menu as on its page.
    await expect(menu.getByRole('link', { name: /^All requests\b/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Consent' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Terms' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: /Archive secretary/ })).toHaveCount(0);
    await expectAccessible(page);
    if (width < 1024) await page.keyboard.press('Escape');
  }
  await page.keyboard.press('/');
  await page.keyboard.type(String(practiceId));
  await expect(page.getByRole('option', { name: new RegExp(`^no\\. ${practiceId} · `) })).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});

/** The date as the portal writes a calendar day in English (`formatLongDate`). */
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

test('the requests of an applicant and of a staff queue show their deadline at 375 and 1024 px, the tables fit (a request’s documents at 600 px), and nothing scrolls sideways', async ({
  browser,
  page,
  request,
}) => {
  // Two people, two widths, four pages each, with axe on each: slow on a busy machine.
  test.setTimeout(300_000);
  const person = { email: `layout.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  const id = await draftAtReview(request, person);
  await payThroughApi(request, person, id);
  const headers = { authorization: `Bearer ${await apiToken(request, person)}` };
  const answer = await request.get(`/api/v1/practices/${id}`, { headers });
  const submitted = (
    (await answer.json()) as { data: { expected_deadline: string | null; days_to_go: number | null } }
  ).data;
  expect(submitted.expected_deadline, 'a submitted request has a deadline').not.toBeNull();
  const deadline = longDate(submitted.expected_deadline ?? '');
  // Counted under the column "Working days to go" ("60 working days"); the staff's queue, with no
  // such column, says them left ("60 working days left").
  const daysToGo = new RegExp(`^${submitted.days_to_go} working days?$`);
  // The request's row or card: whatever the layout, the one holding its link.
  // The applicant's pages and the staff's both write "Request no. 1".
  const entry = (on: Page) =>
    on
      .locator('tr, li')
      .filter({ has: on.getByRole('link', { name: new RegExp(`^Request no\\. ${id}$`) }) })
      .filter({ visible: true });

  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/practices$/);
  // With a request the login opens My requests, which says the account is incomplete (decision 085).
  await expect(page.getByText('Your account is not complete yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete your account' })).toHaveAttribute('href', '/account');
  for (const width of [375, 1024]) {
    // Tall enough that the first rows are on screen: what is hidden is hidden sideways.
    await page.setViewportSize({ width, height: 1400 });
    await page.goto('/practices');
    const mine = entry(page);
    await expect(mine).toHaveCount(1, { timeout: 20_000 });
    // Brought into view top to bottom: a row starts at the table's left, so nothing scrolls sideways.
    await mine.scrollIntoViewIfNeeded();
    await expect(mine.getByText(deadline)).toBeInViewport();
    await expect(mine.getByText(daysToGo)).toBeInViewport();
    // The list's name is read whole, not cut.
    await expect(page.getByText(/^My requests: page 1 of 1/)).toBeInViewport({ ratio: 1 });
    await expectNoSideScroll(page);
    await expectAccessible(page);
  }

  const secretary = createDemoStaff(dataDir(PORTAL_PORT)).secretary;
  if (!secretary) throw new Error('no demo secretary');
  const staff = await staffPage(browser, secretary);
  for (const width of [375, 1024]) {
    await staff.setViewportSize({ width, height: 1400 });
    await staff.goto('/staff/queues/all');
    const row = entry(staff);
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByText(deadline)).toBeInViewport();
    await expect(row.getByText(/working days? left/)).toBeInViewport();
    await expectNoSideScroll(staff);
    // From the side navigation up, the queue's table fits its box too: nothing scrolls sideways.
    if (width >= 1024) await expectTableFits(staff);
    await expectAccessible(staff);

    // The request's page: its payments fit (their table scrolls in a region of its own).
    await staff.goto(`/staff/practices/${id}`);
    await expect(staff.getByRole('table', { name: /^Payments for this request/ })).toBeAttached({
      timeout: 20_000,
    });
    await expectNoSideScroll(staff);
    await expectAccessible(staff);
  }
  // At 600 px the request's documents fit, their buttons with them.
  await staff.setViewportSize({ width: 600, height: 1400 });
  await staff.goto(`/staff/practices/${id}?part=documents`);
  await expect(staff.getByRole('button', { name: /^Download / }).first()).toBeVisible({ timeout: 20_000 });
  await expectTableFits(staff);
  await expectNoSideScroll(staff);
  await expectAccessible(staff);
  await staff.context().close();
});

test('a request’s documents at 375 px are cards with Download, Replace and Delete in view, on its page, in the wizard and on /documents; a table at 1280 px', async ({
  page,
  request,
}) => {
  // Three pages at two widths, axe on each: slow on a busy machine.
  test.setTimeout(300_000);
  const person = { email: `cards.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  // A draft with every document the service needs: each can still be replaced or deleted.
  const id = await draftAtReview(request, person);
  await page.goto('/auth/login');
  await logIn(page, person);
  // With a request, an incomplete account lands on My requests (decision 085).
  await expect(page).toHaveURL(/\/practices$/);
  const pages = [`/practices/${id}`, '/service/new/documents', '/documents'];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of pages) {
      await page.goto(path);
      const downloads = page.getByRole('button', { name: /^Download / }).filter({ visible: true });
      await expect(downloads.first()).toBeVisible({ timeout: 20_000 });
      if (width < 1024) {
        // No table to scroll sideways: each document a card, its buttons whole on screen.
        await expect(page.getByRole('table').filter({ has: downloads })).toHaveCount(0);
        const cards = page.getByRole('listitem').filter({ has: downloads });
        await expect(cards).not.toHaveCount(0);
        for (const card of await cards.all()) {
          await card.scrollIntoViewIfNeeded();
          for (const action of ['Download', 'Replace', 'Delete'])
            await expect(card.getByRole('button', { name: new RegExp(`^${action} `) })).toBeInViewport({
              ratio: 1,
            });
        }
      } else {
        await expect(page.getByRole('table').filter({ has: downloads }).first()).toBeVisible();
      }
      await expectNoSideScroll(page);
      await expectAccessible(page);
    }
  }
});

test('a staff queue at 375 px shows its search and its first request on the first screen, the filters behind a "Filters" button; all of them at 1280 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const person = { email: `queue.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  const id = await draftAtReview(request, person);
  await payThroughApi(request, person, id);
  const secretary = createDemoStaff(dataDir(PORTAL_PORT)).secretary;
  if (!secretary) throw new Error('no demo secretary');
  const staff = await staffPage(browser, secretary);
  const shortcut = staff.getByText('Press / on any staff page to come back here.');

  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.goto('/staff/queues/unassigned?is_urgent=false');
  await expect(staff.getByRole('combobox', { name: 'Find a request' })).toBeInViewport({ timeout: 20_000 });
  // The first request's card is on the first screen, no scrolling: the filters wait behind a button.
  await expect(
    staff
      .getByRole('list', { name: /^To assign or admit: page 1 of/ })
      .getByRole('listitem')
      .first(),
  ).toBeInViewport();
  const filters = staff.getByRole('button', { name: 'Filters (1 active)' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(staff.getByRole('combobox', { name: 'Status' })).toBeHidden();
  // The sort is no filter: in view beside the button.
  await expect(staff.getByRole('combobox', { name: 'Sort by' })).toBeInViewport();
  // No keyboard on a phone: no shortcut to press. The box that selects every card says so.
  await expect(shortcut).toBeHidden();
  await expect(staff.getByText('Select all', { exact: true })).toBeVisible();
  await expectNoSideScroll(staff);
  await expectAccessible(staff);
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(staff.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await expectNoSideScroll(staff);
  await expectAccessible(staff);

  await staff.setViewportSize({ width: 1280, height: 800 });
  await expect(staff.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  await expect(staff.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await expect(shortcut).toBeVisible();
  await expectAccessible(staff);
  await staff.context().close();
});

/** The visible tables' scrolling boxes hold them whole: none of them scrolls sideways. */
const expectTableFits = async (page: Page) => {
  await expect(
    page
      .getByRole('region')
      .filter({ has: page.getByRole('table') })
      .first(),
  ).toBeVisible();
  // A string, as e2e has no DOM types: how far each visible box would scroll sideways.
  const overflows = () =>
    page.evaluate<number[]>(
      `[...document.querySelectorAll('[role="region"]')]
        .filter((box) => box.querySelector('table') && box.offsetParent !== null)
        .map((box) => box.scrollWidth - box.clientWidth)`,
    );
  await expect
    .poll(async () => Math.max(0, ...(await overflows())), { message: 'a table scrolls sideways' })
    .toBe(0);
};

/** A phone held sideways and upright: an open list there has little room above or below its field. */
const PHONES = [
  { width: 667, height: 375 },
  { width: 375, height: 667 },
] as const;

test('every open list that scrolls passes axe at 375 and 1280 px and lies on the screen of a phone held either way, and Enter on "Choose a file" opens the file chooser', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const person = { email: `lists.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  // A draft at its documents: the wizard's document type offers every type of the service.
  await draftAtReview(request, person);
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/practices$/);
  /** Opens a list, checks it is long enough to scroll, and runs axe with it open. */
  const openList = async (name: string, typed?: string) => {
    const field = page.getByRole('combobox', { name });
    await field.click();
    if (typed) await field.pressSequentially(typed);
    const list = page.getByRole('listbox').filter({ visible: true });
    await expect(list.getByRole('option').nth(4)).toBeVisible();
    // The list scrolls (or the check would say nothing about scrolling lists).
    const scrolls = await page.evaluate<boolean>(
      `[...document.querySelectorAll('[role="listbox"]')].some((box) =>
        [box, box.parentElement, ...box.querySelectorAll('*')].some((part) => part.scrollHeight > part.clientHeight + 1))`,
    );
    expect(scrolls, `the list of ${name} scrolls`).toBe(true);
    // The list lies whole on the screen, below the fixed header: its top and bottom edges are its own.
    const onScreen = await page.evaluate<boolean>(
      `(() => {
        const box = [...document.querySelectorAll('[role="listbox"]')].find((list) => list.offsetParent !== null);
        const edges = box?.getBoundingClientRect();
        return !!edges && [edges.top + 2, edges.bottom - 2].every((y) =>
          box.contains(document.elementFromPoint(edges.left + edges.width / 2, y)));
      })()`,
    );
    expect(onScreen, `the list of ${name} lies on the screen`).toBe(true);
    await expectAccessible(page);
    await expectInLandmarks(page);
    await page.keyboard.press('Escape');
  };
  for (const size of [...WIDTHS.map((width) => ({ width, height: 800 })), ...PHONES]) {
    await page.setViewportSize(size);
    await page.goto('/service');
    await openList('Country of education system', 'an');
    await page.goto('/account');
    await openList('Country of birth', 'an');
    // A list in a dialog stays in the dialog.
    await page.goto('/study');
    await page.getByRole('button', { name: 'Add a qualification' }).click();
    await openList('Country of the institution', 'an');
    await page.keyboard.press('Escape');
    await page.goto('/service/new/documents');
    await openList('Document type');
  }
  // Enter on the focused "Choose a file" opens the file chooser, as a click does. Playwright
  // intercepts choosers once it has told the browser to, a round trip after the listener is
  // added: focusing the button first is that round trip (a bare keypress can beat it, and the
  // headless browser then dismisses the chooser unseen, with or without the app).
  const choose = page.getByRole('button', { name: 'Choose a file' });
  const chooser = page.waitForEvent('filechooser');
  await choose.focus();
  await page.keyboard.press('Enter');
  // The chooser the browser opens for one document (a PDF, JPEG or PNG); it is left unanswered.
  expect((await chooser).isMultiple()).toBe(false);
  await expectAccessible(page);
});

test('a refugee account that has filed its two requests reads the limit on the service pages before choosing anything', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const person = { email: `limit.${Date.now()}@example.org`, password, category: 'refugee' as const };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  const headers = { authorization: `Bearer ${await apiToken(request, person)}` };
  for (let filed = 0; filed < 2; filed += 1) {
    const id = await draftAtReview(request, person);
    const submitted = await request.post(`/api/v1/practices/${id}/submit`, { headers });
    expect(submitted.ok(), await submitted.text()).toBe(true);
  }
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/practices$/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/service/new');
    await expect(page.getByText('Limit reached')).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByText(/^A refugee account can file up to 2 requests, and yours has filed 2/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create the request' })).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSideScroll(page);
    await page.goto('/service');
    await expect(page.getByText('Limit reached')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
  }
});

test('on the review step at 375 px each section’s “Change” stands beside its heading, the long one too', async ({
  page,
  request,
}) => {
  const person = { email: `review.${Date.now()}@example.org`, password };
  await createApplicant(request, dataDir(PORTAL_PORT), person);
  await draftAtReview(request, person);
  await page.goto('/auth/login');
  await logIn(page, person);
  await expect(page).toHaveURL(/\/practices$/);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/service/new/review');
  const heading = page.getByRole('heading', { level: 2, name: 'Qualification to assess' });
  const change = page.getByRole('link', { name: 'Change Qualification to assess' });
  await expect(change).toBeVisible({ timeout: 20_000 });
  const headingBox = (await heading.boundingBox())!;
  const changeBox = (await change.boundingBox())!;
  expect(changeBox.y).toBeLessThan(headingBox.y + headingBox.height);
  expect(changeBox.x).toBeGreaterThan(headingBox.x + headingBox.width - 1);
  await expectNoSideScroll(page);
  await expectAccessible(page);
});
