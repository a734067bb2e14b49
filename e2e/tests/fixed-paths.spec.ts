import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  apiToken,
  createApplicant,
  createDemoStaff,
  dayMonthYear,
  draftAtReview,
  expect,
  expectAccessible,
  expectShown,
  logIn,
  payThroughApi,
  renewedToken,
  SAMPLE_BILLING,
  test,
  type DemoStaffMember,
} from '../support';
import { passSecondFactor, staffPage } from '../staff';

/**
 * The fixed paths of issue 33, walked again at 375 and 1280 px with axe on each page state: a closed
 * request's reason and refund at its top, the institution's country in the wizard, the staff checks
 * once done, and the words fixed earlier (no 'cimea request', no payment number on the invoice, no
 * refugee invitation once logged in, 'Registration successful' once; the empty thank-you page is
 * first-users.spec.ts's).
 */

test.use({ actionTimeout: 15_000 });

const WIDTHS = [375, 1280] as const;
const password = 'Copper-kettle-2027!';
const DATA = dataDir(PORTAL_PORT);
type Person = { email: string; password: string };
type Headers = { authorization: string };

const person = (name: string): Person => ({ email: `${name}.${Date.now()}@example.org`, password });

/** The demo staff member of a role. */
function demo(role: string): DemoStaffMember {
  const member = createDemoStaff(DATA)[role];
  if (!member) throw new Error(`demo:staff printed no ${role}`);
  return member;
}

/**
 * A staff member's bearer token through the API, past the second factor: set-up only, where the
 * staff's screens are not what is walked. A code is accepted once (see `passSecondFactor`).
 */
