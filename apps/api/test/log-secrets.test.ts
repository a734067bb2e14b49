import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import type { Worker } from '../src/platform/jobs/worker';
import { loggerOptions } from '../src/platform/logger';
import { createMailer } from '../src/platform/mail/mailer';
import { createTestDatabase, createTestWorker, testConfig, type TestDatabase } from './helper';
import { bearer, createUser, enableTwoFactor, login, NEW_PASSWORD, PASSWORD } from './identity';
import { linkToken, readMailFiles } from './mail';
import { CARDS, checkout, payer, payOnSandbox, readyDraft, sessionIdOf } from './payments';
import { staffMember } from './staff';
import { newApplicant, publishOne, readyForIssue } from './statements';

/**
 * Every line the API and its worker write, at the most verbose level, through the very logger
 * options production uses, while flows create each kind of secret; then none of them may appear
 * in any line (decision 083).
 */
let database: TestDatabase;
let app: App;
let worker: Worker;
const clock = new ManualClock('2026-02-10T10:00:00Z');
const lines: string[] = [];
const secrets = new Map<string, string>();
const env = { PUBLIC_URL: 'https://portal.example.org', LOG_LEVEL: 'trace' };

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database, env);
  const sink = new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) });
  const log = pino(loggerOptions(config) as pino.LoggerOptions, sink);
  app = await buildApp({ config, db: database.db, clock, logger: log });
  worker = createTestWorker(database, {
    clock,
    env,
    app,
    log,
    mailer: createMailer({ config, clock, log }),
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: '203.0.113.80' });

const mailTo = (to: string, kind: string) => {
  const mail = readMailFiles(database.tempDir).find((m) => m.to === to && m.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return mail;
};

describe('secrets in the logs', () => {
  it('writes no token, link, session id or secret into any line at any level', async () => {
    // Activation: the mailed token, used on the page's path and by the API.
    await post('/auth/register', {
      email: 'fresh@example.org',
      first_name: 'Ada',
      last_name: 'Lovelace',
      birth_date: '1990-12-10',
      accept_terms: true,
    });
    await worker.drainOnce();
    const activation = linkToken(mailTo('fresh@example.org', 'activation'), 'activate');
    secrets.set('activation token', activation);
    await app.inject({ method: 'GET', url: `/auth/activate/${activation}` });
    await post('/auth/check-token', { token: activation, type: 'activation' });
    await post('/auth/activate', { token: activation, password: PASSWORD, password_confirmation: PASSWORD });

    // Reset: the mailed token, on the page and through the API.
    await createUser(database, clock, { email: 'reset@example.org' });
    await post('/auth/forgot-password', { email: 'reset@example.org' });
    await worker.drainOnce();
    const reset = linkToken(mailTo('reset@example.org', 'password-reset'), 'reset-password');
    secrets.set('reset token', reset);
    await app.inject({ method: 'GET', url: `/auth/reset-password/${reset}?token=${reset}` });
    await post('/auth/reset-password', {
      token: reset,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });

    // A session, its second factor and a refused call with a forged token.
    const session = await login(app, 'reset@example.org', NEW_PASSWORD, '203.0.113.81');
    secrets.set('session token', session.token);
    const twoFactor = await enableTwoFactor(app, session.token, clock);
    secrets.set('TOTP secret', twoFactor.secret);
    for (const [index, code] of twoFactor.recoveryCodes.entries())
      secrets.set(`recovery code ${index}`, code);
    await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session.token) });
    await app.inject({ method: 'GET', url: `/api/v1/auth/me?access_token=${session.token}` });
    await post('/auth/logout', { route: '/', cause: 'user' }, bearer(session.token));

    // A paid checkout on the sandbox: the session id on the hosted page's path and in the webhook.
    const buyer = await payer(app, database, clock, 'buyer@example.org');
    secrets.set('buyer session token', buyer.token);
    const draft = await readyDraft(app, buyer);
    const started = await checkout(app, buyer, draft);
    const checkoutSession = await sessionIdOf(database, started.payment_id);
    secrets.set('checkout session id', checkoutSession);
    await app.inject({ method: 'GET', url: new URL(started.checkout_url).pathname });
    await payOnSandbox(app, started.checkout_url, CARDS.success);
    await worker.drainOnce();
    await worker.drainOnce();

    // A published statement and its share link, opened by a visitor.
    const admin = await staffMember(app, database, clock, { role: 'admin', email: 'admin@example.org' });
    secrets.set('staff session token', admin.token);
    secrets.set('staff TOTP secret', admin.secret);
    const owner = await newApplicant(app, database, clock, 'owner@example.org');
    const practiceId = await readyForIssue(database, owner);
    await publishOne(app, worker, { admin, owner, practiceId });
    const created = await app.inject({
      method: 'POST',
      url: `/api/v1/practices/${practiceId}/statement/share-links`,
      headers: bearer(owner.token),
      payload: {},
    });
    const shareUrl = created.json<{ data: { url: string } }>().data.url;
    const share = shareUrl.split('/verify/shared/')[1] ?? '';
    secrets.set('share token', share);
    await app.inject({ method: 'GET', url: `/api/v1/shared/${share}` });
    await app.inject({ method: 'GET', url: `/verify/shared/${share}` });

    // The flows really ran and were really logged: otherwise the check below proves nothing.
    for (const [name, value] of secrets) expect(value.length, name).toBeGreaterThanOrEqual(6);
    const log = lines.join('');
    expect(log).toContain('mail written to file');
    expect(log).toContain('/auth/reset-password/[redacted]');
    expect(log).toContain('/sandbox/checkout/[redacted]');
    expect(log).toContain('/verify/shared/[redacted]');
    const leaks = [...secrets].filter(([, value]) => log.includes(value)).map(([name]) => name);
    expect(leaks).toEqual([]);
  });
});
