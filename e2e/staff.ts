import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** Staff for the journeys: `npm run cli -- demo:staff` and `demo:…` commands, on a portal's data directory. */

/**
 * The build's CLI (`npm run build`), the code the journeys' portal runs: `node dist/cli.js` starts
 * in a fraction of the time `tsx src/cli.ts` takes to compile the API's sources for each command.
 */
const CLI = fileURLToPath(new URL('../apps/api/dist/cli.js', import.meta.url));

/** The password `demo:staff` gives its accounts (apps/api/src/demo/staff.ts). */
export const DEMO_STAFF_PASSWORD = 'Lisbon#Demo-Staff-2026';

/** Runs one CLI command against the portal whose data directory is `dataDirectory`; answers its output. */
export function runCli(dataDirectory: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, ['--enable-source-maps', CLI, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: dataDirectory,
      DATABASE_URL: `${dataDirectory}/lisbon.sqlite`,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

export type DemoStaff = { role: string; email: string; secret: string };

/**
 * The demo staff of this portal with their TOTP secrets. `demo:staff` shows a secret only when it
 * makes the account, so the first caller keeps them in the data directory for the next journey.
 */
export function demoStaff(dataDirectory: string): DemoStaff[] {
  const kept = join(dataDirectory, 'e2e-demo-staff.json');
  // The file this function writes below, on its first call.
  if (existsSync(kept)) return JSON.parse(readFileSync(kept, 'utf8')) as DemoStaff[];
  const output = runCli(dataDirectory, ['demo:staff']);
  const staff = [...output.matchAll(/^(\w+)\s+(\S+@\S+)\s+TOTP secret ([A-Z2-7]+)$/gm)].map(
    ([, role = '', email = '', secret = '']) => ({ role, email, secret }),
  );
  if (staff.length === 0) throw new Error(`demo:staff made no account (made by another run?):\n${output}`);
  writeFileSync(kept, JSON.stringify(staff));
  return staff;
}

/** Who logs in: a demo staff member (their password is the demo one) or an account of its own. */
export type StaffLogin = { email: string; secret: string; password?: string };

/**
 * Passes a second factor with `pass(code)`, which answers whether the portal took the code. Every
 * journey shares the demo accounts, and the portal takes each time step's code once (a replay is
 * refused) and a step either side of its own: this step's code, else the next one's, else, both
 * taken by an earlier login, the one after, once the next step has begun. Whether it passed.
 */
export async function passSecondFactor(
  secret: string,
  pass: (code: string) => Promise<boolean>,
): Promise<boolean> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const period = totp.period * 1000;
  const step = Math.floor(Date.now() / period);
  const codeOf = (at: number) => totp.generate({ timestamp: at * period });
  if ((await pass(codeOf(step))) || (await pass(codeOf(step + 1)))) return true;
  const untilNextStep = (step + 1) * period - Date.now();
  if (untilNextStep > 0) await new Promise((resolve) => setTimeout(resolve, untilNextStep));
  return pass(codeOf(step + 2));
}

/**
 * Logs a staff member in through the login and two-factor pages; each code is told taken or
 * refused by the portal's answer to it (see `passSecondFactor`).
 */
export async function logInStaff(page: Page, staff: StaffLogin): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/^Email/).fill(staff.email);
  await page.getByLabel(/^Password/).fill(staff.password ?? DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const challenge = page.getByRole('heading', { level: 1, name: 'Two-factor authentication' });
  await expect(challenge).toBeVisible();
  await passSecondFactor(staff.secret, async (code) => {
    await page.getByLabel(/^Code/).fill(code);
    const answer = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/auth/2fa'),
    );
    await page.getByRole('button', { name: 'Verify' }).click();
    return (await answer).ok();
  });
  await expect(challenge).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/auth\//);
}

/** A new browser context logged in as this staff member, past the second factor. */
export async function staffPage(browser: Browser, staff: StaffLogin): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInStaff(page, staff);
  return page;
}
