import type { FastifyInstance } from 'fastify';

/**
 * CORS for the protocol endpoints a wallet calls from another origin: a browser-based wallet, a
 * verifier's web page reading our metadata (decision 088). Any origin may read their answers,
 * refusals included, and send what the protocols need. No credentials: these endpoints read no
 * cookie (the portal sets none) and take only the protocols' own tokens, in `Authorization`, so `*`
 * stands and `Access-Control-Allow-Credentials` is never sent. The portal's own routes, which a
 * session calls from the portal's pages, are not opened.
 */

/** Request headers a wallet sends beyond a simple request's: its access token, its DPoP proof, JSON. */
const ALLOWED_HEADERS = 'Authorization, DPoP, Content-Type';
/** Response headers a wallet reads beyond the safelisted ones: a 401's challenge, a 429's wait. */
const EXPOSED_HEADERS = 'WWW-Authenticate, Retry-After';
/** How long a browser may keep a preflight's answer: longer than an issuance or a presentation takes. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Every answer of this plugin's routes readable from any origin, the app's refusals (a 429, the
 * maintenance 503) included: a hook of the routes' own plugin runs for whatever answers them.
 */
export function openToWallets(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED_HEADERS);
    done(null, payload);
  });
}

/** Answers a browser's preflight (`OPTIONS`) for a route of an opened plugin, called with `method`. */
export function answerPreflight(app: FastifyInstance, url: string, method: 'GET' | 'POST'): void {
  app.options(url, { schema: { hide: true } }, (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', method)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .send(),
  );
}
