import { isStaffAbility, type Ability } from '@lisbon/domain';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { bearerTokenHashOf } from '../../platform/http/bearer';
import { clientAddress } from '../../platform/http/client-address';
import type { RateRule } from '../../platform/rate-limit/limiter';
import { resolveSession, type RequestSession, type SessionUser } from './service';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The user of the request's session, set by the guard's hooks; null on public routes. */
    user: SessionUser | null;
    session: RequestSession | null;
  }
}

type Access = {
  /** The sessions of a 2FA account that has not passed the second factor yet get only these calls. */
  isSecondFactorStep?: boolean;
  /** Logout also ends an expired session. */
  isExpiredAllowed?: boolean;
  ability?: Ability;
};

/** Calls whose bearer token names no session, per address (decision 050). */
export const UNKNOWN_TOKEN_RULE: RateRule = { name: 'token:unknown-session', limit: 120, windowSeconds: 60 };

export type AuthGuard = {
  /** Any logged-in user whose session has passed the second factor (when the account has one). */
  user: onRequestAsyncHookHandler;
  /** The calls a session still waiting for its second factor may make: `POST/GET /auth/2fa`. */
  secondFactorStep: onRequestAsyncHookHandler;
  /** `POST /auth/logout`: any session the token names, even expired or waiting for the second factor. */
  logout: onRequestAsyncHookHandler;
  /** The user must hold the ability (spec §6); staff abilities also need two factors on. */
  ability(ability: Ability): onRequestAsyncHookHandler;
};

export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
}

/**
 * The route guards of every module, run as onRequest hooks so nothing is read before the caller
 * is known: `{ onRequest: guard.user }` or `{ onRequest: guard.ability('staff.assign') }`.
 * 401 UNAUTHORIZED_ACCESS: no token, unknown or revoked token, or a session still waiting for its
 * second factor. 401 TOKEN_EXPIRED: an expired session. 403 FORBIDDEN_ACCESS: an ability missing
 * (ADMIN_FORBIDDEN_ACCESS for `staff.manage`); 403 TWO_FACTOR_REQUIRED: staff without 2FA.
 */
export function createAuthGuard(ctx: AppContext): AuthGuard {
  /**
   * The global limit counts calls with a session token per account (security.ts), so a token that names
   * no session is counted here against the address: random tokens buy no extra calls.
   */
  async function resolveCountingUnknown(request: FastifyRequest, tokenHash: string) {
    try {
      return await resolveSession(ctx, tokenHash);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED_ACCESS') {
        await ctx.limiter.consume([{ rule: UNKNOWN_TOKEN_RULE, subject: clientAddress(request) }]);
      }
      throw error;
    }
  }

  const guard = (access: Access): onRequestAsyncHookHandler =>
    async function authenticate(request: FastifyRequest) {
      const tokenHash = bearerTokenHashOf(request);
      if (!tokenHash) throw new AppError('UNAUTHORIZED_ACCESS');
      const { user, session } = await resolveCountingUnknown(request, tokenHash);
      if (session.isExpired && !access.isExpiredAllowed) throw new AppError('TOKEN_EXPIRED');
      if (session.isSecondFactorPending && !access.isSecondFactorStep)
        throw new AppError('UNAUTHORIZED_ACCESS');
      if (access.ability && !user.abilities[access.ability]) {
        throw new AppError(access.ability === 'staff.manage' ? 'ADMIN_FORBIDDEN_ACCESS' : 'FORBIDDEN_ACCESS');
      }
      // The staff area needs two factors: a staff ability is refused until 2FA is on.
      if (access.ability && isStaffAbility(access.ability) && !user.isTwoFactorEnabled) {
        throw new AppError('TWO_FACTOR_REQUIRED');
      }
      request.user = user;
      request.session = session;
    };

  return {
    user: guard({}),
    secondFactorStep: guard({ isSecondFactorStep: true }),
    logout: guard({ isSecondFactorStep: true, isExpiredAllowed: true }),
    ability: (ability) => guard({ ability }),
  };
}

/** The user and session the guard put on the request; a route without a guard has none. */
export function authenticated(request: FastifyRequest): { user: SessionUser; session: RequestSession } {
  if (!request.user || !request.session) throw new AppError('UNAUTHORIZED_ACCESS');
  return { user: request.user, session: request.session };
}

/** Spec §6 and DESIGN.md: a user's own record only; anyone else's is "not found", never data. */
/** The user a guarded route acts for: what every route passes to its service. */
export const actorOf = (request: FastifyRequest): SessionUser => authenticated(request).user;

export function requireOwnUser(actor: SessionUser, userId: number): void {
  if (actor.id !== userId) throw new AppError('NOT_FOUND');
}

/** The staff workspace's check, made again by each of its services on their first line behind the route's guard. */
export function requireStaff(actor: SessionUser): void {
  if (!actor.abilities['staff.workspace']) throw new AppError('FORBIDDEN_ACCESS');
}
