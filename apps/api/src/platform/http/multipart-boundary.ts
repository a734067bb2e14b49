import { parse } from 'content-type';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** RFC 2046 §5.1.1: a boundary has 1 to 70 characters. Busboy throws (a 500) past 252. */
const MAX_BOUNDARY_LENGTH = 70;

/**
 * An `onRequest` hook for the routes that read multipart: a `multipart/*` body whose Content-Type
 * does not parse or whose boundary is empty or longer than the RFC allows answers 400 BAD_REQUEST
 * before the parser sees it. Other media types go on to the route's own 415.
 */
export async function refuseUnreadableBoundary(request: FastifyRequest): Promise<void> {
  const header = request.headers['content-type'];
  if (typeof header !== 'string' || !/^\s*multipart\//i.test(header)) return;
  let boundary: string | undefined;
  try {
    boundary = parse(header).parameters.boundary;
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  if (!boundary || boundary.length > MAX_BOUNDARY_LENGTH) throw new AppError('BAD_REQUEST');
}
