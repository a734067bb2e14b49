import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CmsEntry, Discovery } from '@lisbon/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';
import { runSeeds } from '../src/seeds';
import { useTestApp } from './helper';

/**
 * docs/deploy.md, "Changing the office's content": the SQL an operator is given to change the FAQ,
 * the required documents and the countries does what the section says, on either database, and
 * the next start (the seeds) keeps it.
 */
const t = useTestApp();

const SECTION = "## 16. Changing the office's content";

/** The section's SQL blocks, in order, each cut into its statements. */
function documentedStatements(): string[] {
  const deploy = readFileSync(join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
  const start = deploy.indexOf(SECTION);
  expect(start, `docs/deploy.md has a section "${SECTION}"`).toBeGreaterThanOrEqual(0);
  const section = deploy.slice(start).split(/\n## /)[0] ?? '';
  const blocks = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks.flatMap((block) =>
    block
      .split(/;\s*(?:\n|$)/)
      .map((statement) => statement.trim())
      .filter(Boolean),
  );
}

/** Run as the section says: every statement in one transaction (`psql -1`). */
async function runDocumented(): Promise<void> {
  const statements = documentedStatements();
  await t.database.db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
}

const faq = async (locale: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/cms-entries?entity=faq&locale=${locale}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: CmsEntry[] }>().data;
};

const discovery = async (country: string, level: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/services/discovery?country=${country}&level=${level}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Discovery }>().data;
};

async function expectChanged(): Promise<void> {
  const english = await faq('en-US');
  const payment = english.find((entry) => entry.position === 5);
  expect(payment?.content.title).toBe('How does payment work?');
  // `\n\n` in the JSON text is a blank line: two paragraphs.
  expect(payment?.content.body.split('\n\n')).toEqual([
    'You pay online when you submit a request, by card, on the page of our payment provider.',
    'Invoices and receipts are on your Account page.',
  ]);
  expect(english.at(-1)?.content.title).toBe('Where is the office?');
  expect((await faq('it-IT')).at(-1)?.content.title).toBe('Dove si trova l’ufficio?');

  expect((await discovery('DE', 'higher')).service?.required_documents).toEqual([
    'identity_document',
    'diploma',
    'diploma_supplement',
    'consent_form',
  ]);
  // A country's own list replaces its level's; refugees are asked their certificate besides.
  const french = await discovery('FR', 'upper_secondary');
  expect(french.service?.required_documents).toEqual(['identity_document', 'diploma', 'consent_form']);
  expect(french.refugee_alternative?.required_documents).toEqual([
    'identity_document',
    'diploma',
    'consent_form',
    'refugee_status_certificate',
  ]);
  expect((await discovery('US', 'higher')).service?.kind).toBe('comparability');
}

describe("docs/deploy.md's SQL for the office's content", () => {
  it('changes the FAQ, the required documents and a country at once, and the next start keeps the changes', async () => {
    expect((await discovery('US', 'higher')).service?.kind).toBe('comparability_verification');
    await runDocumented();
    await expectChanged();
    await runSeeds(t.database.db);
    await expectChanged();
  });

  it('is right that a seeded FAQ entry, an emptied level and a deleted country come back at the next start', async () => {
    await t.database.db
      .deleteFrom('cms_entries')
      .where('entity', '=', 'faq')
      .where('locale', '=', 'en-US')
      .where('position', '=', 1)
      .execute();
    await t.database.db.deleteFrom('required_documents').where('level', '=', 'upper_secondary').execute();
    await t.database.db.deleteFrom('countries').where('code', '=', 'AQ').execute();
    const answer = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/services/discovery?country=AQ&level=higher' });
    expect((await answer()).statusCode).toBe(404);
    await runSeeds(t.database.db);
    expect((await answer()).statusCode).toBe(200);
    expect((await faq('en-US')).map((entry) => entry.position)).toContain(1);
    expect((await discovery('DE', 'upper_secondary')).service?.required_documents).toContain(
      'grade_12_certificate',
    );
  });
});
