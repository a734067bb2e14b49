import { contactDetailsSchema } from '@lisbon/domain';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { useTestApp } from './helper';
import { bearer, createUser, login } from './identity';
import { readMailFiles } from './mail';

const clock = new ManualClock();
// The file's app keeps the demo contact details; the configured ones are another instance's.
const t = useTestApp({ clock, env: { PUBLIC_URL: 'https://portal.example.org' } });

describe('GET /contact', () => {
  it('answers the configured address, email, telephone and hours, without login', async () => {
    const app = await t.instance({
      env: {
        BODY_NAME: 'Centro di valutazione',
        CONTACT_ADDRESS: 'Via Roma 1, 00100 Roma',
        CONTACT_EMAIL: 'help@body.example.it',
        CONTACT_PHONE: '+39 06 1234 5678',
        CONTACT_HOURS: 'Lun–Ven 9–13',
      },
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/contact' });
    expect(response.statusCode).toBe(200);
    expect(contactDetailsSchema.parse(response.json().data)).toEqual({
      name: 'Centro di valutazione',
      address: 'Via Roma 1, 00100 Roma',
      email: 'help@body.example.it',
      phone: '+39 06 1234 5678',
      hours: 'Lun–Ven 9–13',
      is_demo: false,
    });
  });

  it('says its details are demo values while the defaults are in use, with no telephone', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/v1/contact' })).json();
    expect(data).toMatchObject({ email: 'contact@example.org', phone: null, is_demo: true });
  });
});

describe('contact configuration', () => {
  it('refuses an email or telephone that is not one', () => {
    expect(() => loadConfig({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL/);
    expect(() => loadConfig({ CONTACT_PHONE: 'call us' })).toThrow(/CONTACT_PHONE/);
  });
});

describe('mails that say "contact us"', () => {
  it('link the contact page', async () => {
    const userId = await createUser(t.database, clock, { email: 'leaving@example.org' });
    const { token } = await login(t.app, 'leaving@example.org');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${userId}`,
      headers: bearer(token),
      payload: { email: 'leaving@example.org' },
    });
    expect(deleted.statusCode).toBe(204);
    await t.worker.drainOnce();
    const mail = readMailFiles(t.database.tempDir).find((m) => m.kind === 'account-deleted');
    expect(mail?.text).toContain(
      'If you did not ask for this, contact us: https://portal.example.org/contact',
    );
  });
});
