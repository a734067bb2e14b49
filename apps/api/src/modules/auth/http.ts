import { type Locale, negotiateLocale, NOTICE_MESSAGES, type NoticeKey } from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { clientAddress } from '../../platform/http/client-address';
import type { AuthGuard } from '../sessions/guard';
import type { RequestMeta } from './service';

export type AuthRoutesOptions = { ctx: AppContext; guard: AuthGuard };

export const requestLocale = (request: FastifyRequest): Locale =>
  negotiateLocale(request.headers['accept-language']);

/**
 * The client address as limits key it (behind a trusted proxy, from X-Forwarded-For; an IPv6
 * address's /64): the "per address" of rate limits and of addresses known to an account.
 */
export const metaOf = (request: FastifyRequest): RequestMeta => ({
  address: clientAddress(request),
  log: request.log,
});

/** `metaOf`, with the language the browser asks for: what a registration and a login's steps take. */
export const metaWithLocaleOf = (request: FastifyRequest): RequestMeta & { locale: Locale } => ({
  ...metaOf(request),
  locale: requestLocale(request),
});

/** `{ data: { message } }` in the caller's language. */
export const notice = (request: FastifyRequest, key: NoticeKey) => ({
  data: { message: NOTICE_MESSAGES[requestLocale(request)][key] },
});
