import type { Locator, Page } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  apiToken,
  chooseFile,
  createApplicant,
  createDemoStaff,
  draftAtReview,
  expect,
  expectAccessible,
  expectNoSideScroll,
  expectShown,
  logIn,
  payThroughApi,
  samplePdf,
  test,
  type DemoStaffMember,
} from '../support';
import { staffPage } from '../staff';

test.use({ actionTimeout: 15_000 });

const applicant = { email: `giulia.${Date.now()}@example.org`, password: 'Olive-grove-2031!' };
// With an address in it, as staff paste one: a word longer than a phone's screen is wide.
const QUESTION =
  'Please upload your transcript of records, with the grades of the final year, as https://www.example.org/registrar/official-transcripts-and-certified-translations explains.';

/** Table links carry a visually hidden word ('Request no. 12'): reached with the keyboard. */
async function follow(page: Page, link: Locator) {
  await link.focus();
  await page.keyboard.press('Enter');
}

/** Opens a request's workspace from a queue of the staff navigation. */
async function openFromQueue(page: Page, queue: string, id: number) {
  await page.goto(`/staff/queues/${queue}`);
  await expectAccessible(page);
  // At 1280 px, beside the side navigation, the queue fits: its last column, Reviewer, in view.
  expect(page.viewportSize()?.width).toBe(1280);
  // The page scrolled down to the table (the search and the filters come first); never sideways.
  const table = await page.getByRole('table').boundingBox();
  await page.mouse.wheel(0, (table?.y ?? 0) - 80);
  await expect(page.getByRole('columnheader', { name: 'Reviewer' })).toBeInViewport({ ratio: 1 });
  await expectNoSideScroll(page);
  await follow(page, page.getByRole('link', { name: `Request no. ${id}`, exact: true }));
  await expect(page.getByRole('heading', { level: 1, name: `Request no. ${id}` })).toBeVisible();
  await expectAccessible(page);
}

const actions = (page: Page) => page.getByRole('region', { name: 'Actions' });

