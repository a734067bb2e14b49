import { API_PREFIX } from '@lisbon/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { isApiPath, isHealthPath } from '../../platform/http/paths';
import { bearerTokenHashOf } from '../../platform/http/bearer';
import { resolveSession } from '../sessions/service';
import { currentMaintenance } from './maintenance.service';

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

const routeOf = (request: FastifyRequest) =>
  `${request.method} ${(request.url.split('?', 1)[0] ?? '').replace(/\/+$/, '')}`;

async function isStaffCaller(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const tokenHash = bearerTokenHashOf(request);
  if (!tokenHash) return false;
  try {
    const { user, session } = await resolveSession(ctx, tokenHash);
    return !session.isExpired && user.abilities['staff.workspace'];
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
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || isHealthPath(request.url)) return;
    if (ctx.config.isMaintenanceMode) throw new AppError('MAINTENANCE');
    const maintenance = await currentMaintenance(ctx);
    if (!maintenance.isOn) return;
    if (OPEN_DURING_SWITCH.has(routeOf(request))) return;
    if (await isStaffCaller(ctx, request)) return;
    throw new AppError('MAINTENANCE');
  });
}
