import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import { insertJob } from '../src/platform/jobs/repository';
import { isHealthPath } from '../src/platform/http/paths';
import { redactUrl } from '../src/platform/logger';
import { testConfig, useTestApp } from './helper';
import { bearer, createUser, login } from './identity';
import { logLines } from './log-lines';
import {
  CARDS,
  checkout,
  payer,
  payOnSandbox,
  postWebhook,
  readyDraft,
  sessionIdOf,
  signedWebhook,
} from './payments';
import { verifyUpload } from './statements';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
const clock = new ManualClock('2026-03-10T09:00:00Z');

const t = useTestApp({ clock });

describe('access logs', () => {
  it('replace the secret of activation, reset, share and opt-out links, and credentials in queries', () => {
    const token = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';
    expect(redactUrl(`/auth/activate/${token}`)).toBe('/auth/activate/[redacted]');
    expect(redactUrl(`/auth/reset-password/${token}?lang=it`)).toBe(
      '/auth/reset-password/[redacted]?lang=it',
    );
    expect(redactUrl(`/api/v1/shared/${token}/pdf`)).toBe('/api/v1/shared/[redacted]/pdf');
    expect(redactUrl(`/verify/shared/${token}`)).toBe('/verify/shared/[redacted]');
    expect(redactUrl(`/api/v1/marketing-opt-out/${token}`)).toBe('/api/v1/marketing-opt-out/[redacted]');
    expect(redactUrl(`/marketing-opt-out/${token}`)).toBe('/marketing-opt-out/[redacted]');
    expect(redactUrl(`/somewhere?page=2&token=${token}&session_id=cs_1`)).toBe(
      '/somewhere?page=2&token=[redacted]&session_id=[redacted]',
    );
    // A wallet check's address reads its outcome, with the claims the holder disclosed.
    expect(redactUrl(`/api/v1/wallet/presentations/${token}/request`)).toBe(
      '/api/v1/wallet/presentations/[redacted]/request',
    );
    expect(redactUrl(`/verify/wallet/${token}`)).toBe('/verify/wallet/[redacted]');
    // And the secrets it is read with (decision 088).
    expect(redactUrl(`/api/v1/wallet/presentations/${token}?key=${token}`)).toBe(
      '/api/v1/wallet/presentations/[redacted]?key=[redacted]',
    );
    expect(redactUrl(`/api/v1/wallet/presentations/${token}?response_code=${token}`)).not.toContain(token);
    // However the path is spelled: any case, doubled slashes, percent-encoded.
    for (const spelled of [
      `/AUTH/ACTIVATE/${token}`,
      `/auth/%61ctivate/${token}`,
      `//auth//activate/${token}`,
      `/auth/activate/${token}%E0%A4%A`,
      // Below a prefix the SPA also answers, or with something written on the segment.
      `/it/auth/reset-password/${token}`,
      `/auth/reset-password;x/${token}`,
      `/api/v1/x/../auth/activate/${token}`,
    ])
      expect(redactUrl(spelled)).not.toContain(token);
    // A query value that links to a token's page (the login page's `next`), however encoded.
    for (const next of [
      `/verify/shared/${token}`,
      encodeURIComponent(`/verify/shared/${token}`),
      encodeURIComponent(encodeURIComponent(`/auth/reset-password/${token}`)),
      [1, 2, 3, 4, 5].reduce((value) => encodeURIComponent(value), `/verify/shared/${token}`),
      encodeURIComponent(`https://portal.example.org/verify/wallet/${token}`),
    ])
      expect(redactUrl(`/auth/login?next=${next}&lang=it`)).toBe('/auth/login?next=[redacted]&lang=it');
    expect(redactUrl('/auth/login?next=%2Fpractices%2F12')).toBe('/auth/login?next=%2Fpractices%2F12');
    // What is not a secret stays readable.
    expect(redactUrl('/verify/wallet')).toBe('/verify/wallet');
    expect(redactUrl('/api/v1/practices/12?page=2')).toBe('/api/v1/practices/12?page=2');
    expect(redactUrl('/verify/5e2c9a4e-0000-4000-8000-000000000000')).toBe(
      '/verify/5e2c9a4e-0000-4000-8000-000000000000',
    );
  });

  it('read a URL of any shape in one pass, as every request is logged and every API call checked (decision 083)', () => {
    // Runs of slashes, and percent-encoding applied again and again, were read in work growing
    // with the square of their length: 0.6 s of the event loop for a 16 kB URL of slashes, on every
    // request, rate limits or not. At a megabyte that work would take hours and the watchdog stops
    // it; read in one pass, it takes milliseconds.
    const long = 1_000_000;
    for (const url of [
      `/${'/'.repeat(long)}x`,
      `/api/${'/'.repeat(long)}x`,
      `/shared${'/'.repeat(long)}`,
      `/auth/login?next=${'/'.repeat(long)}x`,
      `/auth/login?next=%${'25'.repeat(long / 2)}`,
    ]) {
      const read = () =>
        runInNewContext(
          '`${redactUrl(url)} ${isHealthPath(url)}`',
          { redactUrl, isHealthPath, url },
          { timeout: 20_000 },
        );
      expect(read).not.toThrow();
    }
    // A value still encoded past any link's rounds is taken for a secret; the probes' paths still read.
    expect(redactUrl(`/auth/login?next=%${'25'.repeat(20)}&lang=it`)).toBe(
      '/auth/login?next=[redacted]&lang=it',
    );
    expect(isHealthPath('/api/v1/health/live//')).toBe(true);
    expect(isHealthPath(`/api/v1/health/${'/'.repeat(10)}x`)).toBe(false);
  });

  it('never hold a link token, a bearer token or a password, and leave the probes out at info', async () => {
    const { lines, entries, stream } = logLines<{ msg: string; req?: { url: string } }>();
    const app = await t.instance({ env: { LOG_LEVEL: 'info' }, logTo: stream });
    const secret = 'Zx9vQm2LkP0oIu8yTr6eWq4aSd2fGh1jKl3zXc5vBn7';
    await createUser(t.database, clock, { email: 'logged@example.org' });
    const { token } = await login(app, 'logged@example.org');
    for (const url of [
      `/auth/activate/${secret}`,
      `/auth/reset-password/${secret}`,
      `/verify/shared/${secret}`,
      `/api/v1/shared/${secret}`,
      `/api/v1/shared/${secret}/pdf`,
      `/api/v1/marketing-opt-out/${secret}`,
      `/api/v1/health/ready`,
      `/api/v1/health/live`,
    ])
      await app.inject({ method: 'GET', url, headers: bearer(token) });
    await app.close();

    const urls = entries().flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/auth/activate/[redacted]',
        '/api/v1/shared/[redacted]/pdf',
        '/api/v1/marketing-opt-out/[redacted]',
      ]),
    );
    expect(urls.some((url) => url.startsWith('/api/v1/health/'))).toBe(false);
    const everything = lines.join('\n');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('Quiet#Harbour42');
  });
});