/** Fires a move from the Actions panel: its button, then the same name in the dialog that confirms it. */
async function move(page: Page, name: string, fill?: (dialog: Locator) => Promise<void>) {
  await actions(page).getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await expectAccessible(page);
  await dialog.getByRole('button', { name, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The success message of spec §4, once, as a toast. */
async function expectNotice(page: Page, text: string) {
  await expectShown(page, text, { exact: true });
}

test('secretary assigns, evaluator asks for a document, applicant replies, review sends back then concludes', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const staff = createDemoStaff(dataDir(PORTAL_PORT));
  const [secretaryAccount, evaluatorAccount, reviewerAccount] = ['secretary', 'evaluator', 'reviewer'].map(
    (role) => {
      const member = staff[role];
      if (!member) throw new Error(`demo:staff printed no ${role}`);
      return member;
    },
  ) as [DemoStaffMember, DemoStaffMember, DemoStaffMember];

  // The applicant has a paid request (the payment journeys cover paying in the browser).
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const id = await draftAtReview(request, applicant);
  await payThroughApi(request, applicant, id);

  // Secretary: the request waits in 'To assign or admit'; assign it to the evaluator and the reviewer.
  const secretary = await staffPage(browser, secretaryAccount);
  await secretary.goto('/staff/queues/unassigned');
  await expect(secretary.getByRole('heading', { level: 1, name: 'To assign or admit' })).toBeVisible();
  await expectAccessible(secretary);
  await secretary.getByRole('checkbox', { name: `Select request no. ${id}` }).check();
  await secretary.getByRole('button', { name: 'Assign selected (1)' }).click();
  const assign = secretary.getByRole('dialog', { name: 'Assign the request' });
  await assign.getByLabel(/^Credential Evaluator/).selectOption({ label: 'Enzo Valutati' });
  await assign.getByLabel(/^Reviewer/).selectOption({ label: 'Rita Revisori' });
  await expectAccessible(secretary);
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expectNotice(secretary, 'Request assigned');
  await expect(assign).toBeHidden();
  await openFromQueue(secretary, 'all', id);
  await expect(secretary.getByText('Enzo Valutati').first()).toBeVisible();

  // Evaluator: starts the evaluation and asks the applicant for a document.
  const evaluator = await staffPage(browser, evaluatorAccount);
  await openFromQueue(evaluator, 'assigned', id);
  // Escape closes a move's dialog and gives focus back to the move's button.
  const start = actions(evaluator).getByRole('button', { name: 'Start the evaluation', exact: true });
  await start.click();
  await expect(evaluator.getByRole('dialog', { name: 'Start the evaluation' })).toBeVisible();
  await evaluator.keyboard.press('Escape');
  await expect(evaluator.getByRole('dialog', { name: 'Start the evaluation' })).toBeHidden();
  await expect(start).toBeFocused();
  await move(evaluator, 'Start the evaluation');
  await expectNotice(evaluator, 'Request updated');
  await move(evaluator, 'Ask the applicant', async (dialog) => {
    await dialog.getByLabel(/^Message to the applicant/).fill(QUESTION);
    // The multi-select's input is covered by its pills box: reached with the keyboard.
    await dialog.getByRole('combobox', { name: /^Documents to ask for/ }).focus();
    await evaluator.keyboard.press('ArrowDown');
    await dialog.getByRole('option', { name: 'Transcript of records' }).click();
    // Closes the list by leaving it, as Escape would close the dialog too.
    await dialog.getByLabel(/^Internal note/).click();
    await expect(dialog.getByRole('listbox')).toBeHidden();
  });
  await expectNotice(evaluator, 'Message sent');
  await expectAccessible(evaluator);
  // The secretary, who may still close it, reads beside Close that it waits for the answer.
  await secretary.reload();
  await expect(actions(secretary).getByRole('button', { name: 'Close the request' })).toBeVisible();
  await expect(
    actions(secretary).getByText(
      /^This request is waiting for the applicant to answer the question sent to them, and/,
    ),
  ).toBeVisible();
  await expectAccessible(secretary);

  // Applicant: sees 'request for information' with the question and replies with an upload.
  const applicantContext = await browser.newContext();
  const student = await applicantContext.newPage();
  await student.goto('/auth/login');
  await logIn(student, applicant);
  await expect(student).not.toHaveURL(/\/auth\/login/);
  await student.goto('/practices');
  const row = student
    .getByRole('row')
    .filter({ has: student.getByRole('link', { name: `Request no. ${id}` }) });
  await expect(row.getByText('request for information')).toBeVisible();
  await expectAccessible(student);
  await student.goto(`/practices/${id}`);
  await expect(student.getByText('request for information').first()).toBeVisible();
  const question = student.getByRole('note').filter({ hasText: 'We need something from you' });
  await expect(question.getByText(QUESTION)).toBeVisible();
  await expect(question.getByText('Transcript of records', { exact: true })).toBeVisible();
  await expectAccessible(student);
  // On a 320 px phone (WCAG 1.4.10) the header keeps its language select whole beside the count of
  // requests awaiting a reply, and the question's address wraps inside its box and the thread's,
  // where the box cut it off at its edge.
  await student.setViewportSize({ width: 320, height: 800 });
  await expect(student.getByRole('button', { name: 'Open navigation' })).toHaveAccessibleDescription(
    '1 request awaits your reply',
  );
  await expect(student.getByRole('banner').getByRole('combobox', { name: 'Language' })).toBeInViewport({
    ratio: 1,
  });
  await expect(student.getByText(QUESTION)).toHaveCount(2);
  // How far each copy of the question runs past its own box (a string: e2e has no DOM types).
  const cutOff = await student.evaluate<number[]>(
    `[...document.querySelectorAll('main p')].filter((text) => text.textContent === ${JSON.stringify(QUESTION)}).map((text) => text.scrollWidth - text.clientWidth)`,
  );
  expect(cutOff).toEqual([0, 0]);
  await expectNoSideScroll(student);
  await expectAccessible(student);
  await student.setViewportSize({ width: 1280, height: 720 });
  const reply = student.getByRole('region', { name: 'Your reply' });
  await expect(reply.getByRole('combobox', { name: 'Document type' })).toHaveValue('Transcript of records');
  await chooseFile(student, samplePdf('transcript-final-year.pdf'));
  await expect(reply.getByText('transcript-final-year.pdf').first()).toBeVisible();
  await reply.getByLabel(/^Your message/).fill('Here is the transcript with the final year.');
  await expectAccessible(student);
  await reply.getByRole('button', { name: 'Send the reply' }).click();
  await expectNotice(student, 'Message sent');
  await expect(student.getByRole('note').filter({ hasText: 'We need something from you' })).toHaveCount(0);
  await expectAccessible(student);

  // Evaluator: the reply is in the thread; the assessment, then in review.
  await evaluator.reload();
  await evaluator.getByRole('tab', { name: 'Messages' }).click();
  const thread = evaluator.getByRole('region', { name: 'Messages' });
  await expect(thread.getByText('Here is the transcript with the final year.')).toBeVisible();
  await expect(thread.getByText('transcript-final-year.pdf').first()).toBeVisible();
  // An uploaded PDF never opens inside the portal, whose origin its scripts would share
  // (decision 058): no inline preview, no frame; the evaluator saves it, without the CSP refusing anything.
  const refusals: string[] = [];
  evaluator.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  await expect(evaluator.getByRole('button', { name: 'Show transcript-final-year.pdf' })).toHaveCount(0);
  const saved = evaluator.waitForEvent('download');
  await evaluator.getByRole('button', { name: 'Download transcript-final-year.pdf' }).first().click();
  expect((await saved).suggestedFilename()).toBe('transcript-final-year.pdf');
  await expect(evaluator.locator('iframe')).toHaveCount(0);
  // The pointer still hovers the button: axe reads its hover colours too.
  await expectAccessible(evaluator);
  expect(refusals).toEqual([]);
  await evaluator.getByRole('tab', { name: 'Assessment' }).click();
  const assessment = evaluator.getByRole('region', { name: 'Assessment' });
  await assessment.getByLabel(/^Classification or level/).fill('EQF level 6 – first-cycle degree');
  // The institution, its country, the year and the qualification come from the request (issue 18).
  await expect(assessment.getByLabel(/^Awarding institution/)).toHaveValue('Université de Lyon');
  await expect(assessment.getByLabel(/^Year of award/)).toHaveValue('2019');
  await expect(assessment.getByRole('combobox', { name: 'Country of studies' })).toHaveValue('France');
  await assessment.getByLabel(/^Qualification type/).fill('Licence');
  await expect(assessment.getByLabel(/^Qualification name/)).toHaveValue('Licence de physique');
  await assessment.getByLabel(/^Duration/).fill('3 years full time');
  await assessment.getByRole('button', { name: 'Save the assessment' }).click();
  await expectNotice(evaluator, 'Assessment updated');
  await expectAccessible(evaluator);
  await move(evaluator, 'Send in review');
  await expectNotice(evaluator, 'Sent in review');

  // Reviewer: sends it back with a reason.
  const reviewer = await staffPage(browser, reviewerAccount);
  await openFromQueue(reviewer, 'to_review', id);
  await move(reviewer, 'Send back to evaluation', async (dialog) => {
    await dialog.getByLabel(/^Reason/).fill('Check the year of award against the diploma.');
  });
  await expectNotice(reviewer, 'Sent back to evaluation');

  // Evaluator: in review again.
  await evaluator.reload();
  await expect(evaluator.getByText('Check the year of award against the diploma.').first()).toBeVisible();
  await move(evaluator, 'Send in review');
  await expectNotice(evaluator, 'Sent in review');

  // Reviewer: concludes the review, then the request is ready for issue.
  await reviewer.reload();
  await move(reviewer, 'Conclude review');
  await expectNotice(reviewer, 'Review concluded');
  await move(reviewer, 'Mark ready for issue');
  await expectNotice(reviewer, 'Request updated');
  await expectAccessible(reviewer);
  await reviewer.goto('/staff/queues/ready_for_issue');
  await expect(reviewer.getByRole('link', { name: `Request no. ${id}`, exact: true })).toBeVisible();
  await expectAccessible(reviewer);

  // The API agrees, and the applicant's timeline shows every move.
  const token = await apiToken(request, applicant);
  const final = await request.get(`/api/v1/practices/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await final.json()) as { data: { status: string; history: { to_status: string }[] } };
  expect(data.status).toBe('ready_for_issue');
  expect(data.history.map((entry) => entry.to_status).slice(-10)).toEqual([
    'unassigned',
    'assigned',
    'in_evaluation',
    'pending_student_reply',
    'in_evaluation',
    'in_review',
    'in_evaluation',
    'in_review',
    'reviewed',
    'ready_for_issue',
  ]);
  await student.goto(`/practices/${id}`);
  // Re-assignment once the evaluation has started (issue 6): a second paid request, started by the
  // evaluator, handed by the secretary to another evaluator; the former one may no longer act.
  const second = await draftAtReview(request, applicant);
  await payThroughApi(request, applicant, second);
  await secretary.goto('/staff/queues/unassigned');
  await secretary.getByRole('checkbox', { name: `Select request no. ${second}` }).check();
  await secretary.getByRole('button', { name: 'Assign selected (1)' }).click();
  await assign.getByLabel(/^Credential Evaluator/).selectOption({ label: 'Enzo Valutati' });
  await assign.getByLabel(/^Reviewer/).selectOption({ label: 'Rita Revisori' });
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expectNotice(secretary, 'Request assigned');
  await openFromQueue(evaluator, 'assigned', second);
  await move(evaluator, 'Start the evaluation');
  await expectNotice(evaluator, 'Request updated');
  await openFromQueue(secretary, 'all', second);
  await actions(secretary).getByRole('button', { name: 'Change the assignment' }).click();
  const change = secretary.getByRole('dialog', { name: 'Change the assignment' });
  await expect(change.getByLabel(/^Credential Evaluator/)).toHaveValue(/\d+/);
  // An administrator of the demo statements: each run of demo:statement makes another "Ada Amministra",
  // whom the select tells apart by email once there are two, "Ada Amministra (statement-admin-…)".
  const evaluatorSelect = change.getByLabel(/^Credential Evaluator/);
  const otherEvaluator = await evaluatorSelect
    .locator('option', { hasText: /^Ada Amministra/ })
    .first()
    .getAttribute('value');
  if (otherEvaluator === null) throw new Error('no "Ada Amministra" among the evaluators');
  await evaluatorSelect.selectOption(otherEvaluator);
  await expectAccessible(secretary);
  await change.getByRole('button', { name: 'Assign', exact: true }).click();
  await expectNotice(secretary, 'Request assigned');
  await secretary.getByRole('tab', { name: 'History' }).click();
  await expect(
    secretary.getByRole('region', { name: 'History' }).getByText('Evaluator or reviewer changed'),
  ).toBeVisible();
  await evaluator.reload();
  await expect(
    actions(evaluator).getByText('There is nothing for you to do on this request now.'),
  ).toBeVisible();
  await expectAccessible(evaluator);

  // The applicant's timeline: one step per label (spec §4), the question among them.
  const timeline = student.getByRole('region', { name: 'Status history' }).getByRole('listitem');
  await expect(timeline.filter({ hasText: 'request for information' })).toHaveCount(1);
  await expect(timeline.last()).toContainText('in evaluation');
  await expectAccessible(student);
});
