import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  expect,
  test as base,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_STAFF_PASSWORD, demoStaff } from './staff';

export { expect };

/**
 * Playwright's `test`, in which every page, in the test's own browser context and in any other the
 * test opens (a second user's), keeps to the Content-Security-Policy the portal sends
 * (`security.ts`) and throws no error that nothing catches:
 * - what the policy refuses (an `eval`, an inline script, a script from elsewhere) the browser
 *   refuses without a word on the page, but it fires a `securitypolicyviolation` event;
 * - an uncaught exception or unhandled rejection in the app reaches Playwright as a `weberror`,
 *   and so does React's report of a pre-rendered page whose HTML did not match its first render
 *   (error 418), after which React renders that part anew.
 * The journey fails with what happened and where.
 */
export const test = base.extend<{ pageFaults: void }>({
  pageFaults: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const uncaught: string[] = [];
      const watch = async (watched: BrowserContext) => {
        watched.on('weberror', (error) => {
          uncaught.push(`${error.page()?.url()}: ${error.error().stack}`);
        });
        await watched.exposeBinding('reportPolicyViolation', ({ page }, text: string) => {
          violations.push(`${page.url()}: ${text}`);
        });
        // Runs in the page, as text: this project's types have no DOM.
        await watched.addInitScript({
          content: `document.addEventListener('securitypolicyviolation', (event) => {
            window.reportPolicyViolation(event.violatedDirective + ' refused ' + event.blockedURI +
              ' (' + event.sourceFile + ':' + event.lineNumber + ')');
          });`,
        });
      };
      // Contexts the test opens with `browser.newContext()`: watched as Playwright creates them,
      // before the test has a page in them.
      const watching: Promise<void>[] = [];
      const watchCreated = (created: BrowserContext) => {
        watching.push(watch(created));
      };
      browser.on('context', watchCreated);
      await watch(context);
      await use();
      browser.off('context', watchCreated);
      await Promise.all(watching);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      expect(uncaught, 'errors the app did not catch').toEqual([]);
    },
    { auto: true },
  ],
});

/** Every page a journey visits must pass axe with no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Legacy mode: axe runs whole in the page, frames of the same origin included, instead of in
  // parts finished in a blank page the builder opens and closes for each check. The portal frames
  // nothing of another origin (its policy's frame-src is 'self'), and a check takes half the time.
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * What the page shows sits in its landmarks or in a dialog (axe `region`, a moderate rule the check
 * above lets by): an open list (a combobox's) stays beside its field rather than in a portal at the
 * end of the body (the theme's Combobox default).
 */
export async function expectInLandmarks(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).setLegacyMode().withRules(['region']).analyze();
  const outside = results.violations.flatMap((violation) => violation.nodes.map((n) => n.target.join(' ')));
  expect(outside, `content outside any landmark on ${page.url()}`).toEqual([]);
}

/**
 * The newest link of a kind (`activate`, `reset-password`) in the portal's outgoing mail, once it is
 * there. The outbox's worker runs at the lowest priority (decision 100): on a busy machine a mail
 * took 17 s to be written, past the 15 s this waited.
 */
export async function mailedLink(dataDirectory: string, to: string, kind: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]*/auth/${kind}/[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = findLink(join(dataDirectory, 'mail'), to, pattern);
        return link;
      },
      { timeout: 45_000, message: `a mail to ${to} with an /auth/${kind}/ link` },
    )
    .toBeDefined();
  return link as string;
}

