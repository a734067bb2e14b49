import {
  API_PREFIX,
  dataEnvelope,
  negotiateLocale,
  WALLET_STATUS_LIST_MAX_AGE_SECONDS,
  walletOfferSchema,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { recordedWalletKeys } from '../../platform/signing/wallet-key';
import { authenticated, type AuthGuard } from '../sessions/guard';
import type { RateRule } from '../../platform/rate-limit/limiter';
import { type CredentialAccess, dpopTokenOf, offerOfAccessToken } from './access-token';
import { answerPreflight, openToWallets } from './cross-origin';
import { DPOP_SIGNING_ALGS } from './dpop';
import {
  createNonce,
  createOffer,
  exchangeToken,
  issueCredential,
  heldIssuerKeyOf,
  issuerKeyOf,
  WalletPublicationError,
} from './issuance.service';
import {
  authorizationServerMetadata,
  credentialIssuerMetadata,
  jwtVcIssuerMetadata,
  typeMetadata,
} from './metadata';
import {
  formBodyOf,
  protocolErrorOf,
  WalletAccessTokenMissing,
  type WalletProtocolError,
} from './protocol-error';
import { statusListJwt } from './status-list.service';
import { walletVerifierRoutes } from './verifier.routes';

const tags = ['wallet'];

/**
 * Per user: an applicant makes an offer when they add the statement to a wallet, and again if it
 * expired; each offer takes a place in the status list for good, so a loop cannot fill it. Counts
 * the offers made, never a call refused.
 */
export const WALLET_OFFER_RULE: RateRule = { name: 'wallet-offer:user', limit: 10, windowSeconds: 60 * 60 };

/** The DPoP algorithms a challenge names (RFC 9449 §7.1). */
const DPOP_ALGS = `algs="${DPOP_SIGNING_ALGS.join(' ')}"`;

/**
 * Answers a protocol endpoint's refusal in its specification's format; other errors go to the app's
 * handler. A request without an access token is offered both schemes, Bearer and DPoP, with no
 * error code and no body: the error-free challenges of RFC 6750 §3.1 and RFC 9449 §7.1.
 */
async function protocol<T>(
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  fallback: string,
  run: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WalletAccessTokenMissing)
      return reply
        .code(401)
        .header('cache-control', 'no-store')
        .header('www-authenticate', ['Bearer', `DPoP ${DPOP_ALGS}`])
        .send();
    const refusal = protocolErrorOf(error, fallback);
    if (!refusal) throw error;
    reply.header('cache-control', 'no-store');
    if (refusal.status === 401) reply.header('www-authenticate', challengeOf(request, refusal));
    return reply.code(refusal.status).send({ error: refusal.error, error_description: refusal.description });
  }
}

/**
 * A 401's challenge, with its error code: the scheme the refusal names (a DPoP-bound token used as
 * Bearer is told DPoP) or the one the request used, with the DPoP algorithms (RFC 9449 §7.1).
 */
function challengeOf(request: FastifyRequest, refusal: WalletProtocolError): string {
  const scheme =
    refusal.scheme ?? (dpopTokenOf(request.headers.authorization) === undefined ? 'Bearer' : 'DPoP');
  if (scheme === 'DPoP') return `DPoP error="${refusal.error}", ${DPOP_ALGS}`;
  return `Bearer error="${refusal.error}"`;
}

/** The protocol endpoints whose unreadable body is refused in their format, with the error code each uses. */
const UNREADABLE_BODY_ERROR: Record<string, string> = {
  [`${API_PREFIX}/wallet/token`]: 'invalid_request',
  [`${API_PREFIX}/wallet/credential`]: 'invalid_credential_request',
  [`${API_PREFIX}/wallet/presentations/:id/response`]: 'invalid_request',
};

const publicDocument = (reply: FastifyReply, seconds = 300) =>
  reply.header('cache-control', `public, max-age=${seconds}`);

const WELL_KNOWN_DOCUMENTS = [
  '/.well-known/openid-credential-issuer',
  '/.well-known/oauth-authorization-server',
  '/.well-known/jwt-vc-issuer',
];

