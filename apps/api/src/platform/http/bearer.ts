import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../crypto';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** `bearerTokenHashOf`'s answer once worked out: null when the request carries no token. */
    bearerTokenHash: string | null | undefined;
  }
}

// RFC 9110 §11.1: the scheme is case-insensitive, one or more spaces before the credentials.
const BEARER = /^bearer +(.+)$/i;
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The credentials of an `Authorization: Bearer …` header (a session's, the wallet's, the metrics'). */
export const bearerCredentialsOf = (header: string | undefined): string | undefined =>
  BEARER.exec(header ?? '')?.[1];

/** The session token a request carries in `Authorization: Bearer …`, if well formed. */
export const bearerTokenOf = (request: FastifyRequest): string | undefined => {
  const token = bearerCredentialsOf(request.headers.authorization);
  return token && SESSION_TOKEN.test(token) ? token : undefined;
};

/** Gives every request the slot `bearerTokenHashOf` fills (a decoration keeps requests one shape). */
export function registerBearerTokenHash(app: FastifyInstance): void {
  app.decorateRequest('bearerTokenHash', undefined);
}

/**
 * The SHA-256 of the request's session token (what the database keeps), worked out once per
 * request: the rate limit, the maintenance gate and the guard all ask for it.
 */
export function bearerTokenHashOf(request: FastifyRequest): string | undefined {
  if (request.bearerTokenHash === undefined) {
    const token = bearerTokenOf(request);
    request.bearerTokenHash = token === undefined ? null : sha256(token);
  }
  return request.bearerTokenHash ?? undefined;
}