async function staffHeaders(request: APIRequestContext, member: DemoStaffMember): Promise<Headers> {
  const login = await request.post('/api/v1/auth', {
    data: { email: member.email, password: member.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const passed = await passSecondFactor(member.secret, async (code) => {
    const answer = await request.post('/api/v1/auth/2fa', { headers, data: { code } });
    // Passing the second factor answers a new token: the first step's no longer works.
    if (answer.ok()) headers.authorization = `Bearer ${await renewedToken(answer)}`;
    return answer.ok();
  });
  expect(passed, `second factor of ${member.email}`).toBe(true);
  return headers;
}

/** The bearer token a logged-in page holds (the web app keeps it as `lisbon.token`). */
async function headersOf(page: Page): Promise<Headers> {
  const stored = await page.evaluate<string | null>(`localStorage.getItem('lisbon.token')`);
  expect(stored, 'the page holds a token').not.toBeNull();
  return { authorization: `Bearer ${JSON.parse(stored ?? '""') as string}` };
}

/** Calls the API and answers its `data`, failing on anything but 2xx. */
async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  path: string,
  headers: Headers,
  data?: unknown,
): Promise<T> {
  const response = await request[method](`/api/v1${path}`, { headers, ...(data ? { data } : {}) });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** One attempt to pay a draft on the sandbox gateway's form with a card; answers the payment once settled. */
async function payAttempt(
  request: APIRequestContext,
  headers: Headers,
  practiceId: number,
  card: string,
  settles: 'succeeded' | 'failed',
): Promise<number> {
  const session = await api<{ payment_id: number; checkout_url: string }>(
    request,
    'post',
    `/practices/${practiceId}/checkout`,
    headers,
    { billing: SAMPLE_BILLING },
  );
  const paid = await request.post(new URL(session.checkout_url).pathname, {
    form: { card_number: card, expiry: '12/34', cvc: '123', holder: 'Amina Haddad' },
    maxRedirects: 0,
  });
  expect(paid.status(), 'the sandbox gateway sends the payer back').toBe(303);
  await expect
    .poll(
      async () =>
        (await api<{ status: string }>(request, 'get', `/payments/${session.payment_id}`, headers)).status,
      { timeout: 20_000, message: `the payment is ${settles}` },
    )
    .toBe(settles);
  return session.payment_id;
}

/** The text of the portal's outgoing mails to `to` (quoted-printable soft breaks undone). */
function mailsTo(to: string): string[] {
  const directory = join(DATA, 'mail');
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.eml'))
    .map((name) =>
      readFileSync(join(directory, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(to));
}

/** The status label, shown, and never the spec's internal 'cimea request' on the page. */
async function expectNoCimea(page: Page, shown: Locator): Promise<void> {
  await expect(shown.first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('cimea', { ignoreCase: true });
}

test('a closed, refunded request says why and its refund at its top; its invoice names no payment number after a declined card', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const applicant = person('closed');
  await createApplicant(request, DATA, applicant);
  const mine = { authorization: `Bearer ${await apiToken(request, applicant)}` };
  const id = await draftAtReview(request, applicant);
  // A declined card first, then the success card: two payments of the request, one succeeded.
  const declined = await payAttempt(request, mine, id, '4000000000000002', 'failed');
  const paid = await payAttempt(request, mine, id, '4242424242424242', 'succeeded');
  expect(paid).toBeGreaterThan(declined);

  // Staff close it before its evaluation, with a reason, and refund its payment (set-up: the API).
  const reason = 'Withdrawn by the applicant before the evaluation started.';
  const secretary = await staffHeaders(request, demo('secretary'));
  await api(request, 'post', `/staff/practices/${id}/transitions`, secretary, { action: 'close', reason });
  await api(request, 'post', `/staff/practices/${id}/refund`, secretary);
  // The provider confirms (the sandbox, through the refund job): the credit note is issued.
  type Refund = { status: string; credit_note_number: string | null };
  let refund: Refund | null = null;
  await expect
    .poll(
      async () => {
        refund =
          (await api<{ payment_refund?: Refund | null }>(request, 'get', `/practices/${id}`, mine))
            .payment_refund ?? null;
        return refund?.status;
      },
      { timeout: 60_000, message: 'the refund is confirmed' },
    )
    .toBe('succeeded');
  const creditNote = (refund as Refund | null)?.credit_note_number ?? '';
  expect(creditNote).not.toBe('');

  await page.goto('/auth/login');
  await logIn(page, applicant);
  await expect(page).toHaveURL(/\/practices$/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/practices/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Request no. ${id}` })).toBeVisible();
    const notice = page.locator('.mantine-Alert-root').filter({ hasText: 'Why this request was closed' });
    // At the top: on screen as the page opens, above the request's facts and its history.
    await expect(notice).toBeInViewport();
    await expect(notice.getByText(`Reason: ${reason}`, { exact: true })).toBeVisible();
    await expect(
      notice.getByText(
        new RegExp(
          `^Your payment of €[\\d,.]+ was refunded to the card that paid on [A-Z][a-z]+ \\d{1,2}, \\d{4}: credit note ${creditNote.replace(/[/.]/g, '\\$&')}\\.`,
        ),
      ),
    ).toBeVisible();
    await expect(notice.getByRole('link', { name: 'See it with your invoices and receipts' })).toBeVisible();
    const history = page.getByRole('region', { name: 'Status history' });
    await expect(history).toBeAttached();
    const [top, facts, bottom] = await Promise.all([
      notice.boundingBox(),
      page.getByRole('heading', { level: 2, name: 'Request', exact: true }).boundingBox(),
      history.boundingBox(),
    ]);
    expect(top && facts && bottom, 'the notice, the facts and the history are laid out').toBeTruthy();
    expect(top?.y ?? Infinity).toBeLessThan(facts?.y ?? 0);
    expect(top?.y ?? Infinity).toBeLessThan(bottom?.y ?? 0);
    await expectAccessible(page);

    // The invoice of the payment that went through: its transaction identifies it, not a number
    // that counts the declined attempt too ('Payment #…', decision 085).
    await page.goto('/account');
    const receipts = page.getByRole('region', { name: 'Receipts and invoices' });
    await expect(receipts.getByRole('link', { name: /^Invoice / }).first()).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await receipts
      .getByRole('link', { name: /^Invoice / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Invoice / })).toBeVisible();
    await expect(page.getByText(`Request no. ${id}:`, { exact: false })).toBeVisible();
    await expect(page.getByText('Transaction reference', { exact: true })).toBeVisible();
    await expect(page.getByText(/Payment\s*(#|no\.)/)).toHaveCount(0);
    await expect(page.getByText('Payment', { exact: true })).toHaveCount(0);
    for (const payment of [declined, paid])
      await expect(page.getByText(`#${payment}`, { exact: true })).toHaveCount(0);
    await expectAccessible(page);
  }
});

test('the wizard takes the institution country from the country chosen and says so only when they differ; no refugee invitation once logged in', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const applicant = person('wizard');
  await createApplicant(request, DATA, applicant);
  const refugeeInvitation = page.getByText(/Register with a refugee account/);
  const chooseCountry = async (name: string, typed: string) => {
    const field = page.getByRole('combobox', { name: 'Country of education system' });
    await field.click();
    await field.pressSequentially(typed);
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByRole('radio', { name: 'Higher education' }).check();
    await expect(page.getByText('Documents you will need')).toBeVisible();
  };

  // A visitor, on the home page, is offered the free refugee service beside the one that applies.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  // The search loads as it comes on screen, as the visitor scrolls down to it.
  await page.getByRole('region', { name: 'Find the service for your country' }).scrollIntoViewIfNeeded();
  await chooseCountry('France', 'fran');
  await expect(refugeeInvitation).toBeVisible();
  await expectAccessible(page);

  await page.goto('/auth/login');
  await logIn(page, applicant);
  await expect(page).toHaveURL(/\/account/);
  // The country chosen and another one, each with what is typed to find it.
  const countries = {
    375: ['Germany', 'germ', 'Austria', 'austr'],
    1280: ['France', 'fran', 'Belgium', 'belg'],
  } as const;
  for (const width of WIDTHS) {
    const [chosen, typed, other, otherTyped] = countries[width];
    await page.setViewportSize({ width, height: 800 });

    // Logged in as a standard applicant: the service, without the refugee invitation.
    await page.goto('/service');
    await chooseCountry(chosen, typed);
    await expect(refugeeInvitation).toHaveCount(0);
    await expectAccessible(page);

    // The wizard: the country chosen, the purpose, then the qualification.
    await page.goto('/service/new');
    const create = page.getByRole('button', { name: 'Create the request' });
    if (width === 1280) {
      // The first width's draft is there: started anew, as the page offers.
      await expect(page.getByRole('heading', { name: 'You have a draft request' })).toBeVisible();
      await page.getByRole('button', { name: 'Start a new request' }).click();
      await page.getByRole('button', { name: 'Yes, delete the draft' }).click();
    }
    await chooseCountry(chosen, typed);
    await expect(refugeeInvitation).toHaveCount(0);
    await expectAccessible(page);
    await (
      width === 1280
        ? page.getByRole('button', { name: 'Delete the draft and create the new request' })
        : create
    ).click();
    await page.getByRole('radio', { name: 'Access to further studies' }).check();
    await page.getByLabel(/^Italian institution of interest/).fill('Università di Bologna');
    await page.getByLabel(/^Programme name/).fill('Laurea magistrale in Fisica');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    const institutionCountry = page.getByRole('combobox', { name: 'Country of the institution' });
    const differs = page.getByText(/^The institution is not in the country of education system/);
    await expect(institutionCountry).toHaveValue(chosen);
    await expect(page.getByRole('checkbox', { name: /country differs/ })).toHaveCount(0);
    await expect(differs).toHaveCount(0);
    await expectAccessible(page);

    // Another country: the difference is said, naming the education system's.
    await institutionCountry.click();
    await institutionCountry.fill('');
    await institutionCountry.pressSequentially(otherTyped);
    await page.getByRole('option', { name: other, exact: true }).click();
    await expect(institutionCountry).toHaveValue(other);
    await expect(differs).toHaveText(
      `The institution is not in the country of education system (${chosen}): this is recorded with the request.`,
    );
    await expectAccessible(page);

    if (width === 375) {
      // Back to the same country: nothing to say.
      await institutionCountry.click();
      await institutionCountry.fill('');
      await institutionCountry.pressSequentially(typed);
      await page.getByRole('option', { name: chosen, exact: true }).click();
      await expect(institutionCountry).toHaveValue(chosen);
      await expect(differs).toHaveCount(0);
      continue;
    }
    // Saved in another country than the education system's: recorded so with the request.
    await page.getByLabel(/^Name of the qualification/).fill('Licence de physique');
    await page.getByLabel(/^Institution name/).fill('Université libre de Bruxelles');
    await page.getByLabel(/^City of the institution/).fill('Bruxelles');
    await page.getByLabel(/^Study programme name/).fill('Physique');
    await page.getByLabel(/^Language of the programme/).fill('French');
    await page.getByRole('radio', { name: 'In presence' }).check();
    await page.getByRole('radio', { name: 'Full time' }).check();
    await page.getByLabel('Enrolment date (dd/mm/yyyy)').fill(dayMonthYear('2016-09-01'));
    await page.getByLabel('Graduation date (dd/mm/yyyy)').fill(dayMonthYear('2019-07-10'));
    await page.getByLabel('Award date (dd/mm/yyyy)').fill(dayMonthYear('2019-09-15'));
    await page.getByRole('radio', { name: 'Final diploma' }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Documents this service needs')).toBeVisible();
    const draft = await api<{
      country: string;
      qualification: { institution_country: string; is_institution_country_different: boolean };
    }>(request, 'get', '/practices/draft', { authorization: `Bearer ${await apiToken(request, applicant)}` });
    expect(draft.country).toBe('FR');
    expect(draft.qualification).toMatchObject({
      institution_country: 'BE',
      is_institution_country_different: true,
    });
  }
});

test('staff: the concluded file check and the saved verification say who and when; a reviewer reads that an administrator publishes; no status says cimea request', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const applicant = person('checks');
  await createApplicant(request, DATA, applicant);
  const id = await draftAtReview(request, applicant);
  await payThroughApi(request, applicant, id);

  // The secretary assigns it to the demo evaluator and reviewer (set-up: the API).
  const secretary = await staffHeaders(request, demo('secretary'));
  const staffId = async (role: 'evaluator' | 'reviewer') => {
    const users = await api<{ id: number; email: string }[]>(
      request,
      'get',
      `/staff/users?role=${role}`,
      secretary,
    );
    const found = users.find((user) => user.email === demo(role).email);
    if (!found) throw new Error(`no demo ${role} among the staff`);
    return found.id;
  };
  await api(request, 'post', '/staff/practices/assign', secretary, {
    practice_ids: [id],
    evaluator_id: await staffId('evaluator'),
    reviewer_id: await staffId('reviewer'),
  });

  // The evaluator starts the evaluation (the API), then concludes the file check and saves the
  // verification on the request's page, at 375 px.
  const evaluator = await staffPage(browser, demo('evaluator'));
  const asEvaluator = await headersOf(evaluator);
  await api(request, 'post', `/staff/practices/${id}/transitions`, asEvaluator, { action: 'start' });
  await evaluator.setViewportSize({ width: 375, height: 800 });
  await evaluator.goto(`/staff/practices/${id}?part=checks`);
  const fileCheck = evaluator.getByRole('region', { name: 'File check' });
  const verification = evaluator.getByRole('region', { name: 'Verification' });
  await expect(fileCheck.getByText('The file check is not concluded yet.')).toBeVisible();
  await expect(verification.getByText('No verification recorded yet.')).toBeVisible();
  await expectAccessible(evaluator);
  await fileCheck.getByLabel('Notes on the file (optional)').fill('All four documents legible.');
  await fileCheck.getByRole('button', { name: 'Conclude the file check' }).click();
  // Concluding is final: asked first.
  const conclude = evaluator.getByRole('dialog', { name: 'Conclude the file check?' });
  await expectAccessible(evaluator);
  await conclude.getByRole('button', { name: 'Conclude the file check' }).click();
  await expectShown(evaluator, 'File check concluded', { exact: true });
  await verification.getByLabel(/^Outcome/).selectOption({ label: 'Verified with the issuer' });
  await verification.getByLabel('Notes (optional)').fill('Confirmed by the registrar.');
  await verification.getByRole('button', { name: 'Save the verification' }).click();
  await expectShown(evaluator, 'Verification updated', { exact: true });

  for (const width of WIDTHS) {
    await evaluator.setViewportSize({ width, height: 800 });
    await evaluator.reload();
    await expect(
      evaluator.getByRole('tab', { name: 'File check and verification', selected: true }),
    ).toBeVisible();
    await expect(fileCheck.getByText(/^Concluded on .+ by Enzo Valutati\.$/)).toBeVisible();
    await expect(
      fileCheck.getByRole('paragraph').filter({ hasText: /^All four documents legible\.$/ }),
    ).toBeVisible();
    await expect(fileCheck.getByRole('button', { name: 'Conclude the file check' })).toHaveCount(0);
    await expect(evaluator.getByRole('button', { name: 'Conclude the file check' })).toHaveCount(0);
    await expect(
      verification.getByText('Saved outcome: Verified with the issuer', { exact: true }),
    ).toBeVisible();
    // Said above the form, whose box holds the notes to change.
    await expect(
      verification.getByRole('paragraph').filter({ hasText: /^Confirmed by the registrar\.$/ }),
    ).toBeVisible();
    await expect(verification.getByText(/^Last updated on .+ by Enzo Valutati\.$/)).toBeVisible();
    await expect(verification.getByLabel(/^Outcome/)).toHaveValue('verified');
    await expect(verification.getByRole('button', { name: 'Save the verification' })).toBeVisible();
    await expectAccessible(evaluator);
  }

  // The evaluator asks the applicant something: the status every screen names 'request for information'.
  const question = 'Please upload your transcript of records, with the grades of the final year.';
  await api(request, 'post', `/staff/practices/${id}/transitions`, asEvaluator, {
    action: 'ask_applicant',
    message: question,
  });
  await page.goto('/auth/login');
  await logIn(page, applicant);
  await expect(page).toHaveURL(/\/practices$/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/practices');
    const entry = page
      .locator('tr, li')
      .filter({ has: page.getByRole('link', { name: `Request no. ${id}`, exact: true }) })
      .filter({ visible: true });
    await expectNoCimea(page, entry.getByText('request for information', { exact: true }));
    await expectAccessible(page);
    await page.goto(`/practices/${id}`);
    await expect(page.getByText(question).first()).toBeVisible();
    await expectNoCimea(page, page.getByText('request for information', { exact: true }));
    await expectAccessible(page);

    await evaluator.setViewportSize({ width, height: 800 });
    await evaluator.goto(`/staff/practices/${id}`);
    await expectNoCimea(evaluator, evaluator.getByText('request for information', { exact: true }));
    await expectAccessible(evaluator);
    await evaluator.goto('/staff/queues/all');
    const row = evaluator
      .locator('tr, li')
      .filter({ has: evaluator.getByRole('link', { name: `Request no. ${id}`, exact: true }) })
      .filter({ visible: true });
    // Staff read the status by its staff name there (the applicant's label is the workspace's).
    await expectNoCimea(evaluator, row.getByText('Waiting for the applicant', { exact: true }));
    await expectAccessible(evaluator);
  }
  // Nor the mail that tells the applicant of the question.
  await expect
    .poll(() => mailsTo(applicant.email).filter((mail) => mail.includes('transcript of records')).length, {
      timeout: 20_000,
      message: 'the mail of the question',
    })
    .toBeGreaterThan(0);
  for (const mail of mailsTo(applicant.email)) expect(mail).not.toMatch(/cimea/i);

  // The applicant replies, the evaluator assesses and sends it in review (the API).
  await api(
    request,
    'post',
    `/practices/${id}/reply`,
    { authorization: `Bearer ${await apiToken(request, applicant)}` },
    {
      message: 'The transcript is attached to the request.',
    },
  );
  await api(request, 'put', `/staff/practices/${id}/assessment`, asEvaluator, {
    classification: 'EQF level 6 – first-cycle degree',
    awarding_institution: 'Université de Lyon',
    award_year: 2019,
    country_of_studies: 'FR',
    qualification_type: 'Licence',
    qualification_name: 'Licence de physique',
    duration: '3 years full time',
  });
  await api(request, 'post', `/staff/practices/${id}/transitions`, asEvaluator, { action: 'send_in_review' });
  await evaluator.context().close();

  // The reviewer, who may not publish, reads who does beside the review's moves.
  const reviewer = await staffPage(browser, demo('reviewer'));
  for (const width of WIDTHS) {
    await reviewer.setViewportSize({ width, height: 800 });
    await reviewer.goto(`/staff/practices/${id}`);
    const actions = reviewer.getByRole('region', { name: 'Actions' });
    await expect(actions.getByRole('button', { name: 'Conclude review', exact: true })).toBeVisible();
    await expect(
      actions.getByText(
        'Once the request is ready for issue, an administrator publishes the statement: only administrators may.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(reviewer.getByRole('button', { name: /publish/i })).toHaveCount(0);
    await expectAccessible(reviewer);
  }
  await reviewer.context().close();
});

test('after registering, “Registration successful” is said once', async ({ page }) => {
  test.setTimeout(180_000);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/auth/register');
    await page.getByLabel(/^First name/).fill('Ada');
    await page.getByLabel(/^Last name/).fill('Lovelace');
    await page.getByLabel(/^Email/).fill(person(`registers${width}`).email);
    await page.getByLabel('Date of birth (dd/mm/yyyy)').fill('04/03/1990');
    await page.getByLabel('I have read and accept the terms and conditions').check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registration successful' })).toBeVisible();
    await expectAccessible(page);
    // Neither a toast nor a sentence repeating it: counted once the page has settled (the toasts'
    // container comes in a chunk of its own, with the first toast), and after axe's own seconds.
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/Registration successful/i)).toHaveCount(1);
  }
});
