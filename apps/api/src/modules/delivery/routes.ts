import { dataEnvelope, deliveryOverviewSchema, deliverySchema, shippingInfoSchema } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../../platform/http/download';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { getDeliveryOverview, putShipping } from './service';
import { openWaybill } from './waybill.service';

const tags = ['delivery'];

/** Return delivery of paper originals, the applicant's side (spec §2 `/delivery`). */
export const deliveryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('delivery.order');

  app.get(
    '/delivery',
    {
      onRequest,
      schema: {
        summary:
          'The cart’s candidates, the shipment being prepared, paid shipments, the fee, any suspension',
        tags,
        security,
        response: { 200: dataEnvelope(deliveryOverviewSchema), ...errorsOf(401, 403) },
      },
    },
    async (request) => ({ data: await getDeliveryOverview(ctx, actorOf(request)) }),
  );

  app.put(
    '/delivery/shipping',
    {
      onRequest,
      schema: {
        summary: 'Submit the shipping information of the shipment being prepared (once)',
        description:
          'Once submitted it cannot be modified: a change answers 409 SHIPPING_INFO_LOCKED, and the same information sent again answers as the first time. The next shipment, after this one is paid, takes its own. 409 NOTHING_TO_SHIP when no request of the applicant is open for the return of its originals (and none is being prepared).',
        tags,
        security,
        body: shippingInfoSchema,
        response: { 200: dataEnvelope(deliverySchema), ...errorsOf(401, 403, 409, 422) },
      },
    },
    async (request) => ({ data: await putShipping(ctx, actorOf(request), request.body) }),
  );

  app.get(
    '/delivery/:id/waybill',
    {
      // A user whose render budget is spent is refused here, before any work (decision 084).
      onRequest: [onRequest, ctx.renderBudget.refuseSpent],
      schema: {
        summary: 'The waybill PDF of a paid shipment (owner only; anyone else’s answers 404)',
        tags,
        security,
        params,
        produces: ['application/pdf'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The PDF' }),
          ...errorsOf(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const file = await openWaybill(ctx, actorOf(request), request.params.id);
      return sendPrivateFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );
};
