import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { MISSING_BUILD_MESSAGE } from '../src/platform/http/spa';
import { useTestApp } from './helper';
import { sendRaw } from './raw-http';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

/** A bundle as the build leaves it: the file, and its Brotli and gzip copies beside it (decision 063). */
const BUNDLE = `export const pages = [${Array.from({ length: 200 }, (_, i) => `"page-${i}"`).join(',')}];`;

// The file's app has no web build; each describe block serves a fake build of its own.
const t = useTestApp();
let app: App;
beforeAll(async () => {
  const dist = join(t.database.tempDir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX_HTML));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("lisbon")');
  writeFileSync(join(dist, 'assets', 'pages-def456.js'), BUNDLE);
  writeFileSync(join(dist, 'assets', 'pages-def456.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(join(dist, 'assets', 'pages-def456.js.gz'), gzipSync(BUNDLE));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  writeFileSync(join(dist, '.build-stamp'), '2026-11-24T07:00:00.000Z');
  app = await t.instance({ env: { WEB_DIST_DIR: dist } });
});

const page = (url: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

/**
 * A browser's GET /api/v1/nope whose request line names the address in full, which the router
 * serves by its path: the API's JSON 404, never cached, as for the usual form.
 */
async function expectApiNotFoundInFull(target: App) {
  const { head, body } = await sendRaw(
    target,
    'GET http://portal.example/api/v1/nope HTTP/1.1\r\nHost: portal.example\r\n' +
      'Accept: text/html,application/xhtml+xml\r\nConnection: close\r\n\r\n',
  );
  expect(head).toMatch(/^HTTP\/1\.1 404 /);
  expect(head).toMatch(/^cache-control: no-store$/im);
  expect(JSON.parse(body)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
}

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

  it('keeps /api paths as JSON 404 when the request line names the address in full (GET http://host/api/v1/…)', async () => {
    await expectApiNotFoundInFull(app);
  });

  it('never serves a source map or a dotfile of the build, though they sit beside the bundles', async () => {
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('src/secret.ts');
    const stamp = await app.inject({ method: 'GET', url: '/.build-stamp' });
    expect(stamp.body).not.toContain('2026-11-24T07:00:00.000Z');
  });

  it('answers a path too long for any file as a missing one, and one longer than 4096 characters 414 in its own words, never 403', async () => {
    // A name over 255 bytes (the file system's limit): as any path that names no file.
    const longName = 'a'.repeat(300);
    const api = await page(`/api/v1/${longName}`);
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const asset = await app.inject({ method: 'GET', url: `/assets/${longName}.js` });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const deepLink = await page(`/verify/${longName}`);
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toBe(INDEX_HTML);
    // A path longer than any file's: 414 URI Too Long, in the standard body.
    for (const url of [
      `/${'a'.repeat(5000)}`,
      `/api/v1/${'a/'.repeat(2500)}`,
      `/practices/${'a'.repeat(5000)}?tab=1`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({
        code: 'URI_TOO_LONG',
        message: 'The address is too long: no page of the portal has one this long.',
      });
    }
    const italian = await app.inject({
      method: 'GET',
      url: `/${'a'.repeat(5000)}`,
      headers: { 'accept-language': 'it-IT,it;q=0.9' },
    });
    expect(italian.statusCode).toBe(414);
    expect(italian.json()).toEqual({
      code: 'URI_TOO_LONG',
      message: 'L’indirizzo è troppo lungo: nessuna pagina del portale ne ha uno così lungo.',
    });
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

describe('single-page app delivery: compression and caching (decision 063)', () => {
  const asset = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/assets/pages-def456.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the Brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await asset('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the gzip copy to a client that accepts gzip only', async () => {
    const response = await asset('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the file itself to a client that accepts no compression, still varying on the header', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await asset(acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(BUNDLE);
    }
  });

  it('sends index.html compressed and never cached without asking, at / and at a deep link', async () => {
    for (const url of ['/', '/verify/abc']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    }
  });

  it('refuses a source map or a compressed copy asked for by name, even by a browser asking for a page', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/pages-def456.js.br',
      '/assets/pages-def456.js.gz',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('src/secret.ts');
    }
  });

  it('compresses a JSON answer of the API for a client that accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/v1/countries' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/countries',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(plain.json());
  });
});

describe('single-page app not built', () => {
  it('answers / with a plain message saying how to build it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(MISSING_BUILD_MESSAGE);
    expect(response.body).toContain('npm run build');
  });

  it('keeps /api paths as JSON 404 when the request line names the address in full', async () => {
    await expectApiNotFoundInFull(t.app);
  });
});

describe('single-page app: the pages the build pre-renders (decisions 075, 082)', () => {
  /** A page of the build: the SPA's shell with the page's HTML in #root, in one language. */
  const prerendered = (locale: string, heading: string) =>
    `<!doctype html><html lang="${locale}"><body><div id="root" data-prerendered="${locale}"><h1>${heading}</h1></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;
  const PAGES = {
    'en-US/index.html': prerendered('en-US', 'Recognition of foreign qualifications'),
    'it-IT/index.html': prerendered('it-IT', 'Riconoscimento dei titoli di studio esteri'),
    'en-US/auth/login.html': prerendered('en-US', 'Log in'),
    'it-IT/auth/login.html': prerendered('it-IT', 'Accedi'),
    'en-US/verify.html': prerendered('en-US', 'Verify a statement'),
    'it-IT/verify.html': prerendered('it-IT', 'Verifica una dichiarazione'),
    // The empty shell in each language, for every other page (scripts/prerender.mjs).
    'en-US/app.html': '<!doctype html><html lang="en-US"><body><div id="root"></div></body></html>',
    'it-IT/app.html': '<!doctype html><html lang="it-IT"><body><div id="root"></div></body></html>',
  };

  let server: App;
  beforeAll(async () => {
    const dist = join(t.database.tempDir, 'prerendered');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("lisbon")');
    // The list the build's pre-rendering writes beside Vite's manifest (scripts/prerender.mjs).
    mkdirSync(join(dist, '.vite'));
    const list = ['en-US', 'it-IT'].flatMap((locale) => [
      { page: '/', locale, file: 'index.html', files: [] },
      { page: '/auth/login', locale, file: 'auth/login.html', files: [] },
      // The build reads from the router which paths of the pattern are another page's.
      { page: '/verify/{id}', locale, file: 'verify.html', except: ['/verify/wallet'], files: [] },
    ]);
    writeFileSync(join(dist, '.vite/pages.json'), JSON.stringify(list));
    for (const [file, html] of Object.entries(PAGES)) {
      const path = join(dist, 'pages', file);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, html);
      writeFileSync(`${path}.br`, brotliCompressSync(html));
      writeFileSync(`${path}.gz`, gzipSync(html));
    }
    server = await t.instance({ env: { WEB_DIST_DIR: dist } });
  });

  const visit = (url: string, headers: Record<string, string> = {}) =>
    server.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('serves / as its pre-rendered HTML, with its heading, never cached without asking', async () => {
    const response = await visit('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.body).toBe(PAGES['en-US/index.html']);
    expect(response.body).toContain('<h1>Recognition of foreign qualifications</h1>');
  });

  it('serves the login page and the verification page of any id as theirs, the latter whatever the id', async () => {
    expect((await visit('/auth/login')).body).toBe(PAGES['en-US/auth/login.html']);
    expect((await visit('/verify/LIS-2026-000123?from=qr')).body).toBe(PAGES['en-US/verify.html']);
  });

  it('serves them in the language of the visitor’s cookie, and in the default one for any other value', async () => {
    const italian = { cookie: 'theme=light; lisbon-language=it-IT' };
    expect((await visit('/', italian)).body).toBe(PAGES['it-IT/index.html']);
    expect((await visit('/auth/login', italian)).body).toBe(PAGES['it-IT/auth/login.html']);
    expect((await visit('/', { cookie: 'lisbon-language=fr-FR' })).body).toBe(PAGES['en-US/index.html']);
  });

  it('serves them in the browser’s language before any choice, the choice winning over it (decision 099)', async () => {
    const italianBrowser = { 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' };
    const response = await visit('/', italianBrowser);
    expect(response.body).toBe(PAGES['it-IT/index.html']);
    expect(response.headers.vary).toMatch(/accept-language/i);
    expect((await visit('/auth/login', { 'accept-language': 'it' })).body).toBe(
      PAGES['it-IT/auth/login.html'],
    );
    // A language the portal does not speak: the default one.
    expect((await visit('/', { 'accept-language': 'fr-FR,de;q=0.5' })).body).toBe(PAGES['en-US/index.html']);
    // A choice made (the cookie) wins over the browser.
    expect((await visit('/', { ...italianBrowser, cookie: 'lisbon-language=en-US' })).body).toBe(
      PAGES['en-US/index.html'],
    );
  });

  it('sends them compressed to a browser that accepts it', async () => {
    const response = await visit('/', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGES['en-US/index.html']);
  });

  it('answers every other page, a deeper verify path and the wallet check among them, with the empty shell in the visitor’s language', async () => {
    for (const url of ['/practices/12', '/auth/register', '/verify/abc/more', '/verify/wallet', '/faq']) {
      const response = await visit(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(PAGES['en-US/app.html']);
      // A first visit to a deep link from an Italian browser starts the app in Italian (decision 099).
      const italian = await visit(url, { 'accept-language': 'it-IT,it;q=0.9' });
      expect(italian.body).toBe(PAGES['it-IT/app.html']);
      expect(italian.headers.vary).toMatch(/accept-language/i);
      expect(italian.headers.vary).toMatch(/cookie/i);
      // A choice made on this device wins.
      expect((await visit(url, { 'accept-language': 'it', cookie: 'lisbon-language=en-US' })).body).toBe(
        PAGES['en-US/app.html'],
      );
    }
  });
});