describe('API answers', () => {
  it('are never kept by a browser or a proxy: authenticated ones private, no-store; others no-store', async () => {
    await createUser(t.database, clock, { email: 'cache@example.org' });
    const { token } = await login(t.app, 'cache@example.org', undefined, '198.51.100.9');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer('nope') });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it('are kept by nobody when the path writes /api percent-encoded, which the router serves as the API', async () => {
    await createUser(t.database, clock, { email: 'encoded@example.org' });
    const { token } = await login(t.app, 'encoded@example.org', undefined, '198.51.100.10');
    const me = await t.app.inject({ method: 'GET', url: '/%61pi/v1/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ data: { email: 'encoded@example.org' } });
    expect(me.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /metrics', () => {
  it('is closed (404, in the error contract) unless METRICS_TOKEN is set', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(answer.body).not.toContain('lisbon_');
  });

  it('refuses a short METRICS_TOKEN at start', () => {
    expect(() => testConfig(t.database, { METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 32/,
    );
  });

  it('refuses the example file’s placeholder, which the release publishes, as METRICS_TOKEN', () => {
    const example = readFileSync(join(REPO_ROOT, 'packaging/lisbon.env.example'), 'utf8');
    const placeholder = /^METRICS_TOKEN=(.*)$/m.exec(example)?.[1] ?? '';
    expect(placeholder.length).toBeGreaterThanOrEqual(32);
    expect(() => testConfig(t.database, { METRICS_TOKEN: placeholder })).toThrow(
      /METRICS_TOKEN still holds the example’s placeholder \(CHANGE-ME\): set a random token$/,
    );
  });

  describe('with METRICS_TOKEN', () => {
    let app: App;
    const scrape = async () => {
      const answer = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return answer.body;
    };
    /** The value of one series, or undefined when it is absent. */
    const sample = (text: string, series: string): number | undefined => {
      const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };

    beforeAll(async () => {
      app = await t.instance({ env: { METRICS_TOKEN } });
    });

    it('answers 401 with a challenge without the token or with a wrong one', async () => {
      for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: METRICS_TOKEN }]) {
        const answer = await app.inject({ method: 'GET', url: '/metrics', headers });
        expect(answer.statusCode).toBe(401);
        expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(answer.body).not.toContain('lisbon_');
      }
    });

    it('names every series of its own in docs/deploy.md, "Monitor", which operators alert on', async () => {
      const deploy = readFileSync(join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
      const monitor = deploy.slice(deploy.indexOf('## 13. Monitor'), deploy.indexOf('## 14.'));
      const named = new Set(monitor.match(/lisbon_[a-z_]+/g));
      const series = [...(await scrape()).matchAll(/^# HELP (lisbon_[a-z_]+) /gm)]
        .map(([, name]) => name ?? '')
        .filter((name) => !/^lisbon_(process|nodejs)_/.test(name));
      expect(series.length).toBeGreaterThan(10);
      expect(series.filter((name) => !named.has(name))).toEqual([]);
    });

    it('times answers per route pattern and status, never per raw URL', async () => {
      await app.inject({ method: 'GET', url: '/api/v1/health' });
      await app.inject({ method: 'GET', url: '/api/v1/practices/123456' });
      const text = await scrape();
      expect(
        sample(
          text,
          'lisbon_http_request_duration_seconds_count{method="GET",route="/api/v1/health",status="200"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(
          text,
          'lisbon_http_request_duration_seconds_count{method="GET",route="/api/v1/practices/:id",status="401"}',
        ),
      ).toBe(1);
      expect(text).not.toContain('practices/123456');
    });

    it('reads the job queue: how many by status and how long the oldest due one has waited', async () => {
      await t.database.db.deleteFrom('jobs').execute();
      await insertJob(t.database.db, {
        name: 'send-mail',
        version: 1,
        payload: '{}',
        maxAttempts: 3,
        runAt: new Date(clock.now().getTime() - 90_000).toISOString(),
      });
      await insertJob(t.database.db, {
        name: 'send-mail',
        version: 1,
        payload: '{}',
        maxAttempts: 3,
        runAt: new Date(clock.now().getTime() + 600_000).toISOString(),
      });
      const text = await scrape();
      expect(sample(text, 'lisbon_jobs{status="pending"}')).toBe(2);
      expect(sample(text, 'lisbon_jobs{status="failed"}')).toBe(0);
      // The one due in ten minutes is not waiting yet.
      expect(sample(text, 'lisbon_jobs_oldest_due_age_seconds')).toBe(90);
      await t.database.db.deleteFrom('jobs').execute();
      expect(sample(await scrape(), 'lisbon_jobs_oldest_due_age_seconds')).toBe(0);
    });

    it('counts payments settled and verification results', async () => {
      const ada = await payer(app, t.database, clock, 'metrics-payer@example.org');
      const practiceId = await readyDraft(app, ada);
      const session = await checkout(app, ada, practiceId);
      expect((await payOnSandbox(app, session.checkout_url, CARDS.success)).statusCode).toBe(303);
      const sessionId = await sessionIdOf(t.database, session.payment_id);
      const webhook = signedWebhook(t.database, clock, {
        id: 'evt_metrics_1',
        type: 'checkout.completed',
        sessionId,
      });
      expect((await postWebhook(app, webhook)).statusCode).toBe(200);
      // A redelivery settles nothing more.
      expect((await postWebhook(app, webhook)).statusCode).toBe(200);
      const verified = await verifyUpload(app, 'no-such-certificate', Buffer.from('%PDF-1.7\n%%EOF\n'));
      expect(verified.statusCode).toBe(200);

      const text = await scrape();
      expect(sample(text, 'lisbon_payments_settled_total{outcome="succeeded"}')).toBe(1);
      expect(sample(text, 'lisbon_verifications_total{result="unknown"}')).toBe(1);
    });
  });
});
