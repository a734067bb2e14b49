import {
  dataEnvelope,
  noticeEnvelope,
  refundSchema,
  staffPracticeSchema,
  type WorkspaceNoticeKey,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { cancelDelivery } from '../payments/delivery-cancel.service';
import { markRefundGivenBackByHand, refundRequestPayment } from '../payments/refund.service';
import { authenticated, type AuthGuard } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { noticeMeta } from '../transitions/notice';
import { getStaffPractice } from './workspace.service';

/** Refunds, the staff side (decision 068): a request's payment, and a shipment's fee by cancelling it. */
export const refundRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  /** A staff refund: its change, then the updated workspace and the success message. */
  const refundChange = (
    path: string,
    change: {
      summary: string;
      description: string;
      notice: WorkspaceNoticeKey;
      run: (ctx: AppContext, actor: SessionUser, practiceId: number) => Promise<void>;
    },
  ) =>
    app.post(
      path,
      {
        onRequest: guard.ability('payments.refund'),
        schema: {
          summary: change.summary,
          description: change.description,
          tags: ['staff'],
          security,
          params,
          response: { 200: noticeEnvelope(staffPracticeSchema), ...errorsOf(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const { user } = authenticated(request);
        await change.run(ctx, user, request.params.id);
        return {
          data: await getStaffPractice(ctx, user, request.params.id),
          meta: noticeMeta(request, change.notice),
        };
      },
    );

  refundChange('/staff/practices/:id/refund', {
    summary: 'Refund the whole payment of a request closed before its evaluation started',
    description:
      'The refund is asked of the payment provider by a job, exactly once; the credit note (its own yearly sequence), the applicant’s mail in their language and the audit entry follow the provider’s confirmation, and the workspace’s `payments` show it. 403 FORBIDDEN_ACCESS without `payments.refund`; 409 TRANSITION_NOT_ALLOWED unless the request is closed; 409 REFUND_NOT_AVAILABLE when it was not paid, is already refunded, or its evaluation had started. Answers the updated workspace and, in `meta`, the success message.',
    notice: 'refundRequested',
    run: refundRequestPayment,
  });

  refundChange('/staff/practices/:id/cancel-delivery', {
    summary: 'Cancel the paid shipment that carries this request, and refund its fee',
    description:
      'Before any of its originals is delivered: the shipment becomes `cancelled`, its requests may be ordered again, and its whole fee is refunded through the payment provider (the credit note, the applicant’s mail and the audit entry follow the provider’s confirmation). 403 FORBIDDEN_ACCESS without `payments.refund`; 409 DELIVERY_NOT_AVAILABLE when the request is in no paid shipment or one of its originals is delivered; 409 REFUND_NOT_AVAILABLE when its fee is already refunded. Answers the updated workspace and, in `meta`, the success message.',
    notice: 'deliveryCancelled',
    run: cancelDelivery,
  });

  app.post(
    '/staff/refunds/:id/given-back-by-hand',
    {
      onRequest: guard.ability('payments.refund'),
      schema: {
        summary: 'Mark a refund the provider refused as given back by hand',
        description:
          'For a refund listed in the dashboard’s `refunds_failed`, once staff have given the money back in the provider’s dashboard (decision 068). The refund stays `failed` (the portal moved no money) and gets `given_back_at`; it leaves `refunds_failed`, its request’s payments show it as given back by hand, and the request’s audit trail gets a `refund_given_back_by_hand` entry by the member of staff. No credit note is issued: the accountant makes it, as for every refund made in the provider’s dashboard. A second call answers the same refund and changes nothing. 403 FORBIDDEN_ACCESS without `payments.refund`; 404 NOT_FOUND for no such refund; 409 REFUND_NOT_FAILED for a refund pending or made; 422 VALIDATION_FAILED for an id that is not a positive integer.',
        tags: ['staff'],
        security,
        params,
        response: { 200: dataEnvelope(refundSchema), ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      return { data: await markRefundGivenBackByHand(ctx, user, request.params.id) };
    },
  );
};
