import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

export const REDACTED = '[redacted]';

/**
 * Paths whose last part is a secret: whoever reads it can act with it (activation and reset links,
 * statement share links, newsletter opt-out, the sandbox gateway's checkout session) or read what
 * it guards (a wallet check's outcome, with the claims the holder disclosed), on the SPA's page and
 * on the API alike. Matched however the path is spelled: any case, doubled slashes, percent-encoded,
 * below any prefix (`/it/auth/reset-password/…`, which the SPA answers too) and with anything
 * written on the segment (`/auth/reset-password;x/…`). One slash before the name, not `\/+`: `.*?`
 * takes any others, where a run of slashes both could take was retried from each of its slashes,
 * work growing with the square of the URL's length on every logged request (decision 083).
 */
const SECRET_IN_PATH =
  /^(.*?\/(?:auth\/+activate|auth\/+reset-password|marketing-opt-out|shared|verify\/+shared|sandbox\/+checkout|wallet\/+presentations|verify\/+wallet)[^/?#]*)\/+[^/?#]+/i;

/** The path as a router reads it, percent-encoding undone where it is well formed. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Query parameters that may carry a credential, whatever the page. */
const SECRET_PARAMETER = /token|secret|password|code|key|signature|session/i;

/** More rounds of percent-encoding than any link carries: a value still encoded past them is redacted. */
const MAX_DECODING_ROUNDS = 10;

/**
 * A query value as a router would read it: percent-encoding undone, as many times as it was applied;
 * null when it is still encoded after MAX_DECODING_ROUNDS (`%252525…` loses two characters a round,
 * so undoing all of it would cost the square of its length).
 */
function decodedValue(value: string): string | null {
  let decoded = value;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round += 1) {
    const next = decodedPath(decoded.replaceAll('+', ' '));
    if (next === decoded) return decoded;
    decoded = next;
  }
  return null;
}

/**
 * A request URL as logs may keep it: tokens in the path or the query replaced by `[redacted]`. A
 * query value that is itself a link to a token path (the login page's `next`, say) is redacted too.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const decoded = decodedPath(path);
  const redactedPath = SECRET_IN_PATH.test(decoded)
    ? decoded.replace(SECRET_IN_PATH, `$1/${REDACTED}`)
    : path;
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      if (equalsAt === -1) return pair;
      const name = pair.slice(0, equalsAt);
      const value = SECRET_PARAMETER.test(name) ? null : decodedValue(pair.slice(equalsAt + 1));
      const isSecret = value === null || SECRET_IN_PATH.test(value);
      return isSecret ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/**
 * Pino options: the configured level; the access log's URL without secrets; credentials never
 * written even if a serializer adds headers.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        // @fastify/multipart logs the options it hands to busboy, request headers included, at trace.
        '*.headers.authorization',
        '*.headers.cookie',
        // Node's parser, refusing a malformed request, hands Fastify the request's bytes, headers
        // and bearer token included; Fastify logs the error at trace.
        'err.rawPacket',
      ],
      censor: REDACTED,
    },
  };
}
