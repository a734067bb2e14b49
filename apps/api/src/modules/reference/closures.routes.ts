import {
  closureInputSchema,
  closureNoticeSchema,
  dataEnvelope,
  errorBodySchema,
  listEnvelope,
  returnDeliverySuspensionInputSchema,
  returnDeliverySuspensionSchema,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { actorOf, type AuthGuard } from '../sessions/guard';
import {
  createClosure,
  createReturnDeliverySuspension,
  deleteCalendarPeriod,
  listClosures,
  listReturnDeliverySuspensions,
} from './closures.service';

const tags = ['reference'];
const NO_OVERLAP = 'It may not overlap another period of its kind (422 on `starts_on`).';
const BEFORE_FIRST_DAY =
  'Administrators only, before its first day (Europe/Rome): 409 PERIOD_ALREADY_STARTED once it has begun.';

const allOf = <T>(items: T[]) => ({
  data: items,
  meta: { page: 1, perPage: Math.max(items.length, 1), total: items.length },
});

/**
 * The body's calendar for the staff: closure periods and return-delivery suspension windows,
 * every one listed, announced, added and taken back (before they begin) by administrators.
 */
export const closuresRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  app.get(
    '/staff/closures',
    {
      onRequest: guard.ability('staff.workspace'),
      schema: {
        summary: 'Every closure period of the body, past ones included, with its notice',
        tags,
        security,
        response: { 200: listEnvelope(closureNoticeSchema), ...errorsOf(401, 403) },
      },
    },
    async (request) => allOf(await listClosures(ctx, actorOf(request))),
  );

  app.post(
    '/staff/closures',
    {
      onRequest: guard.ability('staff.manage'),
      schema: {
        summary: 'Announce a closure period (administrators): its notice shows from `announce_from`',
        description: `Working-day deadlines skip the closure from now on. ${NO_OVERLAP}`,
        tags,
        security,
        body: closureInputSchema,
        response: { 201: dataEnvelope(closureNoticeSchema), ...errorsOf(401, 403), 422: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createClosure(ctx, actorOf(request), request.body) }),
  );

  app.delete(
    '/staff/closures/:id',
    {
      onRequest: guard.ability('staff.manage'),
      schema: {
        summary: 'Take back a closure period that has not begun',
        description: BEFORE_FIRST_DAY,
        tags,
        security,
        params,
        response: { 204: z.null().describe('Closure deleted'), ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteCalendarPeriod(ctx, actorOf(request), { kind: 'closure', id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff/return-delivery-suspensions',
    {
      onRequest: guard.ability('staff.workspace'),
      schema: {
        summary: 'Every return-delivery suspension window, past ones included',
        tags,
        security,
        response: { 200: listEnvelope(returnDeliverySuspensionSchema), ...errorsOf(401, 403) },
      },
    },
    async (request) => allOf(await listReturnDeliverySuspensions(ctx, actorOf(request))),
  );

  app.post(
    '/staff/return-delivery-suspensions',
    {
      onRequest: guard.ability('staff.manage'),
      schema: {
        summary: 'Suspend return delivery for a window of days (administrators)',
        description: `Carts cannot be paid while a checkout could be open inside the window. ${NO_OVERLAP}`,
        tags,
        security,
        body: returnDeliverySuspensionInputSchema,
        response: {
          201: dataEnvelope(returnDeliverySuspensionSchema),
          ...errorsOf(401, 403),
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await createReturnDeliverySuspension(ctx, actorOf(request), request.body) }),
  );

  app.delete(
    '/staff/return-delivery-suspensions/:id',
    {
      onRequest: guard.ability('staff.manage'),
      schema: {
        summary: 'Take back a return-delivery suspension window that has not begun',
        description: BEFORE_FIRST_DAY,
        tags,
        security,
        params,
        response: { 204: z.null().describe('Window deleted'), ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteCalendarPeriod(ctx, actorOf(request), {
        kind: 'return_delivery_suspension',
        id: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};
