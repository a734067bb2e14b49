import type { CmsEntry } from '@lisbon/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';
import { logLines } from './log-lines';

/** FAQ entries are changed by hand with SQL (docs/deploy.md): a typo in one must not take the page down. */
type LogLine = { level: number; msg?: string; cmsEntryId?: number; content?: unknown };
const { entries, stream } = logLines<LogLine>();
const t = useTestApp({ env: { LOG_LEVEL: 'warn' }, logTo: stream });

const faq = async (locale: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/cms-entries?entity=faq&locale=${locale}`,
  });
  return { response, body: response.json<{ data: CmsEntry[]; meta: { total: number } }>() };
};

describe('a hand-edited FAQ entry that is not valid', () => {
  it('is left out and logged by id, and the rest of the FAQ in its language still answers', async () => {
    const before = await faq('en-US');
    expect(before.response.statusCode).toBe(200);
    const db = t.database.db;
    const broken = await db
      .insertInto('cms_entries')
      .values([
        // Invalid JSON (a missing brace), and valid JSON of the wrong shape.
        { entity: 'faq', locale: 'en-US', position: 901, content: '{"title": "Fees", "body": "Free"' },
        { entity: 'faq', locale: 'en-US', position: 902, content: '{"heading": "Fees"}' },
      ])
      .returning('id')
      .execute();

    const after = await faq('en-US');
    expect(after.response.statusCode).toBe(200);
    expect(after.body.data.map((entry) => entry.id)).toEqual(before.body.data.map((entry) => entry.id));
    expect(after.body.meta.total).toBe(before.body.meta.total);
    const warned = entries().filter((line) => line.msg === 'cms entry left out: its content is not valid');
    expect(warned.map((line) => line.cmsEntryId).sort()).toEqual(broken.map((row) => row.id).sort());
    // The stored text is not copied into the log.
    expect(warned.every((line) => line.content === undefined)).toBe(true);
    // The other language is untouched.
    expect((await faq('it-IT')).response.statusCode).toBe(200);

    await db.deleteFrom('cms_entries').where('position', '>', 900).execute();
  });
});
