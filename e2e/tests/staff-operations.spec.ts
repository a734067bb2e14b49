import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { operationsEn } from '../../apps/web/src/shared/i18n/locales/operations.en-US';
import { operationsIt } from '../../apps/web/src/shared/i18n/locales/operations.it-IT';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  createApplicant,
  createDemoStaff,
  draftAtReview,
  expect,
  expectAccessible,
  expectNoSideScroll,
  expectShown,
  payThroughApi,
  test,
  type DemoStaffMember,
} from '../support';
import { staffPage } from '../staff';

// Issue #18: the search box of every staff page, deadlines in the queues, a message to several
// applicants, the dashboard and the workspace in parts, with axe at desktop width and at 375 px.

test.use({ actionTimeout: 15_000 });

const applicant = { email: `tomasz.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };

test('a secretary finds a request as she types, reads the dashboard, works a request in parts and writes to applicants', async ({
  browser,
  request,
}) => {
  // With the long trail's two widths, four more axe runs.
  test.setTimeout(300_000);
  const staff = createDemoStaff(dataDir(PORTAL_PORT));
  const [secretaryAccount, evaluatorAccount] = ['secretary', 'evaluator'].map((role) => {
    const member = staff[role];
    if (!member) throw new Error(`demo:staff printed no ${role}`);
    return member;
  }) as [DemoStaffMember, DemoStaffMember];
  // Amina Haddad (support.ts) with two paid requests, waiting to be assigned.
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const first = await draftAtReview(request, applicant);
  await payThroughApi(request, applicant, first);
  const second = await draftAtReview(request, applicant);
  await payThroughApi(request, applicant, second);

  const secretary = await staffPage(browser, secretaryAccount);
  await secretary.goto('/staff/queues/unassigned');
  await expect(secretary.getByRole('heading', { level: 1, name: 'To assign or admit' })).toBeVisible();

  // Search: `/` brings the focus to the box; her email, as typed, finds both requests, newest first.
  const box = secretary.getByRole('combobox', { name: 'Find a request' });
  await expect(box).toBeVisible();
  // The shortcut works once the page has it, right after the box appears: a `/` pressed in that
  // moment is lost, as it would be for anyone, so the journey presses again.
  await expect(async () => {
    await secretary.keyboard.press('/');
    await expect(box).toBeFocused({ timeout: 1000 });
  }).toPass();
  await box.pressSequentially(applicant.email.slice(0, 12));
  const results = secretary.getByRole('listbox');
  await expect(results.getByRole('option')).toHaveCount(2);
  await expect(results.getByRole('option').first()).toContainText(`no. ${second} · Amina Haddad`);
  // Against its deadline, as its queue row says it: submitted today, it is on time.
  await expect(results.getByRole('option').first()).toContainText('On time');
  await expect(secretary.getByText('2 requests found', { exact: false })).toBeAttached();
  await expectAccessible(secretary);
  await secretary.keyboard.press('ArrowDown');
  await secretary.keyboard.press('Enter');
  await expect(secretary.getByRole('heading', { level: 1, name: `Request no. ${first}` })).toBeVisible();
  // By number, from the workspace: the box is on every staff page.
  await box.fill('');
  await expect(results).toBeHidden();
  await box.fill(`#${second}`);
  // Until the box's own answer comes, the earlier list can be in view but cannot be chosen.
  await expect(results.getByRole('option', { disabled: false }).first()).toContainText(`no. ${second}`);
  await secretary.keyboard.press('Enter');
  await expect(secretary.getByRole('heading', { level: 1, name: `Request no. ${second}` })).toBeVisible();
  // Nothing found: the list says what was looked for, not "No items found".
  await box.fill('qqzzqq');
  await expect(results.getByText('No request matches “qqzzqq”.')).toBeVisible();
  await expectAccessible(secretary);
  await box.fill('');

  // The queue: each row against its deadline; filtered by it.
  await secretary.goto('/staff/queues/unassigned');
  const row = secretary
    .getByRole('row')
    .filter({ has: secretary.getByRole('link', { name: `Request no. ${first}` }) });
  await expect(row.getByText('On time')).toBeVisible();
  await expect(row.getByText(/working days left/)).toBeVisible();
  // The queue's total, and how many of it are first requests, appeals and amendments.
  await expect(
    secretary.getByRole('table', {
      name: /^To assign or admit: page \d+ of \d+, \d+ requests? in all \(first requests: [1-9]\d*; appeals: \d+; amendments: \d+\)$/,
    }),
  ).toBeVisible();
  await secretary.getByLabel('Against the deadline').selectOption({ label: 'Late' });
  await expect(secretary.getByRole('link', { name: `Request no. ${first}` })).toHaveCount(0);
  await secretary.getByLabel('Against the deadline').selectOption({ label: 'On time' });
  await expect(secretary.getByRole('link', { name: `Request no. ${first}`, exact: true })).toBeVisible();
  await expectAccessible(secretary);

  // A message to the applicants of both requests: a closure announced.
  await secretary.getByRole('checkbox', { name: `Select request no. ${first}` }).check();
  await secretary.getByRole('checkbox', { name: `Select request no. ${second}` }).check();
  await secretary.getByRole('button', { name: 'Message the applicants (2)' }).click();
  const dialog = secretary.getByRole('dialog', { name: 'A message to the applicants' });
  await dialog.getByLabel(/^Message/).fill('The office is closed from 24 December to 6 January.');
  await expectAccessible(secretary);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectShown(secretary, 'Message sent', { exact: true });
  await expect(dialog).toBeHidden();

  // The dashboard: the backlog holds both requests; every table downloads as CSV.
  await secretary.getByRole('link', { name: 'Dashboard' }).click();
  await expect(secretary.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const backlog = secretary.getByRole('table', { name: 'Backlog by status' });
  await expect(backlog.getByRole('rowheader', { name: 'Unassigned' })).toBeVisible();
  // Its total apart: first requests (hers among them), appeals and amendments.
  await expect(
    secretary.getByText(/^Of these, first requests: [1-9][\d,]*; appeals: [\d,]+; amendments: [\d,]+\.$/),
  ).toBeVisible();
  // Its chart counts requests in whole numbers (a count of 1 or 2 is not split in quarters).
  const ticks = secretary
    .getByRole('img', { name: /^Backlog by status\./ })
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  for (const tick of await ticks.allTextContents()) expect(tick).toMatch(/^\d+$/);
  await expectAccessible(secretary);
  const download = secretary.waitForEvent('download');
  // The figure's one landmark is its table's box; its download button is beside its heading.
  await secretary
    .locator('section', { has: secretary.getByRole('heading', { level: 2, name: 'Backlog by status' }) })
    .getByRole('button', { name: 'Download the table (CSV)' })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('backlog-by-status.csv');
  expect(readFileSync(await file.path(), 'utf8')).toContain('Status,Requests');
  await secretary.getByRole('button', { name: 'Last 4 weeks' }).click();
  await expect(secretary).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(secretary.getByText(/^Figures from /)).toBeVisible();

  // The workspace in parts: the message is in the record; the moves stay in view.
  await secretary.goto(`/staff/practices/${first}?part=history`);
  const history = secretary.getByRole('tabpanel', { name: 'History' });
  await expect(history.getByText('The office is closed from 24 December to 6 January.')).toBeVisible();
  await expect(history.getByText('Message from the office')).toBeVisible();
  await expect(secretary.getByRole('region', { name: 'Actions' })).toBeInViewport();
  await expectAccessible(secretary);

  // The secretary assigns the first request; its evaluator starts the evaluation.
  await secretary.goto('/staff/queues/unassigned');
  await secretary.getByRole('checkbox', { name: `Select request no. ${first}` }).check();
  await secretary.getByRole('button', { name: 'Assign selected (1)' }).click();
  const assign = secretary.getByRole('dialog', { name: 'Assign the request' });
  await assign.getByLabel(/^Credential Evaluator/).selectOption({ label: 'Enzo Valutati' });
  await assign.getByLabel(/^Reviewer/).selectOption({ label: 'Rita Revisori' });
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign).toBeHidden();
  const evaluator = await staffPage(browser, evaluatorAccount);
  await evaluator.goto(`/staff/practices/${first}`);
  const actions = evaluator.getByRole('region', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Start the evaluation', exact: true }).click();
  const start = evaluator.getByRole('dialog', { name: 'Start the evaluation' });
  await start.getByRole('button', { name: 'Start the evaluation', exact: true }).click();
  await expect(start).toBeHidden();

  // The assessment starts from the request's qualification.
  await evaluator.getByRole('tab', { name: 'Assessment' }).click();
  const assessment = evaluator.getByRole('region', { name: 'Assessment' });
  await expect(assessment.getByLabel(/^Awarding institution/)).toHaveValue('Université de Lyon');
  await expect(assessment.getByLabel(/^Year of award/)).toHaveValue('2019');
  await expect(assessment.getByLabel(/^Qualification name/)).toHaveValue('Licence de physique');
  await expectShown(assessment, 'Taken from the request: check it.');
  await expectAccessible(evaluator);
  // Evaluators have no dashboard.
  await expect(evaluator.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  // A long trail (55 internal notes, as a pile of replaced documents would leave): the history
  // shows its newest page, and the older entries on "Show older entries", at 1280 and 375 px.
  const token = await evaluator.evaluate(
    () => JSON.parse(localStorage.getItem('lisbon.token') ?? 'null') as string | null,
  );
  for (let index = 1; index <= 55; index += 1) {
    const noted = await request.post(`/api/v1/staff/practices/${first}/notes`, {
      headers: { authorization: `Bearer ${token}` },
      data: { text: `Call number ${index} to the university` },
    });
    expect(noted.ok(), `note ${index}`).toBe(true);
  }
  for (const width of [1280, 375]) {
    await evaluator.setViewportSize({ width, height: 800 });
    await evaluator.goto(`/staff/practices/${first}?part=history`);
    const record = evaluator.getByRole('tabpanel', { name: 'History' });
    const older = record.getByRole('button', { name: 'Show older entries' });
    await expect(older).toBeVisible();
    await expect(record.getByText('Call number 55 to the university')).toBeVisible();
    await expect(record.getByText('Call number 1 to the university', { exact: true })).toHaveCount(0);
    await expectAccessible(evaluator);
    await older.click();
    await expect(record.getByText('Call number 1 to the university', { exact: true })).toBeVisible();
    await expect(record.getByText('Evaluation started')).toBeVisible();
    await expect(older).toHaveCount(0);
    await expect(record.getByRole('list')).toBeFocused();
    await expectNoSideScroll(evaluator);
    await expectAccessible(evaluator);
  }
  await evaluator.setViewportSize({ width: 1280, height: 800 });

  // At 375 px: the search, the dashboard and the workspace fit and pass axe.
  await secretary.setViewportSize({ width: 375, height: 800 });
  await secretary.goto('/staff/dashboard');
  await expect(secretary.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectNoSideScroll(secretary);
  await expectAccessible(secretary);
  await secretary.getByRole('combobox', { name: 'Find a request' }).fill('haddad amina');
  const option = secretary.getByRole('listbox').getByRole('option').first();
  await expect(option).toBeVisible();
  // The result's badges (its status, its deadline's flag) stay inside its option, in a list that fits the phone.
  const optionBox = await option.boundingBox();
  const badges = await option.locator('.mantine-Badge-root').all();
  for (const badge of badges) {
    const badgeBox = await badge.boundingBox();
    expect(optionBox && badgeBox && badgeBox.x + badgeBox.width <= optionBox.x + optionBox.width).toBe(true);
  }
  await expectAccessible(secretary);
  await secretary.goto(`/staff/practices/${second}?part=documents`);
  await expect(secretary.getByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
  await expectNoSideScroll(secretary);
  await expectAccessible(secretary);
  // A row's request link, "no. 1" as much as "no. 123", is a target of at least 24 by 24 px (WCAG 2.5.8).
  await secretary.goto('/staff/queues/all');
  for (const id of [first, second]) {
    const box = await secretary.getByRole('link', { name: `Request no. ${id}`, exact: true }).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
  }
});

/** How many pixels `words` run past the box's room for text, in the box's own font (≤ 0: they fit). */
const overrun = (box: Locator, words: string) =>
  box.evaluate((input, text) => {
    const page = input.ownerDocument;
    const style = page.defaultView!.getComputedStyle(input);
    const context = page.createElement('canvas').getContext('2d');
    if (!context) throw new Error('No canvas to measure the words in');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context.measureText(text).width - room;
  }, words);

test('on a 375 px phone the search box shows its whole placeholder, in English and in Italian', async ({
  browser,
}) => {
  const staff = createDemoStaff(dataDir(PORTAL_PORT));
  const secretaryAccount = staff.secretary;
  if (!secretaryAccount) throw new Error('demo:staff printed no secretary');
  const secretary = await staffPage(browser, secretaryAccount);
  await secretary.setViewportSize({ width: 375, height: 800 });
  await secretary.goto('/staff/queues/unassigned');
  const box = secretary.getByRole('combobox', { name: 'Find a request' });
  await expect(box).toHaveAttribute('placeholder', operationsEn.operations.search.placeholder);
  // Both catalogues' words measured in the box on the page (the account's language stays as it
  // is: the demo staff are every journey's); the hint above it names every field searched.
  for (const words of [
    operationsEn.operations.search.placeholder,
    operationsIt.operations.search.placeholder,
  ])
    expect(await overrun(box, words), words).toBeLessThanOrEqual(0);
  await expect(secretary.getByText(operationsEn.operations.search.hint)).toBeVisible();
  // The words before this change did not fit: the measure can tell.
  expect(
    await overrun(box, 'Number, name, email, tax ID, qualification, institution, country'),
  ).toBeGreaterThan(0);
  await secretary.context().close();
});

test('on a 375 px phone a queue’s card says its status line under the number, from the card’s left edge', async ({
  browser,
  request,
}) => {
  const staff = createDemoStaff(dataDir(PORTAL_PORT));
  const secretaryAccount = staff.secretary;
  if (!secretaryAccount) throw new Error('demo:staff printed no secretary');
  const owner = { email: `ines.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };
  await createApplicant(request, dataDir(PORTAL_PORT), owner);
  const id = await draftAtReview(request, owner);
  await payThroughApi(request, owner, id);
  const secretary = await staffPage(browser, secretaryAccount);
  await secretary.setViewportSize({ width: 375, height: 800 });
  await secretary.goto('/staff/queues/unassigned');
  const card = secretary
    .getByRole('listitem')
    .filter({ has: secretary.getByRole('link', { name: `Request no. ${id}`, exact: true }) });
  const staffWords = card.getByText('Unassigned', { exact: true });
  const seesLabel = card.getByText('Shown to the applicant:', { exact: true });
  const applicantLine = card.getByText(/^Amina Haddad/);
  await expect(staffWords).toBeVisible();
  const [number, words, sees, line] = await Promise.all(
    [
      card.getByRole('link', { name: `Request no. ${id}`, exact: true }),
      staffWords,
      seesLabel,
      applicantLine,
    ].map((part) => part.boundingBox()),
  );
  if (!number || !words || !sees || !line) throw new Error('a part of the card has no box');
  // Under the number, and from the left edge the card's lines start at, not a ragged column at its right.
  expect(words.y).toBeGreaterThanOrEqual(number.y + number.height - 1);
  expect(Math.abs(words.x - line.x)).toBeLessThanOrEqual(1);
  // "Shown to the applicant:" and its label stay on one line, after the staff's words.
  expect(sees.height).toBeLessThan(words.height * 1.5);
  await expectNoSideScroll(secretary);
  await expectAccessible(secretary);
  await secretary.context().close();
});
