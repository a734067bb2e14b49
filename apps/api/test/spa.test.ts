import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { MISSING_BUILD_MESSAGE } from '../src/platform/http/spa';
import { createTestApp, createTestDatabase, type TestDatabase } from './helper';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

let database: TestDatabase;
let app: App;
beforeAll(async () => {
  database = await createTestDatabase();
  const dist = join(database.tempDir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("lisbon")');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  writeFileSync(join(dist, '.build-stamp'), '2026-11-24T07:00:00.000Z');
  app = await createTestApp(database, { env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const page = (url: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

describe('single-page app', () => {
  it('serves index.html at / without caching it', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a deep link such as /practices/12 with index.html', async () => {
    const response = await page('/practices/12');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a deep link with index.html for a client that does not ask for HTML', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/practices/12?tab=documents',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps /api paths as JSON 404, even for a browser asking for HTML', async () => {
    const response = await page('/api/v1/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('never serves a source map or a dotfile of the build, though they sit beside the bundles', async () => {
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('src/secret.ts');
    const stamp = await app.inject({ method: 'GET', url: '/.build-stamp' });
    expect(stamp.body).not.toContain('2026-11-24T07:00:00.000Z');
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('single-page app not built', () => {
  it('answers / with a plain message saying how to build it', async () => {
    const unbuilt = await createTestApp(database);
    const response = await unbuilt.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(MISSING_BUILD_MESSAGE);
    expect(response.body).toContain('npm run build');
    await unbuilt.close();
  });
});
