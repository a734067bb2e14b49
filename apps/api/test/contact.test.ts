import { contactDetailsSchema } from '@lisbon/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { createTestApp, createTestDatabase, createTestWorker, type TestDatabase } from './helper';
import { bearer, createUser, login } from './identity';
import { readMailFiles } from './mail';

let database: TestDatabase | undefined;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = undefined;
  database = undefined;
});

const clock = new ManualClock();

async function start(env: Record<string, string> = {}) {
  database = await createTestDatabase();
  app = await createTestApp(database, { env, clock });
  return { database, app };
}

describe('GET /contact', () => {
  it('answers the configured address, email, telephone and hours, without login', async () => {
    const { app } = await start({
      BODY_NAME: 'Centro di valutazione',
      CONTACT_ADDRESS: 'Via Roma 1, 00100 Roma',
      CONTACT_EMAIL: 'help@body.example.it',
      CONTACT_PHONE: '+39 06 1234 5678',
      CONTACT_HOURS: 'Lun–Ven 9–13',
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
    const { app } = await start();
    const { data } = (await app.inject({ method: 'GET', url: '/api/v1/contact' })).json();
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
    const env = { PUBLIC_URL: 'https://portal.example.org' };
    const { database, app } = await start(env);
    const userId = await createUser(database, clock, { email: 'leaving@example.org' });
    const { token } = await login(app, 'leaving@example.org');
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${userId}`,
      headers: bearer(token),
      payload: { email: 'leaving@example.org' },
    });
    expect(deleted.statusCode).toBe(204);
    await createTestWorker(database, { env, clock }).drainOnce();
    const mail = readMailFiles(database.tempDir).find((m) => m.kind === 'account-deleted');
    expect(mail?.text).toContain(
      'If you did not ask for this, contact us: https://portal.example.org/contact',
    );
  });
});
