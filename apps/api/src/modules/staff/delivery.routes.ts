import { noticeEnvelope, staffPracticeSchema } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { sendPrivateFile } from '../../platform/http/download';
import { openToDelivery, setDelivered } from '../delivery/staff.service';
import { openStaffWaybill } from '../delivery/waybill.service';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { noticeMeta } from '../transitions/notice';
import { getStaffPractice } from './workspace.service';

const tags = ['staff'];
const DESCRIPTION =
  'Answers the updated workspace and, in `meta`, the success message. 403 FORBIDDEN_ACCESS without `staff.delivery`; 409 TRANSITION_NOT_ALLOWED in a status where it is not possible; 409 DELIVERY_NOT_AVAILABLE when already done (or, to set delivered, before the shipment is paid). Written to the audit trail; the status does not change.';

/**
 * Return delivery, the staff side: 'open to delivery' and 'set as delivered' (spec §4 success
 * messages), through the delivery module. Cancelling a paid shipment with its fee refunded is in
 * `refund.routes.ts`, through the payments module (decision 068).
 */
export const deliveryStaffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('staff.workspace');
  const schema = (summary: string) => ({
    summary,
    description: DESCRIPTION,
    tags,
    security,
    params,
    response: { 200: noticeEnvelope(staffPracticeSchema), ...errorsOf(401, 403, 404, 409, 422) },
  });

  app.post(
    '/staff/practices/:id/open-to-delivery',
    { onRequest, schema: schema('Open a request to return delivery: the body holds its originals') },
    async (request) => {
      await openToDelivery(ctx, actorOf(request), request.params.id);
      return {
        data: await getStaffPractice(ctx, actorOf(request), request.params.id),
        meta: noticeMeta(request, 'openToDelivery'),
      };
    },
  );

  app.post(
    '/staff/practices/:id/delivered',
    {
      onRequest,
      schema: schema('Set a request’s originals as delivered (records `delivered_at`, mails the applicant)'),
    },
    async (request) => {
      await setDelivered(ctx, actorOf(request), request.params.id);
      return {
        data: await getStaffPractice(ctx, actorOf(request), request.params.id),
        meta: noticeMeta(request, 'setAsDelivered'),
      };
    },
  );

  app.get(
    '/staff/practices/:id/waybill',
    {
      // Who sends the originals back; a render budget spent is refused before any work (decision 084).
      onRequest: [guard.ability('staff.delivery'), ctx.renderBudget.refuseSpent],
      schema: {
        summary: 'The waybill PDF of the paid shipment carrying this request, for whoever sends it',
        description:
          '403 FORBIDDEN_ACCESS without `staff.delivery`; 404 when the request is in no paid (or delivered) shipment.',
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
      const file = await openStaffWaybill(ctx, actorOf(request), request.params.id);
      return sendPrivateFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );
};
