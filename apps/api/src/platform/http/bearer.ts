import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;

/** The session token a request carries in `Authorization: Bearer …`, if well formed. */
export const bearerTokenOf = (request: FastifyRequest): string | undefined =>
  BEARER.exec(request.headers.authorization ?? '')?.[1];
