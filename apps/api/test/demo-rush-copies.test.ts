import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { createRushDrafts, rushEmail } from '../src/demo/rush-drafts';
import { ManualClock } from '../src/platform/clock';
import { useTestApp, testConfig } from './helper';
import { PASSWORD } from './identity';

const clock = new ManualClock('2026-03-10T09:00:00Z');
const t = useTestApp({ hasApp: false });

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

describe('demo:rush-drafts, set-based', () => {
  it('copies the draft the wizard made, row for row, each document with a file of its own', async () => {
    const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
    expect(await createRushDrafts(ctx, { count: 3, prefix: 'copy', password: PASSWORD })).toBe(3);

    const users = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', 'like', 'copy-%')
      .orderBy('id')
      .execute();
    expect(users.map((user) => user.email)).toEqual([1, 2, 3].map((index) => rushEmail('copy', index)));
    const [template, ...copies] = users;
    if (!template) throw new Error('no applicant made');
    const withoutIdentity = ({ id: _id, email: _email, last_name: _lastName, ...rest }: typeof template) =>
      rest;
    for (const copy of copies) expect(withoutIdentity(copy)).toEqual(withoutIdentity(template));

    const draftOf = async (userId: number) => {
      const {
        id,
        user_id: _userId,
        ...practice
      } = await t.database.db
        .selectFrom('practices')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const history = await t.database.db
        .selectFrom('practice_status_history')
        .select(['from_status', 'to_status', 'by_user_id', 'action', 'at'])
        .where('practice_id', '=', id)
        .execute();
      const documents = await t.database.db
        .selectFrom('documents')
        .select(['type', 'file_name', 'storage_key', 'content_type', 'size', 'sha256'])
        .where('practice_id', '=', id)
        .orderBy('type')
        .execute();
      return { practice, history, documents };
    };
    const original = await draftOf(template.id);
    expect(original.documents.length).toBeGreaterThan(0);
    const keys = new Set(original.documents.map((document) => document.storage_key));
    for (const copy of copies) {
      const draft = await draftOf(copy.id);
      expect(draft.practice).toEqual(original.practice);
      expect(draft.history).toEqual(original.history.map((entry) => ({ ...entry, by_user_id: copy.id })));
      expect(draft.documents.map(({ storage_key: _key, ...document }) => document)).toEqual(
        original.documents.map(({ storage_key: _key, ...document }) => document),
      );
      for (const document of draft.documents) {
        expect(keys.has(document.storage_key)).toBe(false);
        keys.add(document.storage_key);
        const bytes = await readAll(await ctx.storage.read(document.storage_key));
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(document.sha256);
      }
    }
  });
});
