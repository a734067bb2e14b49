import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer, createUser, enableTwoFactor, login, NEW_PASSWORD, PASSWORD } from './identity';
import { logLines } from './log-lines';
import { linkToken, readMailFiles } from './mail';
import { CARDS, checkout, payOnSandbox, readyDraft, sessionIdOf } from './payments';
import { publishOne, readyForIssue } from './statements';

/**
 * Every line the API and its worker write, at the most verbose level, through the very logger
 * options production uses, while flows create each kind of secret; then none of them may appear
 * in any line (decision 083).
 */
const clock = new ManualClock('2026-02-10T10:00:00Z');
const { lines, stream } = logLines();
const secrets = new Map<string, string>();
const t = useTestApp({
  clock,
  env: { PUBLIC_URL: 'https://portal.example.org', LOG_LEVEL: 'trace' },
  logTo: stream,
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: '203.0.113.80' });

const mailTo = (to: string, kind: string) => {
  const mail = readMailFiles(t.database.tempDir).find((m) => m.to === to && m.kind === kind);
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
    await t.worker.drainOnce();
    const activation = linkToken(mailTo('fresh@example.org', 'activation'), 'activate');
    secrets.set('activation token', activation);
    await t.app.inject({ method: 'GET', url: `/auth/activate/${activation}` });
    await post('/auth/check-token', { token: activation, type: 'activation' });
    await post('/auth/activate', { token: activation, password: PASSWORD, password_confirmation: PASSWORD });

    // Reset: the mailed token, on the page and through the API.
    await createUser(t.database, clock, { email: 'reset@example.org' });
    await post('/auth/forgot-password', { email: 'reset@example.org' });
    await t.worker.drainOnce();
    const reset = linkToken(mailTo('reset@example.org', 'password-reset'), 'reset-password');
    secrets.set('reset token', reset);
    await t.app.inject({ method: 'GET', url: `/auth/reset-password/${reset}?token=${reset}` });
    await post('/auth/reset-password', {
      token: reset,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });

    // A session, its second factor and a refused call with a forged token.
    const session = await login(t.app, 'reset@example.org', NEW_PASSWORD, '203.0.113.81');
    secrets.set('session token', session.token);
    const twoFactor = await enableTwoFactor(t.app, session.token, clock, NEW_PASSWORD);
    secrets.set('TOTP secret', twoFactor.secret);
    secrets.set('session token after two factors', twoFactor.token);
    for (const [index, code] of twoFactor.recoveryCodes.entries())
      secrets.set(`recovery code ${index}`, code);
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session.token) });
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(twoFactor.token) });
    await t.app.inject({ method: 'GET', url: `/api/v1/auth/me?access_token=${twoFactor.token}` });
    await post('/auth/logout', { route: '/', cause: 'user' }, bearer(twoFactor.token));

    // A paid checkout on the sandbox: the session id on the hosted page's path and in the webhook.
    const buyer = await t.applicant({ email: 'buyer@example.org' });
    secrets.set('buyer session token', buyer.token);
    const draft = await readyDraft(t.app, buyer);
    const started = await checkout(t.app, buyer, draft);
    const checkoutSession = await sessionIdOf(t.database, started.payment_id);
    secrets.set('checkout session id', checkoutSession);
    await t.app.inject({ method: 'GET', url: new URL(started.checkout_url).pathname });
    await payOnSandbox(t.app, started.checkout_url, CARDS.success);
    await t.worker.drainOnce();
    await t.worker.drainOnce();

    // A published statement and its share link, opened by a visitor.
    const admin = await t.staff('admin', { email: 'admin@example.org' });
    secrets.set('staff session token', admin.token);
    secrets.set('staff TOTP secret', admin.secret);
    const owner = await t.applicant({ email: 'owner@example.org', firstName: 'Maria' });
    const practiceId = await readyForIssue(t.database, owner);
    await publishOne(t.app, t.worker, { admin, owner, practiceId });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/practices/${practiceId}/statement/share-links`,
      headers: bearer(owner.token),
      payload: {},
    });
    const shareUrl = created.json<{ data: { url: string } }>().data.url;
    const share = shareUrl.split('/verify/shared/')[1] ?? '';
    secrets.set('share token', share);
    await t.app.inject({ method: 'GET', url: `/api/v1/shared/${share}` });
    await t.app.inject({ method: 'GET', url: `/verify/shared/${share}` });

    // The flows really ran and were really logged: otherwise the check below proves nothing.
    for (const [name, value] of secrets) expect(value.length, name).toBeGreaterThanOrEqual(6);
    const log = lines.join('\n');
    expect(log).toContain('mail written to file');
    expect(log).toContain('/auth/reset-password/[redacted]');
    expect(log).toContain('/sandbox/checkout/[redacted]');
    expect(log).toContain('/verify/shared/[redacted]');
    const leaks = [...secrets].filter(([, value]) => log.includes(value)).map(([name]) => name);
    expect(leaks).toEqual([]);
  });

  it('writes no request bytes when Node refuses a malformed request, bearer token and all (trace)', async () => {
    const token = 'uuCPqA3iUKntI8hA67CPeMjPFz2IPgUtzsprkZIsawU';
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = lines.length;
    const answer = await new Promise<string>((done, fail) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(
          `GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nX-Bad: a\u0001b\r\n\r\n`,
        ),
      );
      let received = '';
      socket.on('data', (chunk) => (received += String(chunk)));
      socket.on('end', () => done(received));
      socket.on('error', fail);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    const written = lines.slice(before);
    // Node's parser refused it, and Fastify logged that (at trace), without the request's bytes.
    expect(written.some((line) => line.includes('"msg":"client error"'))).toBe(true);
    const bytesOf = (line: string) =>
      [...line.matchAll(/"data":\[([\d,]+)\]/g)].map((match) =>
        Buffer.from((match[1] ?? '').split(',').map(Number)).toString('latin1'),
      );
    expect(
      written.filter((line) => line.includes(token) || bytesOf(line).some((text) => text.includes(token))),
    ).toEqual([]);
  });
});
