import {
  dataEnvelope,
  walletCheckSchema,
  walletPresentationIdSchema,
  walletRequestSchema,
  walletResultQuerySchema,
} from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { clientAddress } from '../../platform/http/client-address';
import { errorsOf } from '../../platform/http/route-schemas';
import type { RateRule } from '../../platform/rate-limit/limiter';
import { answerPreflight, openToWallets } from './cross-origin';
import { formBodyOf, protocolErrorOf } from './protocol-error';
import {
  createPresentationRequest,
  presentationResult,
  readablePresentation,
  receivePresentation,
  requestObject,
  type PresentationRow,
} from './verifier.service';

const tags = ['wallet'];

/**
 * Per address: a verifier makes a request per visitor, not thousands of rows a minute. How many is
 * WALLET_REQUESTS_PER_ADDRESS (30 by default): an office's desks behind one address share it.
 */
export const walletRequestRule = (limit: number): RateRule => ({
  name: 'wallet-request:address',
  limit,
  windowSeconds: 10 * 60,
});

/**
 * The reads of one request's outcome in a minute: its page asks every 2 s, in the browser that
 * asked and in the one a same-device wallet opened (60 a minute); twice that, whatever the number
 * of pages open behind one address.
 */
export const WALLET_RESULT_READS_PER_MINUTE = 120;
const RESULT_BUCKET = 'wallet-result:';

/** A check's page asks for its outcome every 2 s: 30 reads a minute. */
const READS_PER_PAGE_PER_MINUTE = 30;
/**
 * The reads with a key or response code one address makes in a minute, whatever the requests: 30
 * for each request it may make (WALLET_REQUESTS_PER_ADDRESS in 10 minutes, the time a request is
 * open), so that every check an office behind one address has open is polled by its page, and an
 * address cannot make its requests and read each WALLET_RESULT_READS_PER_MINUTE times (900 a
 * minute by default, not 3,600).
 */
export const walletResultReadsPerAddress = (requestsPerAddress: number) =>
  requestsPerAddress * READS_PER_PAGE_PER_MINUTE;

/**
 * The request this call may read (its key or response code), read once per call: the limits'
 * hooks and the handler share the one lookup.
 */
const readableRows = new WeakMap<FastifyRequest, Promise<PresentationRow | undefined>>();
function readableRowOf(ctx: AppContext, request: FastifyRequest): Promise<PresentationRow | undefined> {
  const known = readableRows.get(request);
  if (known) return known;
  const params = walletPresentationIdSchema.safeParse(request.params);
  const access = walletResultQuerySchema.safeParse(request.query);
  const row =
    params.success && access.success
      ? readablePresentation(ctx, params.data.id, access.data)
      : Promise.resolve(undefined);
  readableRows.set(request, row);
  return row;
}

/**
 * The bucket of a read of an outcome, for the route's limiter: a read with the request's key or
 * response code counts for that request, so the polls of fifteen desks behind one address never
 * meet one another; any other read (an unknown id, a wrong key) counts for its address, in this
 * route's own bucket (a route's limit in @fastify/rate-limit keeps its own counters, apart from
 * the global floor's), RATE_LIMIT_PER_MINUTE a minute.
 */
async function resultReadBucket(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const row = await readableRowOf(ctx, request);
  return row ? `${RESULT_BUCKET}${row.id}` : `address:${clientAddress(request)}`;
}

/**
 * The verifier (OpenID4VP 1.0, decision 088): a visitor asks for a request, the wallet fetches the
 * signed request object and posts its answer; the visitor's page reads the outcome.
 */
