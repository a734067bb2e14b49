import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { dataDir, PORTAL_PORT } from '../playwright.config';
import {
  createApplicant,
  dayMonthYear,
  expect,
  expectAccessible,
  expectNoSideScroll,
  renewedToken,
  test,
} from '../support';
import { DEMO_STAFF_PASSWORD, demoStaff, logInStaff, passSecondFactor, runCli } from '../staff';

/** `npm run cli -- <args>` against the journey's portal; its printed output. */
const cli = (...args: string[]): string =>
  runCli(dataDir(PORTAL_PORT), args, { PUBLIC_URL: `http://127.0.0.1:${PORTAL_PORT}` });

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const applicant = { email: `nora.${Date.now()}@example.org`, password: 'Quiet-harbour-2024!' };
const CLOSURE_NOTICE = 'Our offices close for the annual inventory.';

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** The newest newsletter unsubscribe link in the portal's mail to `to`. */
async function mailedOptOutLink(to: string): Promise<string> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const directory = join(dataDir(PORTAL_PORT), 'mail');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const name of readdirSync(directory).filter((file) => file.endsWith('-marketing.eml'))) {
          const text = readFileSync(join(directory, name), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          if (!text.includes(to)) continue;
          expect(text).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/marketing-opt-out\/[A-Za-z0-9_-]{43}>/m);
          link = /https?:\/\/[^\s"<>]*\/marketing-opt-out\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
        }
        return link;
      },
      { timeout: 20_000, message: `a marketing mail to ${to}` },
    )
    .toBeDefined();
  return link as string;
}

