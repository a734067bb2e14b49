import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { visitorLanguage, type Locale } from '@lisbon/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { isApiPath } from './paths';

export const MISSING_BUILD_MESSAGE =
  'The web app is not built yet. Run `npm run build` (or `npm start` from the repository root), then reload.';

/**
 * Vite puts content-hashed files under /assets: they never change, so they may be cached for a
 * year. Everything else (index.html above all, which names this release's assets) is checked with
 * the server on each use.
 */
function setCacheHeaders(reply: FastifyReply, path: string): void {
  const isHashedAsset = /[\\/]assets[\\/]/.test(path);
  reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Source maps (built for our own debugging, moved out of the build by the SPA's build and refused
 * here all the same), the compressed copies (chosen by content negotiation, never asked for by
 * name) and dotfiles (the build stamp, Vite's manifest) are not served.
 */
const isServable = (path: string): boolean => !/\.(map|br|gz)$/.test(path) && !/(^|\/)\./.test(path);

/** A path that names a file (`/assets/x.js`, `/favicon.ico`) rather than a page of the app. */
const looksLikeFile = (url: string): boolean => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');

/** The longest path a file can have (Linux's PATH_MAX), and the longest name of one of its parts (NAME_MAX). */
const MAX_PATH_LENGTH = 4096;
const MAX_NAME_BYTES = 255;

/**
 * Whether no file can have this path for its length. The file server asks the file system for it
 * anyway and takes ENAMETOOLONG for a path it cannot check, answering 403 "You do not have access":
 * such a path is answered before (414 when the whole path is too long, as no page of the app is
 * that long; else as a path that names no file: a page of the app, or 404).
 */
const isPathTooLong = (path: string): boolean => path.length > MAX_PATH_LENGTH;
const hasNameTooLong = (path: string): boolean =>
  path.split('/').some((name) => Buffer.byteLength(decodedOrAsIs(name)) > MAX_NAME_BYTES);

function decodedOrAsIs(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A pre-rendered page: the paths it answers, those among them it leaves to another page, its file. */
type PrerenderedPage = { path: RegExp; except: ReadonlySet<string>; file: string };

/**
 * The pages the build pre-rendered, as its pre-rendering wrote them into `.vite/pages.json`
 * (scripts/prerender.mjs, from the list in scripts/web-pages.mjs): `/verify/{id}` answers any id
 * but the paths the router gives another page (`except`, read from the router by the build:
 * `/verify/wallet`). None when the build has no such file (an older or a development build):
 * index.html for all.
 */
export function readPrerenderedPages(webDistDir: string): PrerenderedPage[] {
  const list = join(webDistDir, '.vite/pages.json');
  if (!existsSync(list)) return [];
  const entries = JSON.parse(readFileSync(list, 'utf8')) as {
    page: string;
    file: string;
    except?: string[];
  }[];
  const byPage = new Map(entries.map((entry) => [entry.page, entry]));
  return [...byPage.values()].map(({ page, file, except = [] }) => ({
    path: new RegExp(`^${page.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/]+\}/g, '[^/]+')}$`),
    except: new Set(except),
    file,
  }));
}

/** The empty shell in one language, beside the pre-rendered pages (scripts/prerender.mjs). */
const APP_SHELL = 'app.html';

function languageOf(request: FastifyRequest): Locale {
  return visitorLanguage(request.headers.cookie, request.headers['accept-language']);
}

/** A file the build wrote under `pages/<locale>/`, in the visitor's language, if it is there. */
function inVisitorsLanguage(webDistDir: string, request: FastifyRequest, name: string): string | null {
  const file = join('pages', languageOf(request), name);
  return existsSync(join(webDistDir, file)) ? file : null;
}

/** The pre-rendered HTML of the page at `url` in the visitor's language, if the build has one. */
function prerenderedFile(
  webDistDir: string,
  pages: PrerenderedPage[],
  request: FastifyRequest,
): string | null {
  const path = request.url.split('?')[0] ?? '';
  const page = pages.find((candidate) => candidate.path.test(path) && !candidate.except.has(path));
  return page ? inVisitorsLanguage(webDistDir, request, page.file) : null;
}

/** A page of the app: its pre-rendered HTML in the visitor's language if the build has one, else its shell. */
function sendPage(
  webDistDir: string,
  pages: PrerenderedPage[],
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // Any other page: the empty shell the build wrote in the visitor's language (`<html lang>`, the
  // description, the text without JavaScript), where the app starts in that language; else index.html.
  const file =
    prerenderedFile(webDistDir, pages, request) ?? inVisitorsLanguage(webDistDir, request, APP_SHELL);
  if (file === null) return reply.sendFile('index.html');
  reply.header('vary', 'Accept-Encoding, Cookie, Accept-Language');
  return reply.sendFile(file);
}

/**
 * Serves the built SPA with history fallback: a GET for a page (HTML wanted, or a path that names
 * no file) that matches no file gets index.html, so deep links such as /practices/12 load the
 * app whatever client asks. A missing asset stays a 404; anything under /api stays a JSON 404.
 * Each file goes out as the build's Brotli or gzip copy when the client accepts one (identity
 * otherwise), with `Vary: Accept-Encoding` (decision 063). The pages the build pre-renders (`/`,
 * `/auth/login`, `/verify/{id}`) get their own HTML instead of the empty index.html, in the language
 * of the `lisbon-language` cookie or else the browser's (`Accept-Language`, the default one when it
 * names neither), with `Vary: Cookie, Accept-Language` (decisions 075, 099); every other page gets the
 * empty shell in that language, `pages/<locale>/app.html`, where the build wrote one.
 */
export function registerSpa(app: FastifyInstance, { webDistDir }: { webDistDir: string }): void {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  const pages = hasBuild ? readPrerenderedPages(webDistDir) : [];
  if (hasBuild) {
    app.register(fastifyStatic, {
      root: webDistDir,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      preCompressed: true,
      allowedPath: isServable,
      // `/` is a page like the others: its HTML is chosen by sendPage, not index.html by directory.
      index: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      // Only the file server's own route (`/*`) looks the path up in the file system.
      if (request.routeOptions.url !== '/*') return;
      const path = request.url.split('?')[0] ?? '';
      if (isPathTooLong(path)) {
        throw new AppError('URI_TOO_LONG');
      }
      // An API path the router gave no route (its request line naming the address in full, which
      // the file server refuses 403) is the API's 404, not a file's.
      if (isApiPath(request.url)) return reply.callNotFound();
      if (hasNameTooLong(path)) return reply.callNotFound();
    });
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      sendPage(webDistDir, pages, request, reply),
    );
  } else {
    app.log.warn({ webDistDir }, 'web app not built; serving a placeholder at /');
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain').send(MISSING_BUILD_MESSAGE),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      isServable(request.url.split('?')[0] ?? '') &&
      ((request.headers.accept ?? '').includes('text/html') || !looksLikeFile(request.url));
    if (!isPageRequest) throw new AppError('NOT_FOUND');
    if (!hasBuild) return reply.type('text/plain').send(MISSING_BUILD_MESSAGE);
    return sendPage(webDistDir, pages, request, reply);
  });
}