/**
 * The documents a wallet or a third-party verifier reads at the deployment's root, from any origin
 * (decision 088): OpenID4VCI issuer metadata, RFC 8414 authorization server metadata, the SD-JWT VC
 * issuer's keys.
 */
export const walletWellKnownRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  openToWallets(app);
  for (const url of WELL_KNOWN_DOCUMENTS) answerPreflight(app, url, 'GET');
  const hide = { hide: true };
  app.get('/.well-known/openid-credential-issuer', { schema: hide }, async (_request, reply) => {
    publicDocument(reply);
    return credentialIssuerMetadata(ctx);
  });
  app.get('/.well-known/oauth-authorization-server', { schema: hide }, async (_request, reply) => {
    publicDocument(reply);
    return authorizationServerMetadata(ctx);
  });
  app.get('/.well-known/jwt-vc-issuer', { schema: hide }, async (_request, reply) => {
    publicDocument(reply);
    return jwtVcIssuerMetadata(ctx, await heldIssuerKeyOf(ctx), await recordedWalletKeys(ctx.db));
  });
};

/**
 * The issuer's endpoints under the API (OpenID4VCI 1.0 pre-authorized code flow), the status list,
 * the type metadata, the applicant's offers, and the verifier (`verifier.routes.ts`).
 */
