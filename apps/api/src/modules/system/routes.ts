import {
  dataEnvelope,
  errorBodySchema,
  maintenanceInputSchema,
  maintenanceStateSchema,
  noticesSchema,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { bearerSecurity as security, errorsOf } from '../../platform/http/route-schemas';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { currentNotices, getMaintenanceState, setMaintenance } from './maintenance.service';

/** Notices across the portal (closures, maintenance) and the administrators' maintenance switch. */
export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  app.get(
    '/notices',
    {
      schema: {
        summary: 'The notices the portal shows on every page: announced closures and maintenance',
        description:
          'Public. A closure is listed from its announcement day to its last day (spec §9), with its notice in every language and the day service resumes. Stays open while the administrators’ maintenance switch is on.',
        tags: ['system'],
        response: { 200: dataEnvelope(noticesSchema) },
      },
    },
    async () => ({ data: await currentNotices(ctx) }),
  );

  app.get(
    '/staff/maintenance',
    {
      onRequest: guard.ability('staff.workspace'),
      schema: {
        summary: 'The maintenance switch: whether maintenance is on, what decides it, and its latest changes',
        tags: ['system'],
        security,
        response: { 200: dataEnvelope(maintenanceStateSchema), ...errorsOf(401, 403) },
      },
    },
    async (request) => ({ data: await getMaintenanceState(ctx, actorOf(request)) }),
  );

  app.put(
    '/staff/maintenance',
    {
      onRequest: guard.ability('staff.manage'),
      schema: {
        summary: 'Switch maintenance on or off (administrators), audited and effective on the next call',
        description:
          'While on, every API call of applicants and visitors answers 503 MAINTENANCE; staff keep working. 409 MAINTENANCE_CONFIGURED while MAINTENANCE_MODE is set, which wins.',
        tags: ['system'],
        security,
        body: maintenanceInputSchema,
        response: {
          200: dataEnvelope(maintenanceStateSchema),
          ...errorsOf(401, 403, 409),
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await setMaintenance(ctx, actorOf(request), request.body.is_on) }),
  );
};
