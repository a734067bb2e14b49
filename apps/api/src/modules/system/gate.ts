import { API_PREFIX } from '@lisbon/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { isApiRequest, isHealthRequest, pathOf, withoutTrailingSlashes } from '../../platform/http/paths';
import { bearerTokenHashOf } from '../../platform/http/bearer';
import { resolveSession } from '../sessions/service';
import { currentMaintenance, knownMaintenance } from './maintenance.service';

/**
 * What anyone may still call while the administrators' switch is on: enough for staff to log in,
 * and the payment provider's signed confirmations, so payments already taken still settle.
 */
const OPEN_DURING_SWITCH = new Set([
  `POST ${API_PREFIX}/payments/webhook`,
  `POST ${API_PREFIX}/auth`,
  `GET ${API_PREFIX}/auth/2fa`,
  `POST ${API_PREFIX}/auth/2fa`,
  `POST ${API_PREFIX}/auth/logout`,
  `GET ${API_PREFIX}/notices`,
]);

/**
 * The route a call is served by, as the other checks read it: its pattern (`/ap%69/v1/auth` and
 * `http://host/api/v1/auth` are the login the router serves), else its path as the router reads it.
 */
const routeOf = (request: FastifyRequest) =>
  `${request.method} ${withoutTrailingSlashes(request.routeOptions.url ?? pathOf(request.url))}`;

/**
 * A live session of staff past its second factor: the password alone opens a session limited to
 * that step, which is no more staff than a visitor is (it went through to every public route).
 */
async function isStaffCaller(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const tokenHash = bearerTokenHashOf(request);
  if (!tokenHash) return false;
  try {
    const { user, session } = await resolveSession(ctx, tokenHash);
    return !session.isExpired && !session.isSecondFactorPending && user.abilities['staff.workspace'];
  } catch {
    return false;
  }
}

/**
 * The maintenance gate in front of every API call but health. MAINTENANCE_MODE=true stops
 * everything; the administrators' switch stops applicants and visitors only, so staff can log in
 * and keep working (and switch it off again).
 */
export function registerMaintenanceGate(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.maintenanceModeSetting === false) return;
  const isLetThrough = async (request: FastifyRequest): Promise<boolean> => {
    if (ctx.config.isMaintenanceMode) return false;
    const maintenance = await currentMaintenance(ctx);
    return !maintenance.isOn || OPEN_DURING_SWITCH.has(routeOf(request)) || isStaffCaller(ctx, request);
  };
  // A hook that calls `done`, not an async one: the pages, health and, while maintenance is known
  // to be off, every call pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiRequest(request) || isHealthRequest(request)) return done();
    if (knownMaintenance(ctx)?.isOn === false) return done();
    isLetThrough(request).then(
      (isThrough) => done(isThrough ? undefined : new AppError('MAINTENANCE')),
      (error: unknown) => done(error instanceof Error ? error : new AppError('api_error')),
    );
  });
}
