import { noticeEnvelope, staffPracticeSchema } from '@lisbon/domain';
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
import { refundRequestPayment } from './refund.service';

/** Refunds, the staff side (decision 068); a shipment's fee is refunded by cancelling it (delivery). */
export const refundRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  app.post(
    '/staff/practices/:id/refund',
    {
      onRequest: guard.ability('payments.refund'),
      schema: {
        summary: 'Refund the whole payment of a request closed before its evaluation started',
        description:
          'The refund is asked of the payment provider by a job, exactly once; the credit note (its own yearly sequence), the applicant’s mail in their language and the audit entry follow the provider’s confirmation, and the workspace’s `payments` show it. 403 FORBIDDEN_ACCESS without `payments.refund`; 409 TRANSITION_NOT_ALLOWED unless the request is closed; 409 REFUND_NOT_AVAILABLE when it was not paid, is already refunded, or its evaluation had started. Answers the updated workspace and, in `meta`, the success message.',
        tags: ['staff'],
        security,
        params,
        response: { 200: noticeEnvelope(staffPracticeSchema), ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      await refundRequestPayment(ctx, user, request.params.id);
      return {
        data: await getStaffPractice(ctx, user, request.params.id),
        meta: noticeMeta(request, 'refundRequested'),
      };
    },
  );
};
