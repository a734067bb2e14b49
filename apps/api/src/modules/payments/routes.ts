import {
  billingInfoSchema,
  billingInfoViewSchema,
  checkoutRequestSchema,
  checkoutSessionSchema,
  dataEnvelope,
  deliveryCheckoutRequestSchema,
  type Locale,
  negotiateLocale,
  paymentSchema,
} from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { getBilling, putBilling } from './billing.service';
import { startCheckout } from './checkout.service';
import { checkoutDelivery } from './delivery-checkout.service';
import { getPaymentStatus } from './settlement.service';

const tags = ['payments'];

/**
 * The language of the provider's page and of what it names (the request, the shipment): the one the
 * payer's page of the portal speaks. The web app asks in it (`Accept-Language`) and keeps it in the
 * cookie the sandbox's page reads, so the page and its description agree even when the account's
 * language is another; a call that names no language, the account's.
 */
const checkoutLocale = (request: FastifyRequest): Locale => {
  const asked = request.headers['accept-language'];
  return asked ? negotiateLocale(asked) : actorOf(request).locale;
};

/** Paying for a request or a return-delivery shipment: billing information, the hosted checkouts, the payment's status. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  app.get(
    '/users/:id/billing',
    {
      onRequest: guard.user,
      schema: {
        summary: 'The billing information last given (null when none); the user’s own only',
        tags: ['users'],
        security,
        params,
        response: { 200: dataEnvelope(billingInfoViewSchema.nullable()), ...errorsOf(401, 404, 422) },
      },
    },
    async (request) => ({ data: await getBilling(ctx, actorOf(request), request.params.id) }),
  );

  app.put(
    '/users/:id/billing',
    {
      onRequest: guard.user,
      schema: {
        summary: 'Keep billing information (individual or legal entity, spec §3) on the server',
        tags: ['users'],
        security,
        params,
        body: billingInfoSchema,
        response: { 200: dataEnvelope(billingInfoViewSchema), ...errorsOf(401, 404, 422) },
      },
    },
    async (request) => ({ data: await putBilling(ctx, actorOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/practices/:id/checkout',
    {
      onRequest: guard.ability('practice.apply'),
      schema: {
        summary: 'Pay for a complete draft at the review step: a hosted checkout session',
        description:
          'Send the browser to `checkout_url`; the provider sends it back to the portal with `?payment=<id>`, and `GET /payments/{id}` tells the outcome. The request is submitted when the provider confirms the payment (signed webhook, or asking the provider). One open payment per request: an open session is reused. Free (refugee) requests: 409 PAYMENT_NOT_REQUIRED (use submit). A draft for the operator’s own country of education system, started before it stopped being offered (decision 113): 422 on `country`, the draft kept. Past the daily contingency limit: 429 CONTINGENCY_LIMIT before paying. Provider under load: 429 PROVIDER_BUSY with Retry-After — nothing charged, the draft and billing information kept.',
        tags,
        security,
        params,
        body: checkoutRequestSchema,
        response: { 200: dataEnvelope(checkoutSessionSchema), ...errorsOf(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => ({
      data: await startCheckout(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.billing,
        checkoutLocale(request),
      ),
    }),
  );

  app.get(
    '/payments/:id',
    {
      onRequest: guard.user,
      schema: {
        summary: 'A payment’s status, for the page the provider sends the payer back to',
        description:
          'A payment still pending is first checked with the provider and settled when its session is over, so the answer does not wait for the webhook. The payer’s own payments only (404 otherwise).',
        tags,
        security,
        params,
        response: { 200: dataEnvelope(paymentSchema), ...errorsOf(401, 404, 422) },
      },
    },
    async (request) => ({ data: await getPaymentStatus(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/delivery/checkout',
    {
      onRequest: guard.ability('delivery.order'),
      schema: {
        summary: 'Pay the cart: a hosted checkout for the return-delivery fee (30.00 € per shipment)',
        description:
          '404 for a request that is not the applicant’s; 409 DELIVERY_NOT_AVAILABLE for one not open to delivery; 409 DELIVERY_ALREADY_PAID for one already in a paid shipment, or a cart changed once its shipment is paid (what was paid for stays); 409 SHIPPING_INFO_REQUIRED before the shipping information; 409 DELIVERY_SUSPENDED during a suspension window (spec §9); 429 PROVIDER_BUSY. Settled by the provider’s webhook, exactly once, with an invoice and a receipt.',
        tags: ['delivery'],
        security,
        body: deliveryCheckoutRequestSchema,
        response: { 200: dataEnvelope(checkoutSessionSchema), ...errorsOf(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => ({
      data: await checkoutDelivery(ctx, actorOf(request), request.body, checkoutLocale(request)),
    }),
  );
};
