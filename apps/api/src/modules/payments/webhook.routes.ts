import { dataEnvelope } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { isJsonTooDeep } from '../../platform/http/json-depth';
import { errorsOf } from '../../platform/http/route-schemas';
import { receiveWebhook } from './webhook.service';

const acknowledgementSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/**
 * The provider's webhook, in a plugin of its own: JSON bodies stay raw bytes here, since the
 * signature covers exactly the bytes sent. They are measured all the same (`json-depth.ts`): a
 * Nexi notification is authenticated by a token inside it, so it is parsed before anything proves
 * who sent it, on a route without a per-address limit; 64 kB of `[` (32,000 nested arrays) took
 * some 10 ms of the one thread every call shares to parse, 70 times a flat body's cost.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      if (isJsonTooDeep(body.toString('utf8'))) done(new AppError('JSON_TOO_DEEP'), undefined);
      else done(null, body);
    },
  );

  app.post(
    '/payments/webhook',
    {
      // A gateway calls from a handful of addresses, in bursts at opening time: no per-address limit.
      config: { rateLimit: false },
      schema: {
        summary: 'Payment provider webhook (signed; called by the provider, not by the SPA)',
        description:
          'The address to register with the provider (docs/payments.md). Its authenticity is checked over the raw body — sandbox: `x-sandbox-signature: t=…,v1=…`, HMAC-SHA256 of `t.body` with the webhook secret; Stripe: `Stripe-Signature`, checked by the `stripe` library with the endpoint’s signing secret; Nexi: the notification’s `securityToken`, which must be its order’s — 400 INVALID_SIGNATURE otherwise. An event takes effect only when the provider’s own state of the session agrees. Each event is processed exactly once; a redelivery answers 200 with `duplicate: true` and changes nothing.',
        tags: ['payments'],
        response: { 200: dataEnvelope(acknowledgementSchema), ...errorsOf(400, 415, 422) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await receiveWebhook(ctx, body, request.headers);
      if (outcome.warning) request.log.warn({ warning: outcome.warning }, 'payment webhook');
      return { data: { received: true as const, duplicate: outcome.isDuplicate } };
    },
  );
};
