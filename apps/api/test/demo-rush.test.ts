import { describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { createRushDrafts, rushEmail } from '../src/demo/rush-drafts';
import { ManualClock } from '../src/platform/clock';
import { useTestApp, testConfig } from './helper';
import { PASSWORD } from './identity';
import { callAs, checkout, dataOf } from './payments';

const clock = new ManualClock('2026-03-10T09:00:00Z');

const t = useTestApp({ clock });

describe('demo:rush-drafts (the rush bench’s data)', () => {
  it('creates active applicants whose drafts are ready to pay, once', async () => {
    const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
    const options = { count: 2, prefix: 'demo', password: PASSWORD };
    expect(await createRushDrafts(ctx, options)).toBe(2);
    expect(await createRushDrafts(ctx, options)).toBe(0);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: rushEmail('demo', 2), password: PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    const { access_token: token, user_id: id } = dataOf<{ access_token: string; user_id: number }>(login);
    const who = { id, token, address: '10.9.9.9', email: rushEmail('demo', 2) };
    const draft = dataOf<{ id: number; wizard_step: string; missing_documents: string[] }>(
      await callAs(t.app)(who, 'GET', '/practices/draft'),
    );
    expect(draft).toMatchObject({ wizard_step: 'review', missing_documents: [] });
    expect((await checkout(t.app, who, draft.id)).checkout_url).toContain('/sandbox/checkout/');
  });
});