test('closure notice, newsletter unsubscribe through the mailed link, and the admin switching maintenance', async ({
  page,
  request,
  browser,
}) => {
  // Nine page states checked with axe, two logins and a mail: on a busy 2-core machine it took 2 minutes.
  test.setTimeout(180_000);
  // The demo admin (TOTP) announces a closure whose notice shows from today.
  const admin = demoStaff(dataDir(PORTAL_PORT)).find((member) => member.role === 'admin');
  expect(admin).toBeDefined();
  const { email: adminEmail = '', secret = '' } = admin ?? {};
  const adminToken = await tokenOf(request, adminEmail, DEMO_STAFF_PASSWORD);
  const headers = { authorization: `Bearer ${adminToken}` };
  // A code is accepted once: when another login used this time step's, the next one is given.
  const passed = await passSecondFactor(secret, async (code) => {
    const answer = await request.post('/api/v1/auth/2fa', { headers, data: { code } });
    // Passing the second factor answers a new token: the first step's no longer works.
    if (answer.ok()) headers.authorization = `Bearer ${await renewedToken(answer)}`;
    return answer.ok();
  });
  expect(passed, `second factor of ${adminEmail}`).toBe(true);
  const closure = await request.post('/api/v1/staff/closures', {
    headers,
    data: {
      starts_on: dayFromNow(200),
      ends_on: dayFromNow(210),
      announce_from: dayFromNow(-1),
      notice_en_us: CLOSURE_NOTICE,
      notice_it_it: 'I nostri uffici chiudono per l’inventario annuale.',
    },
  });
  expect(closure.status()).toBe(201);

  await page.goto('/');
  const notices = page.getByRole('region', { name: 'Notices' });
  await expect(notices.getByText(CLOSURE_NOTICE)).toBeVisible();
  await expect(notices.getByText(/Service resumes on/)).toBeVisible();
  await expectAccessible(page);

  // An applicant who opted in gets the newsletter, sent with the CLI through the outbox.
  await createApplicant(request, dataDir(PORTAL_PORT), applicant);
  const applicantToken = await tokenOf(request, applicant.email, applicant.password);
  const optedIn = await request.patch('/api/v1/profile', {
    headers: { authorization: `Bearer ${applicantToken}` },
    data: { marketing_consent: true },
  });
  expect(optedIn.ok()).toBe(true);
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'lisbon-newsletter-')), 'body.txt');
  writeFileSync(bodyFile, 'Spring news from the centre.\n\nStatements now arrive faster.\n');
  expect(cli('marketing:send', '--subject', 'Spring news', '--body-file', bodyFile)).toMatch(
    /Queued \d+ marketing mails/,
  );

  // The mailed link unsubscribes without login; a second visit says the same.
  const link = new URL(await mailedOptOutLink(applicant.email));
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter unsubscribe' })).toBeVisible();
  await expect(page.getByText(/You have been unsubscribed from the newsletter/)).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByText(/You have been unsubscribed from the newsletter/)).toBeVisible();
  const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${applicantToken}` } });
  expect(((await me.json()) as { data: { marketing_consent: boolean } }).data.marketing_consent).toBe(false);

  // A link that names nobody: the spec §8 message.
  await page.goto(`/marketing-opt-out/${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText(
    'Something went wrong while unsubscribing. Please try again later.',
  );
  await expectAccessible(page);

  // The admin logs in with the second factor and switches maintenance on.
  await logInStaff(page, { email: adminEmail, secret });
  await page.goto('/staff/notices');
  await expect(page.getByRole('heading', { level: 1, name: 'Notices and maintenance' })).toBeVisible();
  await expectAccessible(page);
  // At 320 px (WCAG 1.4.10) the closure periods' table scrolls in its own box, not the page.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(page.getByRole('region', { name: 'Announced closure periods' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  if (size) await page.setViewportSize(size);

  // The admin suspends return delivery for two days; the window shows in its table.
  const suspensionForm = page.getByRole('form', { name: 'Suspend return delivery' });
  await suspensionForm.getByLabel('First day (dd/mm/yyyy)').fill(dayMonthYear(dayFromNow(200)));
  await suspensionForm.getByLabel('Last day (dd/mm/yyyy)').fill(dayMonthYear(dayFromNow(201)));
  await suspensionForm.getByRole('button', { name: 'Suspend return delivery' }).click();
  await expect(page.getByText('Return delivery suspended').first()).toBeVisible();
  const suspensions = page.getByRole('region', { name: 'Return delivery suspensions' });
  await expect(suspensions.getByRole('row')).toHaveCount(3);
  await expectAccessible(page);

  const maintenanceSwitch = page.getByRole('switch', { name: 'Maintenance mode' });
  // Switching on asks first (visitors meet the maintenance page at once); the switch turns once the
  // API has answered.
  await maintenanceSwitch.click();
  const confirmOn = page.getByRole('dialog', { name: 'Switch maintenance on?' });
  await expect(confirmOn).toContainText('Applicants and visitors will see the maintenance page now');
  await expectAccessible(page);
  await confirmOn.getByRole('button', { name: 'Switch on' }).click();
  await expect(maintenanceSwitch).toBeChecked();
  await expect(page.getByText('Maintenance switched on').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notices' }).getByText('Maintenance is on')).toBeVisible();
  await expect(page.getByRole('table').first()).toContainText(adminEmail);
  await expectAccessible(page);

  // Visitors and applicants meet the maintenance page; staff still have the login.
  const visitorContext = await browser.newContext({ baseURL: `http://127.0.0.1:${PORTAL_PORT}` });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/faq');
  await expect(visitor).toHaveURL(/\/maintenance/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'System upgrade' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Staff: log in' })).toBeVisible();
  await expectAccessible(visitor);
  const blocked = await request.get('/api/v1/auth/me', {
    headers: { authorization: `Bearer ${applicantToken}` },
  });
  expect(blocked.status()).toBe(503);

  // Off again: everyone is served.
  await maintenanceSwitch.click();
  await expect(maintenanceSwitch).not.toBeChecked();
  await expect(page.getByText('Maintenance switched off').first()).toBeVisible();
  await expect(page.getByText('Maintenance is on')).toHaveCount(0);
  await visitor.goto('/faq');
  await expect(visitor).toHaveURL(/\/faq/);
  await expectAccessible(visitor);
  await visitorContext.close();
});
