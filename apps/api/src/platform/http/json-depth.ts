import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * The deepest JSON the API reads: twice what `storable-input.ts` lets through to a handler (32), so
 * that no body it takes is refused here. Deeper text is refused before it is parsed: a megabyte of
 * `[` is half a million arrays, which took JSON.parse 60–400 ms of the one thread every call shares.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, read in one pass that skips the
 * contents of strings (a `[` inside one is text). Text that is not JSON is not judged: a closing
 * bracket with none open ends the pass, since JSON.parse refuses the text there anyway, having
 * read no deeper than this pass did.
 */
export function isJsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === QUOTE) {
      for (index += 1; index < text.length; index += 1) {
        const inString = text.charCodeAt(index);
        if (inString === BACKSLASH) index += 1;
        else if (inString === QUOTE) break;
      }
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth -= 1;
      if (depth < 0) return false;
    }
  }
  return false;
}

/**
 * JSON.parse of text no deeper than MAX_JSON_DEPTH; undefined for deeper text, as for text that is
 * not JSON. For JSON inside other input (a form's field), read by the service that takes it.
 */
export function parseShallowJson(text: string): unknown {
  if (isJsonTooDeep(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether a JWT the API is handed holds JSON deeper than MAX_JSON_DEPTH where a library will parse
 * it: the header and the payload of a JWS in compact form, and of each JWT of an SD-JWT (its parts
 * joined by `~`), whose disclosures are base64url JSON too. A JWT inside a form or a JSON body is a
 * string there, which the body's own measure skips; decoded, a megabyte of it is some 375,000
 * nested arrays, which jose and the wallet libraries parse (260–610 ms) before any check refuses
 * them. Decoded as Node decodes base64url, forgiving: whatever a stricter decoder reads, this reads.
 */
export function isJwtTooDeep(value: string): boolean {
  for (const part of value.split('~')) {
    const segments = part.includes('.') ? part.split('.', 2) : [part];
    for (const segment of segments)
      if (isJsonTooDeep(Buffer.from(segment, 'base64url').toString('utf8'))) return true;
  }
  return false;
}

/**
 * Every `application/json` body is measured before Fastify's own parser reads it (the same parser,
 * with its checks of `__proto__` and `constructor`): deeper than MAX_JSON_DEPTH, 400 JSON_TOO_DEEP.
 * Registered on the root, so every route's plugin inherits it unless it reads JSON its own way
 * (the payment webhook keeps its raw bytes, at most 64 kB, and measures them in its own parser).
 */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (isJsonTooDeep(text)) {
      done(new AppError('JSON_TOO_DEEP'), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
