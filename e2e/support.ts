import AxeBuilder from '@axe-core/playwright';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Every page a journey visits must pass axe with no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

/** The newest link of a kind (`activate`, `reset-password`) in the portal's outgoing mail, once it is there. */
export async function mailedLink(dataDirectory: string, to: string, kind: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]*/auth/${kind}/[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = findLink(join(dataDirectory, 'mail'), to, pattern);
        return link;
      },
      { timeout: 15_000, message: `a mail to ${to} with an /auth/${kind}/ link` },
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

/** A registered, activated applicant, made through the API and the activation mail (not the UI). */
export async function createApplicant(
  request: APIRequestContext,
  dataDirectory: string,
  person: { email: string; password: string; category?: 'standard' | 'refugee' },
): Promise<void> {
  const registered = await request.post('/api/v1/auth/register', {
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
