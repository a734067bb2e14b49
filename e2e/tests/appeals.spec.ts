import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  chooseFile,
  createApplicant,
  expect,
  expectAccessible,
  expectShown,
  logIn,
  renewedToken,
  samplePdf,
  test,
} from '../support';
import { demoStaff, passSecondFactor, runCli, staffPage, type DemoStaff } from '../staff';

/**
 * Appeals and amendments (issue 8, decision 026): a statement published through the real
 * publication (`demo:statement --email`), then the applicant's appeal or amendment within the
 * window, the staff's moves to the statement of appeal or the amended statement, and the
 * verification of the files.
 */

const STAFF_PASSWORD = 'Lisbon#Demo-Staff-2026';

type Published = { practiceId: number; certificateId: string; admin: { email: string; secret: string } };

/** A request of the applicant published through the real publication, and the admin who published it. */
function publishFor(email: string): Published {
  const run = () =>
    runCli(dataDir(PORTAL_PORT), ['demo:statement', '--email', email], {
      PUBLIC_URL: `http://127.0.0.1:${PORTAL_PORT}`,
    });
  // The CLI shares the SQLite file with the running portal, whose worker writes too: a write that
  // meets the portal's may fail as busy, so the command is tried again (each try is a new request).
  let output = '';
  for (let attempt = 1; !output; attempt += 1) {
    try {
      output = run();
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('database is locked')) throw error;
    }
  }
  const practiceId = Number(/Published demo request #(\d+)/.exec(output)?.[1]);
  const certificateId = /certificate (\S+)/.exec(output)?.[1] ?? '';
  const admin = /admin (\S+)\s+TOTP secret (\S+)/.exec(output);
  if (!practiceId || !certificateId || !admin?.[1] || !admin[2])
    throw new Error(`unexpected output: ${output}`);
  return { practiceId, certificateId, admin: { email: admin[1], secret: admin[2] } };
}

/** Moves the portal's clock (TEST_CLOCK, decision 056) to the real time plus `days`; 0 puts it back. */
function setClock(days: number): void {
  runCli(dataDir(PORTAL_PORT), ['clock:set', ...(days === 0 ? ['--reset'] : ['--days', String(days)])], {
    TEST_CLOCK: 'true',
  });
}

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** The applicant's appeal or amendment through /practices/{id}/appeal, with a supporting document. */
async function askFor(page: Page, practiceId: number, type: 'Appeal' | 'Amendment', motivation: string) {
  // Published: /documents lists nothing as missing where nothing can be added (first-user review, item 13).
  await page.goto('/documents');
  const section = page.getByRole('region', { name: new RegExp(`^Request no\\. ${practiceId}:`) });
  await expect(section.getByText('This request no longer accepts changes to its documents.')).toBeVisible();
  await expect(section.getByText('Still missing')).toHaveCount(0);
  await expectAccessible(page);
  await page.goto(`/practices/${practiceId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Request no. ${practiceId}` })).toBeVisible();
  await expect(
    page.getByText(/You can ask for an appeal or an amendment of this statement until/),
  ).toBeVisible();
  // Published: the evaluation's deadline was met, nothing counts down (decision 108, amended).
  await expect(page.getByText('Days to go', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Ask for an appeal or amendment' }).click();
  await expect(page).toHaveURL(new RegExp(`/practices/${practiceId}/appeal$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Your appeal or amendment' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: new RegExp(`^${type}`) }).check();
  await page.getByLabel(/^Motivation/).fill(motivation);
  await page.getByLabel(/^Which document is it\?/).fill('Supporting letter');
  await chooseFile(page, samplePdf('letter.pdf'));
  await expect(page.getByRole('button', { name: 'Remove letter.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Send the appeal or amendment' }).click();
  // Named for what was asked for: an amendment is never called an appeal, nor in its notice.
  await expect(page.getByText(`${type} created`)).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Your ${type.toLowerCase()} is in progress` }),
  ).toBeVisible();
  await expect(page.getByText(motivation)).toBeVisible();
  await expectAccessible(page);
  // The request counts down to the appeal or amendment's own deadline, named so (decision 108, amended).
  await page.goto(`/practices/${practiceId}`);
  await expect(page.getByText('Expected deadline of the appeal or amendment', { exact: true })).toBeVisible();
  await expect(page.getByText('Days to go', { exact: true })).toBeVisible();
  await expectAccessible(page);
}

