import { sendRaw } from './raw-http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { useTestApp } from './helper';

let plainApp: App;
const t = useTestApp({ env: { PUBLIC_URL: 'https://portal.example.org' } });
beforeAll(async () => {
  plainApp = await t.instance({ env: { PUBLIC_URL: 'http://portal.example.org' } });
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('security headers', () => {
  it('sends a strict CSP: scripts from our origin only, never inline', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // No blob: frames: an uploaded PDF is never shown in a frame of the portal's origin (decision 058).
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('sends the other hardening headers, on errors too', async () => {
    // The router's own refusals too (a bad %-escape, a path parameter over the length limit),
    // which come before any hook.
    const refusedByTheRouter = ['/api/v1/practices/%E0%A4%A', `/api/v1/practices/${'1'.repeat(200)}`];
    for (const url of ['/api/v1/health', '/api/v1/nope', ...refusedByTheRouter]) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      expect(headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers['cache-control'], url).toMatch(/no-store/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['x-powered-by']).toBeUndefined();
      expect(headers['permissions-policy']).toMatch(/(^|, )camera=\(\)(,|$)/);
      expect(headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)(,|$)/);
    }
  });

  it('sends HSTS only when PUBLIC_URL is https://', async () => {
    for (const url of ['/api/v1/health', '/', '/api/v1/nope']) {
      const { headers } = await plainApp.inject({ method: 'GET', url });
      expect(headers['strict-transport-security'], url).toBeUndefined();
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('gives a request five minutes to arrive whole: a trickled upload does not hold its socket for ever', () => {
    // Fastify's default is no limit at all; Node's server ends the request past it (408).
    expect(t.app.server.requestTimeout).toBe(5 * 60 * 1000);
  });

  it('limits API calls per address and answers 429 RATE_LIMITED with Retry-After', async () => {
    const call = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/cms-entries?entity=faq', remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 300; i += 1) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait and try again.',
    });
    const otherAddress = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cms-entries',
      remoteAddress: '203.0.113.8',
    });
    expect(otherAddress.statusCode).toBe(200);
  });

  it('counts a call whose path writes /api percent-encoded (/%61pi/v1/…) with the others of its address', async () => {
    const call = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    for (let i = 0; i < 300; i += 1) {
      const url = i % 2 === 0 ? '/api/v1/cms-entries?entity=faq' : '/%61pi/v1/cms-entries?entity=faq';
      expect((await call(url)).statusCode).toBe(200);
    }
    const limited = await call('/%61pi/v1/cms-entries?entity=faq');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts a call whose request line names the address in full (GET http://host/api/v1/…) with the others of its address', async () => {
    const app = await t.instance({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    for (let i = 0; i < 3; i += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/cms-entries',
        remoteAddress: '127.0.0.1',
      });
      expect(response.statusCode).toBe(200);
    }
    const { head } = await sendRaw(
      app,
      `GET http://portal.example/api/v1/cms-entries HTTP/1.1\r\nHost: portal.example\r\nConnection: close\r\n\r\n`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 429 /);
  });
});