export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  // A body the parsers cannot read (malformed JSON, say) reaches no handler: refused here in the
  // protocol's format on the protocol endpoints, and by the app's handler on the others.
  // So is a value no column can hold (a NUL), which the app's check refuses before any handler,
  // and JSON nested too deep to be parsed (`json-depth.ts`).
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const code = UNREADABLE_BODY_ERROR[request.routeOptions.url ?? ''];
    const appCode = (error as unknown) instanceof AppError ? error.code : undefined;
    const isUnstorable = appCode === 'VALIDATION_FAILED';
    const isTooDeep = appCode === 'JSON_TOO_DEEP';
    if (!code || !(isUnstorable || isTooDeep || error.code?.startsWith('FST_ERR_CTP_'))) throw error;
    // Too large (413) or of a type no parser reads (415) keep their status; anything else is a 400.
    const status = error.statusCode === 413 || error.statusCode === 415 ? error.statusCode : 400;
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({
        error: code,
        error_description: isUnstorable
          ? 'The request holds a character that is not accepted'
          : isTooDeep
            ? 'The request body is nested too deeply'
            : 'The request body could not be read',
      });
  });

  // The token request is a form (RFC 6749 §4.1.3); this parser belongs to the wallet's routes only.
  // A parameter sent more than once comes as the array of its values, for the endpoint to refuse
  // (RFC 6749 §3.2), rather than one of them taken silently.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      // A Map, then own properties: a parameter named `__proto__` is a parameter like any other.
      // A repeated value is pushed onto its array, never copied into a new one: a body of one
      // parameter repeated a few hundred thousand times would otherwise take minutes of the one
      // thread every call shares.
      const form = new Map<string, string | string[]>();
      for (const [name, value] of new URLSearchParams(String(body))) {
        const earlier = form.get(name);
        if (earlier === undefined) form.set(name, value);
        else if (Array.isArray(earlier)) earlier.push(value);
        else form.set(name, [earlier, value]);
      }
      done(null, Object.fromEntries(form));
    },
  );

  app.post(
    '/practices/:id/statement/wallet-offers',
    {
      onRequest: guard.ability('practice.apply'),
      schema: {
        summary: 'A credential offer of the applicant’s published statement for their wallet',
        description: `QR code, same-device link and one-time transaction code; the offer expires after WALLET_OFFER_TTL_MINUTES and is redeemed once. 404 for someone else’s request or a withdrawn statement, 409 PUBLICATION_PENDING before publication; at most ${WALLET_OFFER_RULE.limit} offers made per user in an hour (429 RATE_LIMITED; a call refused, or failed on our side before the offer was saved, counts none).`,
        tags,
        security,
        params,
        response: { 201: dataEnvelope(walletOfferSchema), ...errorsOf(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const auth = authenticated(request);
      // Only the offers made count: one refused (409 before publication, say) or failed on our
      // side before it was saved (a wallet library that threw) costs nothing.
      const offer = await ctx.limiter.spend(
        [{ rule: WALLET_OFFER_RULE, subject: String(auth.user.id) }],
        async (committing) => {
          try {
            return await createOffer(ctx, auth, {
              practiceId: request.params.id,
              // The language of the page that shows the offer, which its wallet then speaks too.
              locale: negotiateLocale(request.headers['accept-language']),
              committing,
            });
          } catch (error) {
            if (error instanceof WalletPublicationError) throw new AppError('PUBLICATION_PENDING');
            throw error;
          }
        },
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ data: offer });
    },
  );

  // The protocol endpoints a wallet calls, from another origin when it runs in a browser (CORS).
  await app.register(async (open) => {
    openToWallets(open);
    for (const url of ['/wallet/token', '/wallet/nonce', '/wallet/credential'])
      answerPreflight(open, url, 'POST');
    for (const url of ['/wallet/status-list', '/wallet/vct/recognition-statement'])
      answerPreflight(open, url, 'GET');

    open.post('/wallet/token', { schema: { hide: true } }, async (request, reply) =>
      protocol({ request, reply }, 'invalid_request', async () => {
        const body = formBodyOf(request, 'The token request is a form (application/x-www-form-urlencoded)');
        const answer = await exchangeToken(ctx, { body, request });
        reply.header('cache-control', 'no-store');
        return answer;
      }),
    );

    // OpenID4VCI 1.0 §7.1: the nonce request is a POST with no content. The endpoint reads none, so a
    // wallet whose HTTP client labels that empty POST `application/json` (or sends `{}`, or a form) is
    // answered a nonce like any other, not refused as an unreadable JSON body before the handler.
    await open.register(async (nonceRoute) => {
      nonceRoute.removeAllContentTypeParsers();
      nonceRoute.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) =>
        done(null, undefined),
      );
      nonceRoute.post('/wallet/nonce', { schema: { hide: true } }, async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return createNonce(ctx);
      });
    });

    // The access token is checked before the body is read (RFC 6750 §3.1): a request without one,
    // or with one that is not good, is answered 401 whatever its body, never 400 for a body it could
    // not have been given a credential for anyway. A DPoP proof is spent here too, before the body:
    // one left unspent by a body refused would serve whoever saw it with the token, with a body of
    // their own (decision 088, amended 2026-12-06); a wallet makes a new proof for each request.
    const accessOfRequest = new WeakMap<FastifyRequest, CredentialAccess>();
    open.post(
      '/wallet/credential',
      {
        schema: { hide: true },
        onRequest: async (request, reply) => {
          await protocol({ request, reply }, 'invalid_credential_request', async () => {
            accessOfRequest.set(request, await offerOfAccessToken(ctx, await issuerKeyOf(ctx), request));
          });
          // Refused: the answer is sent, and the body is never read.
          if (reply.sent) return reply;
        },
      },
      async (request, reply) =>
        protocol({ request, reply }, 'invalid_credential_request', async () => {
          const access = accessOfRequest.get(request);
          if (!access) throw new WalletAccessTokenMissing();
          const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
          const answer = await issueCredential(ctx, { body: body as Record<string, unknown>, access });
          reply.header('cache-control', 'no-store');
          return answer;
        }),
    );

    open.get('/wallet/status-list', { schema: { hide: true } }, async (_request, reply) => {
      publicDocument(reply, WALLET_STATUS_LIST_MAX_AGE_SECONDS).header(
        'content-type',
        'application/statuslist+jwt',
      );
      return statusListJwt(ctx);
    });

    open.get('/wallet/vct/recognition-statement', { schema: { hide: true } }, async (_request, reply) => {
      publicDocument(reply);
      return typeMetadata(ctx);
    });
  });

  await app.register(walletVerifierRoutes, { ctx });
};
