import { sendRaw } from './raw-http';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp({ env: { MAINTENANCE_MODE: 'true' } });

describe('maintenance mode', () => {
  it('answers every API call with 503 MAINTENANCE', async () => {
    for (const url of ['/api/v1/cms-entries', '/api/v1/cms-entries?locale=xx', '/api/v1/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'MAINTENANCE',
        message: 'The system is being upgraded. Please try again shortly.',
      });
    }
  });

  it('stops a call whose path writes /api percent-encoded, which the router serves as the API', async () => {
    for (const url of ['/%61pi/v1/cms-entries', '/ap%69/v1/auth/me']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toMatchObject({ code: 'MAINTENANCE' });
    }
  });

  it('stops a call whose request line names the address in full (GET http://host/api/v1/…), which the router serves as the API', async () => {
    const { head, body } = await sendRaw(
      t.app,
      `GET http://portal.example/api/v1/cms-entries HTTP/1.1\r\nHost: portal.example\r\nConnection: close\r\n\r\n`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/^cache-control: no-store$/m);
    expect(JSON.parse(body)).toMatchObject({ code: 'MAINTENANCE' });
  });

  it('keeps health up, saying maintenance is on', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { status: 'ok', maintenance: true } });
  });

  it('still serves non-API pages, so the web app can show its maintenance page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/maintenance',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
  });
});
