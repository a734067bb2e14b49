import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { MAINTENANCE_RECHECK_MS } from '../src/modules/system/maintenance.service';
import { useTestApp } from './helper';
import { login } from './identity';
import { sendRaw } from './raw-http';
import { apiCall, dataOf, type Applicant } from './requests';
import { type StaffMember } from './staff';

let call: ReturnType<typeof apiCall>;
const TODAY = '2024-12-02T09:00:00Z';
const clock = new ManualClock(TODAY);
let ada: Applicant;
let eva: StaffMember;
let admin: StaffMember;

type Notices = { closures: { starts_on: string; resumes_on: string; notice: Record<string, string> }[] };

/** The closure `id` taken back once the test ends, even failed: each test finds spec §9's alone. */
const takeBack = (id: number) =>
  onTestFinished(async () => {
    await t.database.db.deleteFrom('closures').where('id', '=', id).execute();
  });

const t = useTestApp({ clock });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  eva = await t.staff('evaluator', { email: 'eva@example.org' });
  admin = await t.staff('admin', { email: 'admin@example.org' });
});

describe('closure notices', () => {
  it('shows the closure of spec §9 while announced, with the day service resumes, in both languages', async () => {
    const notices = dataOf<Notices>(await call('GET', '/notices'));
    expect(notices.closures).toEqual([
      expect.objectContaining({
        starts_on: '2024-12-16',
        ends_on: '2025-01-12',
        resumes_on: '2025-01-13',
        notice: {
          'en-US': expect.stringContaining('Service resumes on 13 January 2025'),
          'it-IT': expect.stringContaining('Il servizio riprende il 13 gennaio 2025'),
        },
      }),
    ]);
  });

  it('lets staff list every closure and only administrators announce one', async () => {
    const listed = await call('GET', '/staff/closures', eva);
    expect(listed.statusCode).toBe(200);
    expect(dataOf<unknown[]>(listed)).toHaveLength(1);
    expect((await call('GET', '/staff/closures', ada)).statusCode).toBe(403);

    const closure = {
      starts_on: '2025-08-11',
      ends_on: '2025-08-22',
      announce_from: '2024-12-01',
      notice_en_us: 'Summer closure.',
      notice_it_it: 'Chiusura estiva.',
    };
    const refused = await call('POST', '/staff/closures', eva, closure);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_FORBIDDEN_ACCESS' });

    const created = await call('POST', '/staff/closures', admin, closure);
    expect(created.statusCode).toBe(201);
    takeBack(dataOf<{ id: number }>(created).id);
    expect(dataOf(created)).toMatchObject({ starts_on: '2025-08-11', resumes_on: '2025-08-25' });
    const notices = dataOf<Notices>(await call('GET', '/notices'));
    expect(notices.closures.map((notice) => notice.starts_on)).toEqual(['2024-12-16', '2025-08-11']);

    const again = await call('POST', '/staff/closures', admin, closure);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      errors: { starts_on: ['This period overlaps another one of the same kind'] },
    });
  });

  it('refuses a closure that ends before it starts, with the field named', async () => {
    const response = await call('POST', '/staff/closures', admin, {
      starts_on: '2025-09-10',
      ends_on: '2025-09-01',
      announce_from: '2025-09-01',
      notice_en_us: 'x',
      notice_it_it: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { ends_on: expect.any(Array) },
    });
  });
});