export const walletVerifierRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/wallet/presentations',
    {
      schema: {
        summary: 'A request for a wallet to present a recognition statement (QR code and same-device link)',
        tags,
        description: `At most ${ctx.config.walletRequestsPerAddress} per address in 10 minutes (WALLET_REQUESTS_PER_ADDRESS; 429 RATE_LIMITED).`,
        response: { 201: dataEnvelope(walletRequestSchema), ...errorsOf(429) },
      },
    },
    async (request, reply) => {
      const rule = walletRequestRule(ctx.config.walletRequestsPerAddress);
      await ctx.limiter.consume([{ rule, subject: clientAddress(request) }]);
      return reply.code(201).send({ data: await createPresentationRequest(ctx) });
    },
  );

  // Keyed reads also count per address (walletResultReadsPerAddress), apart from the route's buckets.
  const keyedReadsOfAddress = app.createRateLimit({
    keyGenerator: (request) => `wallet-result-address:${clientAddress(request)}`,
    max: walletResultReadsPerAddress(ctx.config.walletRequestsPerAddress),
    timeWindow: '1 minute',
  });
  const limitKeyedReadsPerAddress = async (request: FastifyRequest) => {
    if (!(await readableRowOf(ctx, request))) return;
    const limit = await keyedReadsOfAddress(request);
    if (!limit.isAllowed && limit.isExceeded)
      throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(limit.ttlInSeconds) } });
  };

  app.get(
    '/wallet/presentations/:id',
    {
      schema: {
        summary: 'The outcome of a wallet presentation: waiting, or valid / not valid step by step',
        tags,
        description: `Read with the \`key\` the request was made with (the browser that asked), or the \`response_code\` of the redirect the wallet was given; without either, 404. Reads with either are counted per request (${WALLET_RESULT_READS_PER_MINUTE} a minute) and per address (${walletResultReadsPerAddress(ctx.config.walletRequestsPerAddress)} a minute: 30 for each request WALLET_REQUESTS_PER_ADDRESS allows); others per address (RATE_LIMIT_PER_MINUTE a minute, counted apart from the global floor).`,
        params: walletPresentationIdSchema,
        querystring: walletResultQuerySchema,
        response: { 200: dataEnvelope(walletCheckSchema), ...errorsOf(404, 422, 429) },
      },
      // Runs before the route's limiter, which @fastify/rate-limit adds after the route's own hooks.
      onRequest: limitKeyedReadsPerAddress,
      config: {
        rateLimit: {
          keyGenerator: (request) => resultReadBucket(ctx, request),
          max: (_request, key) =>
            key.startsWith(RESULT_BUCKET) ? WALLET_RESULT_READS_PER_MINUTE : ctx.config.rateLimitPerMinute,
        },
      },
    },
    async (request, reply) => {
      const row = await readableRowOf(ctx, request);
      if (!row) throw new AppError('NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return { data: presentationResult(ctx, row) };
    },
  );

  const refuse = (error: unknown, reply: { code(status: number): { send(body: object): unknown } }) => {
    const refusal = protocolErrorOf(error, 'invalid_request');
    if (!refusal) throw error;
    return reply.code(refusal.status).send({ error: refusal.error, error_description: refusal.description });
  };

  // What the wallet calls: the request object (request_uri) and the answer (direct_post), from
  // another origin when the wallet runs in a browser (CORS).
  const walletCalls: FastifyPluginAsyncZod = async (open) => {
    openToWallets(open);
    answerPreflight(open, '/wallet/presentations/:id/request', 'GET');
    answerPreflight(open, '/wallet/presentations/:id/response', 'POST');

    open.get(
      '/wallet/presentations/:id/request',
      { schema: { hide: true, params: walletPresentationIdSchema } },
      async (request, reply) => {
        try {
          const jwt = await requestObject(ctx, request.params.id);
          return reply
            .header('content-type', 'application/oauth-authz-req+jwt')
            .header('cache-control', 'no-store')
            .send(jwt);
        } catch (error) {
          return refuse(error, reply);
        }
      },
    );

    open.post(
      '/wallet/presentations/:id/response',
      { schema: { hide: true, params: walletPresentationIdSchema } },
      async (request, reply) => {
        try {
          // OpenID4VP 1.0 §8.2: `direct_post` sends the answer as a form.
          const body = formBodyOf(
            request,
            'The answer is a form (application/x-www-form-urlencoded), as direct_post sends it',
          );
          return await receivePresentation(ctx, request.params.id, body);
        } catch (error) {
          return refuse(error, reply);
        }
      },
    );
  };
  await app.register(walletCalls);
};
