import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { dataOf } from './requests';

/** The harness the API tests share: what its factories make is what the tests rely on. */
const t = useTestApp({ clock: new ManualClock('2026-03-10T09:00:00Z') });

const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

describe('the test harness', () => {
  it('makes staff of each role past their second factor, and applicants of each category', async () => {
    for (const role of ['secretary', 'evaluator', 'reviewer', 'admin'] as const) {
      const member = await t.staff(role);
      expect(dataOf(await get(member.token, '/auth/me'))).toMatchObject({
        id: member.id,
        role,
        two_factor_enabled: true,
      });
      expect((await get(member.token, '/staff/practices')).statusCode).toBe(200);
    }
    const refugee = await t.applicant({ category: 'refugee' });
    expect(dataOf(await get(refugee.token, '/auth/me'))).toMatchObject({ category: 'refugee' });
    expect((await get(refugee.token, '/staff/practices')).statusCode).toBe(403);
  });

  it('starts another instance on the same database, with settings of its own', async () => {
    const member = await t.staff('secretary');
    const named = await t.instance({ env: { INSTANCE_ID: 'web-2' } });
    const me = await named.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(member.token) });
    expect(me.headers['x-lisbon-instance']).toBe('web-2');
    expect(dataOf(me)).toMatchObject({ id: member.id, role: 'secretary' });
  });

  // Through the API: four uploads, a checkout, a settlement, a signed PDF; a loaded machine takes its time.
  it(
    'makes requests as a draft, paid through the sandbox, and published with their statement',
    { timeout: 90_000 },
    async () => {
      const owner = await t.applicant();
      const statusOf = async (id: number) =>
        dataOf<{ status: string }>(await get(owner.token, `/practices/${id}`)).status;
      expect(await statusOf(await t.request(owner, 'draft'))).toBe('draft');
      const paid = await t.request(owner, 'paid');
      expect(await statusOf(paid)).toBe('unassigned');
      const payments = await t.database.db
        .selectFrom('payments')
        .select('status')
        .where('practice_id', '=', paid)
        .execute();
      expect(payments).toEqual([{ status: 'succeeded' }]);
      const published = await t.request(owner, 'published');
      expect(await statusOf(published)).toBe('published');
      expect(dataOf(await get(owner.token, `/practices/${published}/statement`))).toMatchObject({
        status: 'published',
      });
    },
  );
});
