import AxeBuilder from '@axe-core/playwright';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

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