function findLink(mailDirectory: string, to: string, pattern: RegExp): string | undefined {
  if (!existsSync(mailDirectory)) return undefined;
  const files = readdirSync(mailDirectory)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of files) {
    // Undo quoted-printable soft breaks and '=' escapes so the link reads whole.
    const text = readFileSync(join(mailDirectory, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!text.includes(to)) continue;
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

/**
 * The address an applicant registers from: their own, as a proxy in front would pass it on
 * (the journeys' portal trusts 127.0.0.1 as its proxy). The journeys register some twenty
 * applicants within the hour; from one address the registration limit would refuse the last.
 */
function homeAddressOf(email: string): string {
  const [a, b] = createHash('sha256').update(email).digest();
  return `198.18.${a}.${b}`;
}

/** A registered, activated applicant, made through the API and the activation mail (not the UI). */
export async function createApplicant(
  request: APIRequestContext,
  dataDirectory: string,
  person: { email: string; password: string; category?: 'standard' | 'refugee' },
): Promise<void> {
  const registered = await request.post('/api/v1/auth/register', {
    headers: { 'x-forwarded-for': homeAddressOf(person.email) },
    data: {
      email: person.email,
      first_name: 'Amina',
      last_name: 'Haddad',
      birth_date: '1992-05-17',
      category: person.category ?? 'standard',
      accept_terms: true,
    },
  });
  expect(registered.status()).toBe(202);
  const token = new URL(await mailedLink(dataDirectory, person.email, 'activate')).pathname.split('/').pop();
  const activated = await request.post('/api/v1/auth/activate', {
    data: { token, password: person.password, password_confirmation: person.password },
  });
  expect(activated.ok()).toBe(true);
}

/** Logs in through the login page; the page is then wherever the app sends the applicant. */
export async function logIn(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A small but real PDF document to upload. */
export const samplePdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
});

/** Uploads a file through the keyboard-accessible "Choose a file" button of an upload widget. */
export async function chooseFile(page: Page, file: ReturnType<typeof samplePdf>): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
}

/** Logs in through the API; the bearer token the web app would hold. */
export async function apiToken(
  request: APIRequestContext,
  person: { email: string; password: string },
): Promise<string> {
  const response = await request.post('/api/v1/auth', { data: person });
  expect(response.ok(), `login of ${person.email}`).toBe(true);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** The token `POST /auth/2fa` answers: the full session that replaces the first step's. */
export const renewedToken = async (passed: APIResponse): Promise<string> =>
  ((await passed.json()) as { data: { access_token: string } }).data.access_token;

/** A draft of `person` saved up to the Documents step (France, higher education), no document attached, through the API as the wizard saves it. */
export async function draftAtDocuments(
  request: APIRequestContext,
  person: { email: string; password: string },
): Promise<{ id: number; missingDocuments: string[]; headers: Record<string, string> }> {
  const headers = { authorization: `Bearer ${await apiToken(request, person)}` };
  const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: { id: number; missing_documents: string[] } }).data;
  };
  const draft = await ok(
    await request.post('/api/v1/practices', {
      headers,
      data: { country: 'FR', level: 'higher', replace_draft: true },
    }),
  );
  await ok(
    await request.patch(`/api/v1/practices/${draft.id}/purpose`, {
      headers,
      data: {
        purpose: 'further_studies',
        italian_institution: 'Università di Bologna',
        programme_name: 'Laurea magistrale in Fisica',
      },
    }),
  );
  const saved = await ok(
    await request.patch(`/api/v1/practices/${draft.id}/qualification`, {
      headers,
      data: {
        qualification_name: 'Licence de physique',
        institution_name: 'Université de Lyon',
        institution_country: 'FR',
        institution_city: 'Lyon',
        delivery_mode: 'in_presence',
        study_program_name: 'Physique',
        study_program_locale: 'French',
        studies_type: 'full_time',
        enrolled_at: '2016-09-01',
        graduated_at: '2019-07-10',
        issued_at: '2019-09-15',
        diploma_type: 'final',
      },
    }),
  );
  return { id: draft.id, missingDocuments: saved.missing_documents, headers };
}

/**
 * A draft at the review step (France, higher education, every required document attached), made
 * through the API as the wizard makes it: for journeys whose subject is what comes after the wizard.
 */
export async function draftAtReview(
  request: APIRequestContext,
  person: { email: string; password: string },
): Promise<number> {
  const { id, missingDocuments, headers } = await draftAtDocuments(request, person);
  const ok = async (response: APIResponse) =>
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  for (const type of missingDocuments) {
    await ok(
      await request.post('/api/v1/documents', {
        headers,
        multipart: { type, practice_id: String(id), file: samplePdf(`${type}.pdf`) },
      }),
    );
  }
  await ok(await request.post(`/api/v1/practices/${id}/review`, { headers }));
  return id;
}