/** Waits on the appeal page until the issued statement can be downloaded, then downloads it. */
async function issuedStatement(page: Page, practiceId: number, button: string): Promise<Buffer> {
  await expect(async () => {
    await page.goto(`/practices/${practiceId}/appeal`);
    await expect(page.getByRole('button', { name: button })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return readFileSync(await (await download).path());
}

/** The public verification page's verdict on a file. */
async function verdictOn(page: Page, certificateId: string, file: Buffer): Promise<string> {
  await page.goto(`/verify/${certificateId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a statement' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a PDF file' }).click();
  await (await chooser).setFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: file });
  const status = page.getByRole('status').filter({ hasText: /valid/i });
  await expect(status).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);
  return (await status.textContent()) ?? '';
}

/** Staff moves through the API, as the workspace makes them. */
async function staffSession(request: APIRequestContext, admin: Pick<DemoStaff, 'email' | 'secret'>) {
  const login = await request.post('/api/v1/auth', {
    data: { email: admin.email, password: STAFF_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}` };
  // A code is accepted once: when another login used this window's, the next one is given.
  const passed = await passSecondFactor(admin.secret, async (code) => {
    const answer = await request.post('/api/v1/auth/2fa', { headers, data: { code } });
    // Passing the second factor answers a new token: the first step's no longer works.
    if (answer.ok()) headers.authorization = `Bearer ${await renewedToken(answer)}`;
    return answer.ok();
  });
  expect(passed).toBe(true);
  return async (practiceId: number, action: string, extra: Record<string, string> = {}) => {
    const moved = await request.post(`/api/v1/staff/practices/${practiceId}/transitions`, {
      headers,
      data: { action, ...extra },
    });
    expect(moved.status(), `${action}: ${await moved.text()}`).toBe(200);
  };
}

/** Each move of the workspace's Actions, confirmed in its dialog, with its notice. */
async function makeMoves(page: Page, moves: [action: string, notice: string][]): Promise<void> {
  for (const [action, notice] of moves) {
    await page.getByRole('button', { name: action }).click();
    const dialog = page.getByRole('dialog', { name: action });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: action }).click();
    await expectShown(page, notice);
    await expect(dialog).toBeHidden();
  }
}

/** The demo administrator (`demo:staff`): not the one who published, so it may review. */
function secondAdmin(): DemoStaff {
  const admin = demoStaff(dataDir(PORTAL_PORT)).find((staff) => staff.role === 'admin');
  if (!admin) throw new Error('demo:staff made no administrator');
  return admin;
}

test('an appeal within the window, through the staff workspace to the statement of appeal', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const applicant = { email: `appeal.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const published = publishFor(applicant.email);
  const { practiceId } = published;

  await page.goto('/auth/login');
  await logIn(page, applicant);
  await expect(page).toHaveURL(/\/(practices|account)/);
  await askFor(page, practiceId, 'Appeal', 'The evaluation missed my final-year internship.');
  await logOut(page);

  // The admin, with two factors, moves the appeal on in the staff workspace.
  await page.getByLabel(/^Email/).fill(published.admin.email);
  await page.getByLabel(/^Password/).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel(/^Code/).fill(codeOf(published.admin.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await page.goto(`/staff/practices/${practiceId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Request no. ${practiceId}` })).toBeVisible();
  await expectAccessible(page);
  await makeMoves(page, [
    ['Admit the appeal', 'Appeal confirmed'],
    ['Send in review', 'Sent in review'],
  ]);
  // Whoever sent it in review never reviews it (four eyes), an administrator neither.
  await expect(page.getByRole('button', { name: 'Conclude review' })).toHaveCount(0);
  await logOut(page);

  // Another administrator concludes the review and issues the statement of appeal.
  const reviewer = await staffPage(browser, secondAdmin());
  await reviewer.goto(`/staff/practices/${practiceId}`);
  await makeMoves(reviewer, [
    ['Conclude review', 'Review concluded'],
    ['Issue the appeal statement', 'Request published'],
  ]);
  await reviewer.context().close();

  // The applicant downloads the statement of appeal, and the verifier calls it valid.
  await logIn(page, applicant);
  await expect(page).toHaveURL(/\/(practices|account)/);
  const appealPdf = await issuedStatement(page, practiceId, 'Download the statement of appeal');
  await expect(page.getByText(/statement of appeal has been issued/)).toBeVisible();
  const href = (await page.getByRole('link', { name: 'Verification page' }).getAttribute('href')) ?? '';
  const appealId = href.split('/').pop() ?? '';
  expect(appealId).not.toBe(published.certificateId);
  expect(await verdictOn(page, appealId, appealPdf)).toMatch(/^Valid/);
  await page.goto(`/practices/${practiceId}`);
  await expectShown(page, 'appeal issued');
  await expectAccessible(page);
});

test('an amendment through to the amended statement, and re-verification of both files', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const applicant = { email: `amend.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const published = publishFor(applicant.email);
  const { practiceId } = published;

  await page.goto('/auth/login');
  await logIn(page, applicant);
  await expect(page).toHaveURL(/\/(practices|account)/);
  // The original statement, as published.
  await page.goto(`/practices/${practiceId}`);
  const originalDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the statement (PDF)' }).click();
  const originalPdf = readFileSync(await (await originalDownload).path());
  expect(await verdictOn(page, published.certificateId, originalPdf)).toMatch(/^Valid/);

  await askFor(page, practiceId, 'Amendment', 'My middle name is missing from the statement.');

  const move = await staffSession(request, published.admin);
  await move(practiceId, 'admit_appeal');
  // The office's dashboard counts it as an amendment, apart from the appeals (migration 115).
  const office = await staffPage(browser, published.admin);
  await office.goto('/staff/dashboard');
  const backlog = office.getByRole('table', { name: 'Backlog by status' });
  await expect(backlog.getByRole('rowheader', { name: 'Amendment in evaluation' })).toBeVisible();
  await expect(
    office.getByText(/^Of these, first requests: \d+; appeals: \d+; amendments: [1-9]\d*\.$/),
  ).toBeVisible();
  await expectAccessible(office);
  await office.context().close();
  await move(practiceId, 'send_in_review');
  // Another administrator reviews it (four eyes).
  const review = await staffSession(request, secondAdmin());
  await review(practiceId, 'conclude_review');
  await review(practiceId, 'issue_amendment');

  const amendedPdf = await issuedStatement(page, practiceId, 'Download the amended statement');
  await expect(page.getByText(/It replaces your previous statement/)).toBeVisible();
  const href = (await page.getByRole('link', { name: 'Verification page' }).getAttribute('href')) ?? '';
  const amendedId = href.split('/').pop() ?? '';
  expect(amendedId).not.toBe(published.certificateId);

  const old = await verdictOn(page, published.certificateId, originalPdf);
  expect(old).toMatch(/NOT valid/);
  expect(old).toMatch(/Superseded by an amendment/);
  expect(await verdictOn(page, amendedId, amendedPdf)).toMatch(/^Valid/);
  await page.goto(`/practices/${practiceId}`);
  await expectShown(page, 'amendment issued');
  await expectAccessible(page);
});

test('the seven-day window by the server’s clock: an appeal on day 6 is accepted, on day 8 it is too late', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const applicant = { email: `window.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const onDaySix = publishFor(applicant.email);
  const onDayEight = publishFor(applicant.email);
  try {
    setClock(6);
    await page.goto('/auth/login');
    await logIn(page, applicant);
    await expect(page).toHaveURL(/\/(practices|account)/);
    await askFor(page, onDaySix.practiceId, 'Appeal', 'Day six: the classification is not the one awarded.');
    await logOut(page);

    // Two days later the applicant logs in again.
    setClock(8);
    await logIn(page, applicant);
    await expect(page).toHaveURL(/\/(practices|account)/);
    // The request page follows the server's calendar, not the device's clock (issue 33), at 375 and 1280 px.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/practices/${onDayEight.practiceId}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Request no. ${onDayEight.practiceId}` }),
      ).toBeVisible();
      await expect(page.getByText('published', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ask for an appeal or amendment' })).toHaveCount(0);
      await expectAccessible(page);
    }
    await page.goto(`/practices/${onDayEight.practiceId}/appeal`);
    await expect(page.getByText('An appeal or amendment is not possible')).toBeVisible();
    await expect(page.getByText(/^It is too late/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the appeal or amendment' })).toHaveCount(0);
    await expectAccessible(page);

    // Two factors keep real time under the moved calendar: the admin's authenticator code works (issue 33).
    const admin = await staffPage(browser, onDayEight.admin);
    await expect(admin).not.toHaveURL(/\/auth\//);
    await admin.context().close();
  } finally {
    setClock(0);
  }
});

test('the appeal form’s document type and “Which document is it?” stack on a phone and stand side by side at 1280 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const applicant = { email: `stacked.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const { practiceId } = publishFor(applicant.email);
  await page.goto('/auth/login');
  await logIn(page, applicant);
  await expect(page).toHaveURL(/\/(practices|account)/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/practices/${practiceId}/appeal`);
    const type = page.getByRole('combobox', { name: 'Document type' });
    const question = page.getByLabel(/^Which document is it\?/);
    await expect(question).toBeVisible();
    const typeBox = (await type.boundingBox())!;
    const questionBox = (await question.boundingBox())!;
    if (width < 768) {
      // On a phone two columns cut the type's name short: the question comes under it, full width.
      expect(questionBox.y).toBeGreaterThan(typeBox.y + typeBox.height);
      expect(questionBox.width).toBeCloseTo(typeBox.width, 0);
    } else {
      expect(questionBox.x).toBeGreaterThan(typeBox.x + typeBox.width);
    }
    await expectAccessible(page);
  }
});