// In order under --sequence.shuffle too: off at first, turned on, then off, its audit growing.
describe('the administrators’ maintenance switch', { shuffle: false }, () => {
  it('is off at first, and only administrators may switch it', async () => {
    const state = await call('GET', '/staff/maintenance', eva);
    expect(dataOf(state)).toMatchObject({ is_on: false, source: 'setting', changes: [] });
    const refused = await call('PUT', '/staff/maintenance', eva, { is_on: true });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/staff/maintenance', ada)).statusCode).toBe(403);
  });

  it('turned on, answers applicants and visitors 503 at once while staff keep working', async () => {
    const on = await call('PUT', '/staff/maintenance', admin, { is_on: true });
    expect(on.statusCode).toBe(200);
    expect(dataOf(on)).toMatchObject({
      is_on: true,
      is_setting_on: true,
      changes: [{ is_on: true, changed_by: 'admin@example.org' }],
    });

    const blocked = await call('GET', '/auth/me', ada);
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toMatchObject({ code: 'MAINTENANCE' });
    expect((await call('GET', '/countries')).statusCode).toBe(503);
    // The provider's confirmations still reach the portal (this one is unsigned: refused by the route).
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_1"}',
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });

    expect((await call('GET', '/auth/me', eva)).statusCode).toBe(200);
    expect((await call('GET', '/staff/practices', eva)).statusCode).toBe(200);

    const health = dataOf(await call('GET', '/health'));
    expect(health).toMatchObject({ maintenance: true, maintenance_staff_only: true });
    const notices = await call('GET', '/notices');
    expect(notices.statusCode).toBe(200);
    expect(dataOf(notices)).toMatchObject({ maintenance: { is_on: true, is_staff_only: true } });
  });

  it('lets staff log in while it is on', async () => {
    const { token } = await login(t.app, 'eva@example.org', 'Quiet#Harbour42');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The password alone is not staff yet: its session, short of the second factor, is stopped as a visitor is.
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/v1/countries',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toMatchObject({ code: 'MAINTENANCE' });
  });

  it('keeps the login open whichever way its request line writes the path', async () => {
    const payload = { email: 'eva@example.org', password: 'Quiet#Harbour42' };
    const encoded = await t.app.inject({ method: 'POST', url: '/ap%69/v1/auth', payload });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toMatchObject({ data: { access_token: expect.any(String) } });

    const body = JSON.stringify(payload);
    const { head } = await sendRaw(
      t.app,
      `POST http://portal.example/api/v1/auth HTTP/1.1\r\nHost: portal.example\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('turned off, serves everyone again and keeps both changes in its audit', async () => {
    const off = await call('PUT', '/staff/maintenance', admin, { is_on: false });
    expect(dataOf(off)).toMatchObject({
      is_on: false,
      changes: [
        { is_on: false, changed_by: 'admin@example.org' },
        { is_on: true, changed_by: 'admin@example.org' },
      ],
    });
    expect((await call('GET', '/auth/me', ada)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('setting_changes')
      .selectAll()
      .where('key', '=', 'maintenance_mode')
      .execute();
    expect(rows.map((row) => [row.value_before, row.value_after, row.changed_by])).toEqual([
      [null, 'true', admin.id],
      ['true', 'false', admin.id],
    ]);
  });

  it('reaches another instance on the same database within seconds, without a read per call', async () => {
    const other = await t.instance();
    const me = () =>
      other.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${ada.token}` },
      });
    expect((await me()).statusCode).toBe(200);
    await call('PUT', '/staff/maintenance', admin, { is_on: true });
    // The other instance trusts what it read a moment ago…
    expect((await me()).statusCode).toBe(200);
    // …and reads the switch again once MAINTENANCE_RECHECK_MS has passed.
    clock.advance({ seconds: MAINTENANCE_RECHECK_MS / 1000 });
    expect((await me()).statusCode).toBe(503);
    await call('PUT', '/staff/maintenance', admin, { is_on: false });
    clock.advance({ seconds: MAINTENANCE_RECHECK_MS / 1000 });
    expect((await me()).statusCode).toBe(200);
  });

  it('validates its body', async () => {
    const response = await call('PUT', '/staff/maintenance', admin, { is_on: 'yes' });
    expect(response.statusCode).toBe(422);
  });
});

describe('maintenance set by configuration', () => {
  it('wins over the switch: MAINTENANCE_MODE=false keeps the portal open and refuses switching', async () => {
    const open = await t.instance({ env: { MAINTENANCE_MODE: 'false' } });
    const response = await open.inject({
      method: 'PUT',
      url: '/api/v1/staff/maintenance',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { is_on: true },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'MAINTENANCE_CONFIGURED' });
    const state = await open.inject({
      method: 'GET',
      url: '/api/v1/staff/maintenance',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(dataOf(state)).toMatchObject({ is_on: false, source: 'configuration' });
  });

  it('MAINTENANCE_MODE=true stops staff too', async () => {
    const closed = await t.instance({ env: { MAINTENANCE_MODE: 'true' } });
    const response = await closed.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode).toBe(503);
  });
});

// These move the clock past the sessions' lifetime, and back once they end, whichever test follows.
describe('closures over time', () => {
  it('shows no notice before the announcement nor after the last day', async () => {
    onTestFinished(() => clock.set(TODAY));
    const summer = await call('POST', '/staff/closures', admin, {
      starts_on: '2025-08-11',
      ends_on: '2025-08-22',
      announce_from: '2024-11-20',
      notice_en_us: 'Summer closure.',
      notice_it_it: 'Chiusura estiva.',
    });
    expect(summer.statusCode).toBe(201);
    takeBack(dataOf<{ id: number }>(summer).id);
    const startsOf = async () =>
      dataOf<Notices>(await call('GET', '/notices')).closures.map((notice) => notice.starts_on);
    clock.set('2024-11-10T09:00:00Z');
    expect(await startsOf()).toEqual([]);
    clock.set('2025-01-13T09:00:00Z');
    // Only the summer closure announced above is left.
    expect(await startsOf()).toEqual(['2025-08-11']);
  });

  it('keeps deadlines skipping the closures: a request found on 13 Dec 2024 is due after the closure', async () => {
    onTestFinished(() => clock.set(TODAY));
    clock.set('2024-12-13T09:00:00Z');
    const discovery = dataOf<{ service: { expected_deadline: string } }>(
      await call('GET', '/services/discovery?country=FR&level=higher'),
    );
    // 60 working days from 13 Dec 2024 with the closure (16 Dec – 12 Jan) skipped.
    expect(discovery.service.expected_deadline).toBe('2025-04-04');
  });
});