/** The billing information the journeys pay with, unless they give their own. */
export const SAMPLE_BILLING = {
  entity_type: 'individual',
  first_name: 'Amina',
  last_name: 'Haddad',
  fiscal_code: null,
  address: '12 rue de la République',
  city: 'Lyon',
  zip_code: '69002',
  province: null,
  country: 'FR',
};

/** Pays for a draft through the API and the sandbox gateway's form, as a browser would; waits for the submission. */
export async function payThroughApi(
  request: APIRequestContext,
  person: { email: string; password: string },
  practiceId: number,
  billing: typeof SAMPLE_BILLING = SAMPLE_BILLING,
): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request, person)}` };
  const checkout = await request.post(`/api/v1/practices/${practiceId}/checkout`, {
    headers,
    data: { billing },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const session = ((await checkout.json()) as { data: { payment_id: number; checkout_url: string } }).data;
  const paid = await request.post(new URL(session.checkout_url).pathname, {
    form: {
      card_number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
      holder: `${billing.first_name} ${billing.last_name}`,
    },
    maxRedirects: 0,
  });
  expect(paid.status(), 'the sandbox gateway sends the payer back').toBe(303);
  // The portal asks the provider (the webhook may come later): the request leaves draft.
  await expect
    .poll(
      async () => {
        const payment = await request.get(`/api/v1/payments/${session.payment_id}`, { headers });
        return ((await payment.json()) as { data?: { status: string } }).data?.status;
      },
      { timeout: 15_000, message: 'the payment is settled' },
    )
    .toBe('succeeded');
}

export type DemoStaffMember = { role: string; email: string; secret: string; password: string };

/**
 * The demo staff accounts (`npm run cli -- demo:staff`) of the journey portal, by role: a
 * secretary, an evaluator, a reviewer and an admin, each with its TOTP secret. Every journey
 * shares them (see `demoStaff` in ./staff, which keeps the secrets for the next journey).
 */
export function createDemoStaff(dataDirectory: string): Record<string, DemoStaffMember> {
  const staff: Record<string, DemoStaffMember> = {};
  for (const member of demoStaff(dataDirectory)) {
    staff[member.role] = { ...member, password: DEMO_STAFF_PASSWORD };
  }
  return staff;
}

/** A day (a date, or ISO `YYYY-MM-DD`) as a person types it in the portal's date fields: dd/mm/yyyy. */
export const dayMonthYear = (day: Date | string): string =>
  (typeof day === 'string' ? day : day.toISOString().slice(0, 10)).split('-').reverse().join('/');

/**
 * The page fits its viewport's width: nothing makes the whole page scroll sideways. Measured again
 * until it holds (within the expect timeout): after a resize, a busy machine may still be laying
 * the page out at the first measure. A failure names the widths and the last elements that overflow.
 */
export async function expectNoSideScroll(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        // A string, as e2e has no DOM types: it runs in the page.
        const widths = await page.evaluate<{ page: number; viewport: number; overflowing: string[] }>(
          `({
            page: document.documentElement.scrollWidth,
            viewport: innerWidth,
            overflowing: [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > innerWidth + 1)
              .slice(-3)
              .map((element) => element.tagName + '.' + String(element.className).slice(0, 60) + ' ' + (element.textContent || '').slice(0, 40)),
          })`,
        );
        return widths.page <= widths.viewport
          ? []
          : [`the page is ${widths.page} px wide at ${widths.viewport} px`, ...widths.overflowing];
      },
      { message: 'the page does not scroll sideways' },
    )
    .toEqual([]);
}

/**
 * Some visible element of `scope` says `text` (a toast, say): the staff workspace keeps copies of
 * its words in tabs that are hidden, which a plain `getByText(...).first()` may pick.
 */
export async function expectShown(
  scope: Page | Locator,
  text: string,
  { exact = false } = {},
): Promise<void> {
  await expect(scope.getByText(text, { exact }).filter({ visible: true }).first()).toBeVisible();
}
