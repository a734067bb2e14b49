import { noticeEnvelope, staffPracticeSchema } from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { authenticated, type AuthGuard } from '../sessions/guard';
import { getStaffPractice } from '../staff/workspace.service';
import { noticeMeta } from '../transitions/notice';
import { cancelDelivery } from './cancel.service';
import { openToDelivery, setDelivered } from './staff.service';

const tags = ['staff'];
const DESCRIPTION =
  'Answers the updated workspace and, in `meta`, the success message. 403 FORBIDDEN_ACCESS without `staff.delivery`; 409 TRANSITION_NOT_ALLOWED in a status where it is not possible; 409 DELIVERY_NOT_AVAILABLE when already done (or, to set delivered, before the shipment is paid). Written to the audit trail; the status does not change.';

/**
 * Return delivery, the staff side: 'open to delivery' and 'set as delivered' (spec §4 success
 * messages), and cancelling a paid shipment with its fee refunded (decision 068).
 */
export const deliveryStaffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('staff.workspace');
  const actor = (request: FastifyRequest) => authenticated(request).user;
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
      await openToDelivery(ctx, actor(request), request.params.id);
      return {
        data: await getStaffPractice(ctx, actor(request), request.params.id),
        meta: noticeMeta(request, 'openToDelivery'),
      };
    },
  );

  app.post(
    '/staff/practices/:id/cancel-delivery',
    {
      onRequest: guard.ability('payments.refund'),
      schema: {
        ...schema('Cancel the paid shipment that carries this request, and refund its fee'),
        description:
          'Before any of its originals is delivered: the shipment becomes `cancelled`, its requests may be ordered again, and its whole fee is refunded through the payment provider (the credit note, the applicant’s mail and the audit entry follow the provider’s confirmation). 403 FORBIDDEN_ACCESS without `payments.refund`; 409 DELIVERY_NOT_AVAILABLE when the request is in no paid shipment or one of its originals is delivered; 409 REFUND_NOT_AVAILABLE when its fee is already refunded. Answers the updated workspace and, in `meta`, the success message.',
      },
    },
    async (request) => {
      await cancelDelivery(ctx, actor(request), request.params.id);
      return {
        data: await getStaffPractice(ctx, actor(request), request.params.id),
        meta: noticeMeta(request, 'deliveryCancelled'),
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
      await setDelivered(ctx, actor(request), request.params.id);
      return {
        data: await getStaffPractice(ctx, actor(request), request.params.id),
        meta: noticeMeta(request, 'setAsDelivered'),
      };
    },
  );
};
