import { parse } from 'content-type';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../errors';

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

/**
 * A multipart field named like a property every object has (`__proto__`, `constructor`,
 * `toString`…) or `prototype`: never written into the fields, it answers 422 on `body`. The
 * parser refuses the first kind before the field's name reaches us (FST_PROTO_VIOLATION), so the
 * field map names the body, the same for every such name.
 */
export const isReservedFieldName = (name: string): boolean =>
  name === 'prototype' || name in Object.prototype;

export const reservedFieldName = (): AppError => fieldError('body', 'fieldNameReserved');

/** A `preValidation` hook for routes whose multipart fields become the body (`attachFieldsToBody`). */
export async function refuseReservedFieldNames(request: FastifyRequest): Promise<void> {
  const { body } = request;
  if (body !== null && typeof body === 'object' && Object.keys(body).some(isReservedFieldName)) {
    throw reservedFieldName();
  }
}
