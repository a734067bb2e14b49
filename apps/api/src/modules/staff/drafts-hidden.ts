import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { findSubmittedPractice } from '../practices/service';

/** The staff routes of one request, whatever the module that serves them. */
const ONE_REQUEST_ROUTE = /\/staff\/practices\/:id(\/|$)/;

/**
 * A draft is the applicant's alone: every staff route of one request (`/staff/practices/{id}…`,
 * publication, notes, refunds, delivery…) answers 404 NOT_FOUND for it exactly as for an id that
 * does not exist, so staff cannot tell one from the other (decision 084). Runs after the guard
 * (so a caller without the staff ability still hears 401/403) and after the id is validated.
 */
export function hideDraftsFromStaff(api: FastifyInstance, ctx: AppContext): void {
  api.addHook('preHandler', async (request) => {
    if (!ONE_REQUEST_ROUTE.test(request.routeOptions.url ?? '')) return;
    const { id } = request.params as { id: unknown };
    if (typeof id === 'number') await findSubmittedPractice(ctx, id);
  });
}
