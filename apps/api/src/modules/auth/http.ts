import { type Locale, negotiateLocale, NOTICE_MESSAGES, type NoticeKey } from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { AuthGuard } from '../sessions/guard';
import type { RequestMeta } from './service';

export type AuthRoutesOptions = { ctx: AppContext; guard: AuthGuard };

export const requestLocale = (request: FastifyRequest): Locale =>
  negotiateLocale(request.headers['accept-language']);

/** The client address (behind a trusted proxy, from X-Forwarded-For): the "per address" of rate limits. */
export const metaOf = (request: FastifyRequest): RequestMeta => ({ address: request.ip, log: request.log });

/** `{ data: { message } }` in the caller's language. */
export const notice = (request: FastifyRequest, key: NoticeKey) => ({
  data: { message: NOTICE_MESSAGES[requestLocale(request)][key] },
});
