import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type App } from '../src/app';
import { createRushDrafts, rushEmail } from '../src/demo/rush-drafts';
import { ManualClock } from '../src/platform/clock';
import { createTestApp, createTestDatabase, testConfig, type TestDatabase } from './helper';
import { PASSWORD } from './identity';
import { callAs, checkout, dataOf } from './payments';

let database: TestDatabase;
let app: App;
const clock = new ManualClock('2026-03-10T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('demo:rush-drafts (the rush bench’s data)', () => {
  it('creates active applicants whose drafts are ready to pay, once', async () => {
    const ctx = createContext({ config: testConfig(database), db: database.db, clock });
    const options = { count: 2, prefix: 'demo', password: PASSWORD };
    expect(await createRushDrafts(ctx, options)).toBe(2);
    expect(await createRushDrafts(ctx, options)).toBe(0);

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: rushEmail('demo', 2), password: PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    const { access_token: token, user_id: id } = dataOf<{ access_token: string; user_id: number }>(login);
    const who = { id, token, address: '10.9.9.9', email: rushEmail('demo', 2) };
    const draft = dataOf<{ id: number; wizard_step: string; missing_documents: string[] }>(
      await callAs(app)(who, 'GET', '/practices/draft'),
    );
    expect(draft).toMatchObject({ wizard_step: 'review', missing_documents: [] });
    expect((await checkout(app, who, draft.id)).checkout_url).toContain('/sandbox/checkout/');
  });
});
